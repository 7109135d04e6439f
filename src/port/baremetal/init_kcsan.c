/*
 * This file contains the bare-metal port's start-up for a KCSAN kernel
 * (init.c's twin without KASAN): options, then KCSAN on.  No shadow, no
 * KFENCE pool (faults are the kernel's own), nothing to do when a task's
 * stack starts; a task's ksan state is released when it ends.
 */
#include "port.h"
#include "../../kcsan/kcsan.h"

/* No shadow in a KCSAN kernel. */
int ksan_port_shadow_ensure(uintptr_t addr, size_t size)
{
	(void)addr, (void)size;
	return 0;
}

int ksan_bm_init(const char *options, char *err, size_t errlen)
{
	core_options_defaults();
	if (core_options_parse(options, err, errlen))
		return -1;
	kcsan_init();
	if (core_opt.verbosity)
		core_printf("ksan: KCSAN initialised\n");
	return 0;
}

int ksan_bm_page_fault(uintptr_t addr, int write, uintptr_t pc, uintptr_t fp)
{
	(void)addr, (void)write, (void)pc, (void)fp;
	return 0;
}

int ksan_bm_shadow_range(uintptr_t addr, uintptr_t *lo, uintptr_t *hi)
{
	(void)addr, (void)lo, (void)hi;
	return 0;
}

void ksan_bm_stack_start(uintptr_t lo, uintptr_t hi)
{
	(void)lo, (void)hi;
}

void ksan_bm_task_exit(void *slot)
{
	core_thread_exit(slot);
}
