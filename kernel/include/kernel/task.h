/*
 * This file contains the kernel's tasks: a boot task, an idle task per
 * other CPU, and short-lived tasks run to completion on their own stacks
 * (cooperative, each on the CPU that made it), which is all KUnit's
 * try-catch needs.
 */
#ifndef KERNEL_TASK_H
#define KERNEL_TASK_H

#include "kernel.h"

#define TASK_STACK_PAGES 4
#define TASK_COMM_LEN 16

struct task {
	uint32_t pid;
	char comm[TASK_COMM_LEN];
	uintptr_t stack_lo, stack_hi;	/* [lo, hi), the guard page below lo */
	uintptr_t rsp;			/* saved while switched out */
	void *ksan_slot;		/* ksan's per-thread pointer */
	struct task *parent;		/* waits for this one */
	void (*fn)(void *);
	void *arg;
	int aborted;			/* killed by an exception */
	int live;
};

extern struct task init_task;	/* swapper/0, the boot stack */
struct task *current_task(void);
void task_init(void);
/* Another CPU's idle task (swapper/cpu) and its stack; 0, or -1. */
int task_alloc_idle(int cpu, uintptr_t *lo, uintptr_t *hi);
/* On that CPU: it runs its idle task now. */
void task_init_cpu(int cpu);
/* Run fn(arg) in a new task named comm, wait for it.  0 when it returned,
 * -1 when an exception killed it, -2 when it could not start. */
int task_run(const char *comm, void (*fn)(void *), void *arg);
/* Called on an exception the current task cannot survive: if it is a
 * task_run() task, end it (its parent sees -1); else return. */
void task_abort_current(void);
/* End the current task_run() task now, as if its function returned. */
void __noreturn task_exit_current(void);
/* The live task whose stack holds addr (guard page included), or NULL. */
struct task *task_of_stack(uintptr_t addr);
struct task *task_by_pid(uint32_t pid);

/* arch/entry.S */
void switch_stack(uintptr_t *save_rsp, uintptr_t new_rsp);

#endif
