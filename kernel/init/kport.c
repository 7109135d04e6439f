/*
 * This file contains the kernel's side of the ksan port's binding
 * (src/port/baremetal/baremetal.h): each service the port asks for, in
 * terms of this kernel's page allocator, page tables, tasks, kallsyms,
 * console and clock.  Another kernel taking the port rewrites this file.
 *
 * Never instrumented: ksan's runtime calls it.
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/io.h"
#include "kernel/kallsyms.h"
#include "kernel/mm.h"
#include "kernel/task.h"
#include "ksan/port.h"
#include "baremetal.h"

_Static_assert(KSAN_PROT_READ == PROT_READ && KSAN_PROT_WRITE == PROT_WRITE &&
	       KSAN_PROT_NONE == PROT_NONE, "one set of protection bits");

void *kport_alloc_pages(size_t n)
{
	return alloc_pages(n);
}

void kport_free_pages(void *p, size_t n)
{
	free_pages(p, n);
}

int kport_protect(uintptr_t va, size_t size, int prot)
{
	return paging_protect(va, size, prot);
}

int kport_map_zero(uintptr_t va, size_t size)
{
	return paging_map_zero(va, size);
}

int kport_populate(uintptr_t va, size_t size)
{
	return paging_populate(va, size);
}

void kport_discard(uintptr_t va, size_t size)
{
	paging_discard(va, size);
}

void kport_image(uintptr_t *lo, uintptr_t *hi)
{
	extern char _kernel_start[], _kernel_end[];

	*lo = (uintptr_t)_kernel_start;
	*hi = (uintptr_t)_kernel_end;
}

unsigned long kport_irq_save(void)
{
	return local_irq_save();
}

void kport_irq_restore(unsigned long flags)
{
	local_irq_restore(flags);
}

static void fill(const struct task *t, struct kport_task *k)
{
	k->id = t->pid;
	k->parent = t->parent ? t->parent->pid : 0;
	k->name = t->comm;
	k->stack_lo = t->stack_lo;
	k->stack_hi = t->stack_hi;
}

void kport_current(struct kport_task *t)
{
	fill(current_task(), t);
}

void **kport_task_slot(void)
{
	return &current_task()->ksan_slot;
}

int kport_task(uint32_t id, struct kport_task *k)
{
	struct task *t = task_by_pid(id);

	if (!t)
		return -1;
	fill(t, k);
	return 0;
}

int kport_stack_owner(uintptr_t addr, struct kport_task *k)
{
	struct task *t = task_of_stack(addr);

	if (!t)
		return -1;
	fill(t, k);
	return 0;
}

int kport_other_stack(uintptr_t addr, uintptr_t *lo, uintptr_t *hi)
{
	uintptr_t l, h = cpu_ist_stack(addr, &l);

	if (!h)
		return -1;
	*lo = l;
	*hi = h;
	return 0;
}

int kport_cpu_id(void)
{
	return this_cpu()->id;
}

int kport_fault_survivable(void)
{
	return current_task()->parent != 0;
}

int kport_symbol(uintptr_t pc, const char **name, uintptr_t *start, uintptr_t *size)
{
	return kallsyms_lookup(pc, name, start, size);
}

void kport_console_write(const char *buf, size_t len)
{
	console_write(buf, len);
}

void kport_exit(int status)
{
	machine_exit(status);
}

uint64_t kport_time_ns(void)
{
	return time_ns();
}
