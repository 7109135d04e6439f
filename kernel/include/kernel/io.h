/*
 * This file contains x86 port I/O, control registers and the few privileged
 * instructions the kernel uses, as inline functions.
 */
#ifndef KERNEL_IO_H
#define KERNEL_IO_H

#include <stdint.h>

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}
static inline uint8_t inb(uint16_t port)
{
	uint8_t v;

	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}
static inline void outl(uint16_t port, uint32_t v)
{
	__asm__ volatile("outl %0, %1" : : "a"(v), "Nd"(port));
}
static inline uint64_t read_cr2(void)
{
	uint64_t v;

	__asm__ volatile("mov %%cr2, %0" : "=r"(v));
	return v;
}
static inline uint64_t read_cr3(void)
{
	uint64_t v;

	__asm__ volatile("mov %%cr3, %0" : "=r"(v));
	return v;
}
static inline void write_cr3(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr3" : : "r"(v) : "memory");
}
static inline uint64_t read_cr0(void)
{
	uint64_t v;

	__asm__ volatile("mov %%cr0, %0" : "=r"(v));
	return v;
}
static inline void write_cr0(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr0" : : "r"(v) : "memory");
}
static inline uint64_t read_cr4(void)
{
	uint64_t v;

	__asm__ volatile("mov %%cr4, %0" : "=r"(v));
	return v;
}
static inline void write_cr4(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr4" : : "r"(v) : "memory");
}
static inline void invlpg(uintptr_t va)
{
	__asm__ volatile("invlpg (%0)" : : "r"(va) : "memory");
}
static inline void wrmsr(uint32_t msr, uint64_t v)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)v), "d"((uint32_t)(v >> 32)));
}
static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}
static inline void cpu_relax(void)
{
	__asm__ volatile("pause");
}

/* Interrupt flag: save-and-disable, restore. */
static inline unsigned long local_irq_save(void)
{
	unsigned long f;

	__asm__ volatile("pushfq; popq %0; cli" : "=r"(f) : : "memory");
	return f;
}
static inline void local_irq_restore(unsigned long f)
{
	if (f & 0x200)
		__asm__ volatile("sti" : : : "memory");
}
static inline void local_irq_enable(void)
{
	__asm__ volatile("sti" : : : "memory");
}
static inline void local_irq_disable(void)
{
	__asm__ volatile("cli" : : : "memory");
}
static inline int irqs_disabled(void)
{
	unsigned long f;

	__asm__ volatile("pushfq; popq %0" : "=r"(f));
	return !(f & 0x200);
}

#endif
