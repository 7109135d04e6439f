/*
 * This file contains the bare-metal port's start-up and the kernel's hooks
 * into it: options, the shadow (the zero page over all of it, pages of
 * their own for the kernel image: its globals and the boot stack), the
 * heap, KFENCE's pool; page faults (KFENCE's first), the shadow address of
 * a wild pointer, and tasks' stacks starting and ending.
 */
#include "port.h"

static int fail(char *err, size_t errlen, const char *msg)
{
	core_snprintf(err, errlen, "ksan: %s", msg);
	return -1;
}

/* KASAN's shadow of [addr, addr + size): pages of its own, zero. */
int ksan_port_shadow_ensure(uintptr_t addr, size_t size)
{
	uintptr_t s, e;

	if (!size)
		return 0;
	if (addr + size < addr || addr + size > BM_SHADOW_COVER)
		return -1;
	s = (uintptr_t)kasan_shadow(addr);
	e = (uintptr_t)kasan_shadow(addr + size - 1) + 1;
	return kport_populate(s, e - s);
}

int ksan_bm_init(const char *options, char *err, size_t errlen)
{
	uintptr_t lo, hi;

	core_options_defaults();
	if (core_options_parse(options, err, errlen))
		return -1;
	if (kport_map_zero((uintptr_t)kasan_shadow(0), BM_SHADOW_COVER >> KASAN_GRANULE_SHIFT))
		return fail(err, errlen, "cannot map the early shadow");
	kport_image(&lo, &hi);
	if (ksan_port_shadow_ensure(lo, hi - lo))
		return fail(err, errlen, "cannot map the kernel image's shadow");
	kasan_heap_init();
	__atomic_store_n(&kasan_ready, 1, __ATOMIC_RELEASE);
	if (kfence_init(0) == 0 && core_opt.verbosity)
		core_printf("ksan: KFENCE: %lu objects\n", (unsigned long)core_opt.kfence_num_objects);
	if (core_opt.verbosity)
		core_printf("ksan: initialised (shadow offset 0x%lx, memory below 0x%llx)\n",
			    (unsigned long)KASAN_SHADOW_OFFSET, (unsigned long long)BM_SHADOW_COVER);
	return 0;
}

int ksan_bm_page_fault(uintptr_t addr, int write, uintptr_t pc, uintptr_t fp)
{
	if (!is_kfence_address((void *)addr))
		return 0;
	return kfence_handle_fault(addr, write, 0, pc, fp);	/* size: not decoded */
}

int ksan_bm_shadow_range(uintptr_t addr, uintptr_t *lo, uintptr_t *hi)
{
	if (addr < KASAN_SHADOW_OFFSET || addr >= (uintptr_t)kasan_shadow(KASAN_ADDR_LIMIT))
		return 0;
	*lo = kasan_shadow_to_mem((const int8_t *)addr);
	*hi = *lo + KASAN_GRANULE - 1;
	return 1;
}

void ksan_bm_stack_start(uintptr_t lo, uintptr_t hi)
{
	if (!ksan_port_shadow_ensure(lo, hi - lo))
		kasan_unpoison(lo, hi - lo);
}

void ksan_bm_task_exit(void *slot)
{
	core_thread_exit(slot);
}
