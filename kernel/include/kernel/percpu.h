/*
 * This file contains the kernel's per-CPU allocator (mm/percpu.c), with
 * Linux's interface: alloc_percpu() hands out one object per CPU, CPU n's
 * copy at per_cpu_ptr(p, n), zeroed; free_percpu() takes all of them
 * back.  Under KASAN each copy has a red zone after it and a freed object
 * is poisoned in every copy and quarantined, with its allocation and free
 * stacks (src/kasan/percpu.c), which Linux's KASAN does not do.
 */
#ifndef KERNEL_PERCPU_H
#define KERNEL_PERCPU_H

#include "kernel.h"
#include "cpu.h"

#define __percpu
#define PCPU_UNIT_SIZE (64ul * 1024)	/* one CPU's share of the area */

void __percpu *__alloc_percpu(size_t size, size_t align);
#define alloc_percpu(type) ((type __percpu *)__alloc_percpu(sizeof(type), __alignof__(type)))
void free_percpu(void __percpu *p);
#define per_cpu_ptr(p, cpu) ((__typeof__(p))((uintptr_t)(p) + (uintptr_t)(cpu) * PCPU_UNIT_SIZE))
#define this_cpu_ptr(p) per_cpu_ptr(p, this_cpu()->id)
/* How many copies each object has (the CPUs up at the first allocation). */
int percpu_nr_units(void);

#endif
