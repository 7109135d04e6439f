/*
 * This file contains the program's mmap, munmap and mremap, which feed
 * KASAN's unmap quarantine (src/kasan/unmap.c): a new mapping is recorded
 * with its stack; an unmapped range is replaced by an inaccessible
 * reservation (MAP_FIXED over it, PROT_NONE, nothing committed) instead of
 * being released, so a stale pointer into it faults and is reported as
 * use-after-unmap; mremap's old range (moved, or the tail it gave up) is
 * reserved the same way, with MAP_FIXED_NOREPLACE since the system has
 * released it already (another thread's new mapping there is left alone).
 * A MAP_FIXED mapping (or MREMAP_FIXED target) takes over a quarantined
 * range silently; an address hint or MAP_FIXED_NOREPLACE gets the range
 * given back first, so the program finds it free as it expects.  A call
 * failing with ENOMEM (ulimit -v: the reservations count against
 * RLIMIT_AS) is retried once after the quarantine is released.
 *
 * The calls are the system calls themselves (also in static executables
 * and with musl); the runtime's own mappings use port_sys_mmap (linux.h)
 * and never come here, nor do the C library's internal ones.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../linux.h"

/* musl makes mmap64 a macro for mmap (_GNU_SOURCE): both are exported here */
#undef mmap64

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif
#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP 4
#endif

static int on;	/* the quarantine is wanted: set once at start-up */

void port_intercept_mmap_init(void)
{
	struct rlimit rl;
	size_t as = 0;

	if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY)
		as = (size_t)rl.rlim_cur;
	kasan_unmap_init(as);
	on = core_opt.unmap_quarantine_mb != 0;
}

static void *sys_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	long r = syscall(SYS_mmap, addr, len, prot, flags, fd, off);

	if (r == -1 && errno == ENOMEM && kasan_unmap_flush())
		r = syscall(SYS_mmap, addr, len, prot, flags, fd, off);
	return r == -1 ? MAP_FAILED : (void *)r;
}

static uint32_t stack_of(const struct kasan_caller *cl)
{
	return core_caller_stack(core_thread_get(), cl);
}

static void *do_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off,
		     const struct kasan_caller *cl)
{
	void *p;

	if (!on || !kasan_ready)
		return sys_mmap(addr, len, prot, flags, fd, off);
	if (addr && len)
		kasan_unmap_takeover((uintptr_t)addr, len, !(flags & MAP_FIXED) ||
				     (flags & MAP_FIXED_NOREPLACE) == MAP_FIXED_NOREPLACE);
	p = sys_mmap(addr, len, prot, flags, fd, off);
	if (p != MAP_FAILED)
		kasan_unmap_mapped((uintptr_t)p, len, stack_of(cl), ksan_port_thread_id());
	return p;
}

PORT_INTERCEPTOR void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	PORT_CALLER(cl, mmap);

	return do_mmap(addr, len, prot, flags, fd, off, &cl);
}

PORT_INTERCEPTOR void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	PORT_CALLER(cl, mmap64);

	return do_mmap(addr, len, prot, flags, fd, off, &cl);
}

PORT_INTERCEPTOR int munmap(void *addr, size_t len)
{
	PORT_CALLER(cl, munmap);

	/* bad arguments: the system's answer (EINVAL) */
	if (on && kasan_ready && len && !((uintptr_t)addr & 4095) &&
	    (uintptr_t)addr + len > (uintptr_t)addr &&
	    !kasan_unmap_unmapped((uintptr_t)addr, len, stack_of(&cl), ksan_port_thread_id(), 0))
		return 0;
	return (int)syscall(SYS_munmap, addr, len);
}

/* [lo, lo + len) was released by the system: reserve and quarantine it,
 * unless something else was mapped there meanwhile. */
static void quarantine_released(uintptr_t lo, size_t len, const struct kasan_caller *cl)
{
	void *p;

	len = ROUND_UP(len, 4096);
	p = port_sys_mmap((void *)lo, len, PROT_NONE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED)
		return;
	if (p != (void *)lo ||	/* an old kernel took the flag as a hint */
	    kasan_unmap_unmapped(lo, len, stack_of(cl), ksan_port_thread_id(), 1))
		port_sys_munmap(p, len);
}

PORT_INTERCEPTOR void *mremap(void *old, size_t old_len, size_t new_len, int flags, ...)
{
	PORT_CALLER(cl, mremap);
	void *new_addr = 0;
	uint32_t stack, tid;
	long r;
	va_list ap;

	if (flags & MREMAP_FIXED) {
		va_start(ap, flags);
		new_addr = va_arg(ap, void *);
		va_end(ap);
	}
	if (on && kasan_ready && (flags & MREMAP_FIXED))
		kasan_unmap_takeover((uintptr_t)new_addr, new_len, 0);
	r = syscall(SYS_mremap, old, old_len, new_len, flags, new_addr);
	if (r == -1 && errno == ENOMEM && on && kasan_ready && kasan_unmap_flush())
		r = syscall(SYS_mremap, old, old_len, new_len, flags, new_addr);
	if (r == -1)
		return MAP_FAILED;
	if (!on || !kasan_ready)
		return (void *)r;
	/* the mapping's stack goes with it to its new place */
	stack = kasan_unmap_stack_of((uintptr_t)old, &tid);
	if ((void *)r != old && !(flags & MREMAP_DONTUNMAP) && old_len)
		quarantine_released((uintptr_t)old, old_len, &cl);
	else if ((void *)r == old && ROUND_UP(new_len, 4096) < ROUND_UP(old_len, 4096))
		quarantine_released((uintptr_t)old + ROUND_UP(new_len, 4096),
				    ROUND_UP(old_len, 4096) - ROUND_UP(new_len, 4096), &cl);
	kasan_unmap_mapped((uintptr_t)r, new_len, stack, tid);
	return (void *)r;
}
