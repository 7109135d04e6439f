/*
 * This file contains the kernel's spinlock: a test-and-test-and-set word,
 * always taken with interrupts off on the taking CPU (an interrupt handler
 * on the CPU that holds the lock would spin for ever), as the kernel's
 * spin_lock_irqsave.  NMI handlers take none.
 */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include "kernel.h"
#include "io.h"

typedef struct {
	int locked;
} spinlock_t;
#define SPINLOCK_INIT { 0 }

static inline unsigned long spin_lock_irqsave(spinlock_t *l)
{
	unsigned long f = local_irq_save();

	while (__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(&l->locked, __ATOMIC_RELAXED))
			cpu_relax();
	return f;
}

static inline void spin_unlock_irqrestore(spinlock_t *l, unsigned long f)
{
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
	local_irq_restore(f);
}

#endif
