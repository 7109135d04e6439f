/*
 * This file contains the kernel's tasks.  No scheduler: a task made by
 * task_run() runs at once, on the CPU that made it, on its own stack
 * (TASK_STACK_PAGES, a protected guard page below) while its parent waits,
 * and switches back when its function returns or an exception kills it.
 * That is KUnit's try-catch: a test that oopses fails alone.  Each CPU has
 * its idle task (swapper/N, pid 0 as in Linux); other CPUs get their work
 * through arch/smp.c.
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/io.h"
#include "kernel/mm.h"
#include "kernel/smp.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"
#include "baremetal.h"

#define MAX_TASKS 16

extern char boot_stack_bottom[], boot_stack_top[];
struct task init_task = {
	.pid = 0,
	.comm = "swapper/0",
	.stack_lo = (uintptr_t)boot_stack_bottom,
	.stack_hi = (uintptr_t)boot_stack_top,
	.live = 1,
};
static struct task idle_tasks[NR_CPUS];	/* swapper/1... */
static spinlock_t tasks_lock;		/* guards tasks[] and next_pid */
static struct task *tasks[MAX_TASKS] = { &init_task };	/* live ones */
static uint32_t next_pid = 1;

/* A free slot of tasks[] holding t, or -1. */
static int task_add(struct task *t)
{
	unsigned long f = spin_lock_irqsave(&tasks_lock);
	int slot;

	for (slot = 0; slot < MAX_TASKS && tasks[slot]; slot++)
		;
	if (slot < MAX_TASKS) {
		tasks[slot] = t;
		if (!t->pid && t->fn)
			t->pid = next_pid++;
	} else {
		slot = -1;
	}
	spin_unlock_irqrestore(&tasks_lock, f);
	return slot;
}

struct task *current_task(void)
{
	struct cpu *c = this_cpu();

	return c && c->current ? c->current : &init_task;
}

void task_init(void)
{
	this_cpu()->current = &init_task;
}

int task_alloc_idle(int cpu, uintptr_t *lo, uintptr_t *hi)
{
	struct task *t = &idle_tasks[cpu];
	char *mem = alloc_pages(TASK_STACK_PAGES);

	if (!mem)
		return -1;
	snprintf(t->comm, sizeof(t->comm), "swapper/%d", cpu);
	t->stack_lo = (uintptr_t)mem;
	t->stack_hi = t->stack_lo + TASK_STACK_PAGES * PAGE_SIZE;
	t->live = 1;
	ksan_bm_stack_start(t->stack_lo, t->stack_hi);
	if (task_add(t) < 0)
		return -1;
	*lo = t->stack_lo;
	*hi = t->stack_hi;
	return 0;
}

void task_init_cpu(int cpu)
{
	this_cpu()->current = &idle_tasks[cpu];
}

struct task *task_of_stack(uintptr_t addr)
{
	int i;

	for (i = 0; i < MAX_TASKS; i++) {
		struct task *t = tasks[i];

		/* the guard page below the stack belongs to it too */
		if (t && addr >= t->stack_lo - (t->fn ? PAGE_SIZE : 0) &&
		    addr < t->stack_hi)
			return t;
	}
	return 0;
}

struct task *task_by_pid(uint32_t pid)
{
	int i;

	for (i = 0; i < MAX_TASKS; i++)
		if (tasks[i] && tasks[i]->pid == pid)
			return tasks[i];
	return 0;
}

static void switch_to(struct task *next)
{
	struct task *prev = current_task();

	this_cpu()->current = next;
	switch_stack(&prev->rsp, next->rsp);
}

/* The task's function returned (arch/entry.S's task_entry calls this). */
void __noreturn task_exit_current(void)
{
	struct task *t = current_task();

	local_irq_disable();
	switch_to(t->parent);
	panic("a finished task was resumed");
}

void task_abort_current(void)
{
	struct task *t = current_task();

	if (t == &init_task || !t->parent)
		return;
	t->aborted = 1;
	switch_to(t->parent);	/* never comes back */
	panic("an aborted task was resumed");
}

int task_run(const char *comm, void (*fn)(void *), void *arg)
{
	struct task *t;
	uintptr_t *sp;
	char *mem;
	int slot, rc;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	mem = alloc_pages(TASK_STACK_PAGES + 1);
	if (!t || !mem) {
		kfree(t);
		if (mem)
			free_pages(mem, TASK_STACK_PAGES + 1);
		return -2;
	}
	/* the guard page: an overflow faults there (then a double fault) */
	paging_protect((uintptr_t)mem, PAGE_SIZE, PROT_NONE);
	strlcpy(t->comm, comm, sizeof(t->comm));
	t->stack_lo = (uintptr_t)mem + PAGE_SIZE;
	t->stack_hi = t->stack_lo + TASK_STACK_PAGES * PAGE_SIZE;
	t->parent = current_task();
	t->fn = fn;
	t->arg = arg;
	t->live = 1;
	ksan_bm_stack_start(t->stack_lo, t->stack_hi);

	/* what switch_stack pops: flags, r15..r12, rbx, rbp, then task_entry */
	sp = (uintptr_t *)t->stack_hi;	/* 16-aligned when task_entry calls */
	{
		extern char task_entry[];

		*--sp = (uintptr_t)task_entry;
	}
	*--sp = 0;			/* rbp: the end of frame walks */
	*--sp = 0;			/* rbx */
	*--sp = (uintptr_t)fn;		/* r12 */
	*--sp = (uintptr_t)arg;		/* r13 */
	*--sp = 0;			/* r14 */
	*--sp = 0;			/* r15 */
	*--sp = 0x202;			/* flags: interrupts on */
	t->rsp = (uintptr_t)sp;
	slot = task_add(t);
	if (slot < 0) {
		paging_protect((uintptr_t)mem, PAGE_SIZE, PROT_READ | PROT_WRITE);
		free_pages(mem, TASK_STACK_PAGES + 1);
		kfree(t);
		return -2;
	}

	switch_to(t);

	/* back here when t returned or was killed */
	__atomic_store_n(&tasks[slot], (struct task *)0, __ATOMIC_RELEASE);
	rc = t->aborted ? -1 : 0;
	ksan_bm_task_exit(t->ksan_slot);
	paging_protect((uintptr_t)mem, PAGE_SIZE, PROT_READ | PROT_WRITE);
	free_pages(mem, TASK_STACK_PAGES + 1);
	kfree(t);
	return rc;
}
