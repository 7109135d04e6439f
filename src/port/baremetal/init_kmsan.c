/*
 * This file contains the bare-metal port's start-up for a KMSAN kernel
 * (init.c's twin): options, the heap, then KMSAN on.  KMSAN's metadata
 * (a shadow byte and an origin word's share per byte, at the fixed offsets
 * of src/kmsan/kmsan.h) lives on pages of its own that the kernel's page
 * tables map beside the memory they describe: for the kernel image at
 * start-up, for each heap region when the heap takes it, and on the first
 * touch of any other metadata page (a page fault the port answers by
 * mapping a zeroed page, "initialised", then the access is retried).  A
 * task's stack starts clean.
 */
#include "port.h"
#include "../../kmsan/kmsan.h"

/* Shadow and origins of [addr, addr + size) of kernel memory: pages of
 * their own, zero. */
int ksan_port_shadow_ensure(uintptr_t addr, size_t size)
{
	uintptr_t lo = addr & ~(BM_PAGE - 1), hi = (addr + size + BM_PAGE - 1) & ~(BM_PAGE - 1);

	if (!size)
		return 0;
	if (!kmsan_is_app_range(lo, hi - lo))
		return -1;
	if (kport_populate((uintptr_t)kmsan_shadow_of(lo), hi - lo))
		return -1;
	return kport_populate((uintptr_t)kmsan_origin_of(lo), hi - lo);
}

int ksan_bm_init(const char *options, char *err, size_t errlen)
{
	uintptr_t lo, hi;

	core_options_defaults();
	if (core_options_parse(options, err, errlen))
		return -1;
	kport_image(&lo, &hi);
	if (ksan_port_shadow_ensure(lo, hi - lo)) {
		core_snprintf(err, errlen, "ksan: cannot map the kernel image's KMSAN metadata");
		return -1;
	}
	kmsan_heap_init();
	__atomic_store_n(&kmsan_ready, 1, __ATOMIC_RELEASE);
	if (core_opt.verbosity)
		core_printf("ksan: KMSAN initialised\n");
	return 0;
}

/* A fault on a metadata page nobody mapped yet: map it (with its twin). */
int ksan_bm_page_fault(uintptr_t addr, int write, uintptr_t pc, uintptr_t fp)
{
	uintptr_t app;

	(void)write, (void)pc, (void)fp;
	if (!kmsan_is_meta(addr, &app))
		return 0;
	return ksan_port_shadow_ensure(app & ~(BM_PAGE - 1), BM_PAGE) == 0;
}

int ksan_bm_shadow_range(uintptr_t addr, uintptr_t *lo, uintptr_t *hi)
{
	(void)addr, (void)lo, (void)hi;
	return 0;
}

void ksan_bm_stack_start(uintptr_t lo, uintptr_t hi)
{
	if (!ksan_port_shadow_ensure(lo, hi - lo))
		kmsan_unpoison((void *)lo, hi - lo);
}

void ksan_bm_task_exit(void *slot)
{
	core_thread_exit(slot);
}
