/*
 * This file contains the Linux port's KMSAN metadata mapping: shadow and
 * origin pages are mapped when first touched (the SIGSEGV handler) or when
 * the heap makes a region, a chunk at a time and only for application
 * memory that exists, so nothing is reserved up front and KMSAN runs under
 * `ulimit -v`.  Also the cleaning of a thread's stack when the thread ends.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include "../linux.h"

#define META_CHUNK (64u << 10)	/* application bytes per fault */

/* Map shadow and origins for [lo, hi) of application memory. */
static int map_meta(uintptr_t lo, uintptr_t hi)
{
	uintptr_t s = (uintptr_t)kmsan_shadow_of(lo);
	uintptr_t o = (uintptr_t)kmsan_origin_of(lo);

	/* within one application range the mapping is linear */
	if (port_map_fixed(ROUND_DOWN(s, 4096), ROUND_UP(s + (hi - lo), 4096)))
		return -1;
	return port_map_fixed(ROUND_DOWN(o, 4096), ROUND_UP(o + (hi - lo), 4096));
}

int port_kmsan_map_meta(uintptr_t app)
{
	uintptr_t lo = ROUND_DOWN(app, META_CHUNK), hi = lo + META_CHUNK;
	int e = errno, r;

	if (!kmsan_is_app(lo) || !kmsan_is_app(hi - 1))
		return -1;
	r = map_meta(lo, hi);
	errno = e;
	return r;
}

int ksan_port_shadow_ensure(uintptr_t addr, size_t size)
{
	uintptr_t lo = ROUND_DOWN(addr, 4096), hi = ROUND_UP(addr + size, 4096);
	int e = errno, r;

	if (!size)
		return 0;
	if (!kmsan_is_app_range(lo, hi - lo))
		return -1;
	r = map_meta(lo, hi);
	errno = e;
	return r;
}

/* Drop the metadata of [lo, hi): it reads as zero (initialised) again. */
void port_kmsan_forget(uintptr_t lo, uintptr_t hi)
{
	uintptr_t s, o;

	if (hi <= lo || !kmsan_is_app_range(lo, hi - lo))
		return;
	s = (uintptr_t)kmsan_shadow_of(lo);
	o = (uintptr_t)kmsan_origin_of(lo);
	/* whole pages go back to the kernel; the partial ends are written */
	if (hi - lo >= 2 * 4096) {
		uintptr_t ps = ROUND_UP(s, 4096), pe = ROUND_DOWN(s + (hi - lo), 4096);

		kmsan_unpoison((void *)lo, ps - s);
		ksan_port_discard((void *)ps, pe - ps);
		kmsan_unpoison((void *)(lo + (pe - s)), s + (hi - lo) - pe);
		ksan_port_discard((void *)o, hi - lo);
	} else {
		kmsan_unpoison((void *)lo, hi - lo);
	}
}

/* A thread ends: the next thread on this stack starts clean. */
void port_kmsan_clean_stack(void)
{
	uintptr_t lo, hi;

	if (kmsan_ready && !ksan_port_current_stack(&lo, &hi))
		port_kmsan_forget(lo, hi);
}
