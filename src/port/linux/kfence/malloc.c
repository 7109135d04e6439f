/*
 * This file contains the malloc family of a runtime whose heap is the C
 * library's own: each call samples into KFENCE now and then and otherwise
 * forwards to the C library's allocator (glibc's __libc_malloc and friends,
 * musl's malloc and friends: libc.h).  Shared by libksan-kfence.so
 * (LD_PRELOAD, kfence/preload.c) and, for --ksan=kcsan,kfence, by
 * libksan-kcsan-kfence.a (dynamic executables only: a static glibc's
 * malloc.o defines malloc beside __libc_malloc).  The host says when
 * sampling may start (port_kfence_heap_start).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "../../../kfence/kfence.h"


static size_t (*real_usable_size)(void *);

#define ENTRY PORT_API __attribute__((noinline))
#define RA ((uintptr_t)__builtin_return_address(0))

/*
 * The entry points are built without frame pointers, so that the common
 * case (not sampled) is the counter test and a tail call into glibc.  Their
 * caller's frame pointer is still in rbp (x29 on aarch64): the slow paths
 * below make the frame record {caller's frame, return address} that the
 * entry point did not make, for the allocation and free stacks.
 */
#if defined(__aarch64__)
#define CALLER_FP() ({ uintptr_t f_; __asm__ volatile("mov %0, x29" : "=r"(f_)); f_; })
#else
#define CALLER_FP() ({ uintptr_t f_; __asm__ volatile("mov %%rbp, %0" : "=r"(f_)); f_; })
#endif

/* A sampled object, or NULL: then the caller forwards to glibc. */
static __attribute__((noinline)) void *sampled(size_t size, size_t align, uintptr_t entry,
					       uintptr_t ra, uintptr_t caller_fp)
{
	uintptr_t rec[2] = { caller_fp, ra };

	if (unlikely(!port_kfence_heap_start()))
		return 0;	/* start-up's own allocations */
	return kfence_alloc_slow(size, align, entry, ra, (uintptr_t)rec);
}

static __attribute__((noinline)) void release(void *p, uintptr_t entry, uintptr_t ra,
					      uintptr_t caller_fp)
{
	uintptr_t rec[2] = { caller_fp, ra };

	kfence_free(p, entry, ra, (uintptr_t)rec);
}

#define SAMPLE(size, align, fn) \
	(likely(kfence_skip()) ? 0 : sampled(size, align, (uintptr_t)(fn), RA, CALLER_FP()))

/* ---- the malloc family ------------------------------------------------- */
ENTRY void *malloc(size_t size)
{
	void *p;

	if (likely(kfence_skip()))
		return port_libc_malloc(size);
	p = sampled(size, 0, (uintptr_t)malloc, RA, CALLER_FP());
	return p ? p : port_libc_malloc(size);
}

ENTRY void free(void *p)
{
	if (unlikely(is_kfence_address(p)))
		release(p, (uintptr_t)free, RA, CALLER_FP());
	else
		port_libc_free(p);
}

ENTRY void *calloc(size_t n, size_t size)
{
	size_t total;
	void *p;

	if (likely(kfence_skip()) || __builtin_mul_overflow(n, size, &total))
		return port_libc_calloc(n, size);	/* glibc sets ENOMEM on overflow */
	p = sampled(total, 0, (uintptr_t)calloc, RA, CALLER_FP());
	return p ? p : port_libc_calloc(n, size);	/* KFENCE objects start zeroed */
}

static __attribute__((noinline)) void *realloc_kfence(void *p, size_t size, uintptr_t ra,
						      uintptr_t caller_fp)
{
	uintptr_t rec[2] = { caller_fp, ra }, fp = (uintptr_t)rec, entry = (uintptr_t)realloc;
	size_t old;
	void *q;

	if (!size) {
		kfence_free(p, entry, ra, fp);
		return 0;
	}
	old = kfence_realloc_size(p, entry, ra, fp);
	if (old == (size_t)-1)
		return 0;
	q = kfence_skip() ? 0 : kfence_alloc_slow(size, 0, entry, ra, fp);
	if (!q)
		q = port_libc_malloc(size);
	if (!q)
		return 0;
	core_memcpy(q, p, old < size ? old : size);
	kfence_free(p, entry, ra, fp);
	return q;
}

ENTRY void *realloc(void *p, size_t size)
{
	void *q;

	if (unlikely(is_kfence_address(p)))
		return realloc_kfence(p, size, RA, CALLER_FP());
	if (p)
		return port_libc_realloc(p, size);
	q = SAMPLE(size, 0, realloc);
	return q ? q : port_libc_malloc(size);
}

ENTRY void *reallocarray(void *p, size_t n, size_t size)
{
	size_t total;

	if (__builtin_mul_overflow(n, size, &total)) {
		errno = ENOMEM;
		return 0;
	}
	if (unlikely(is_kfence_address(p)))
		return realloc_kfence(p, total, RA, CALLER_FP());
	return port_libc_realloc(p, total);
}

ENTRY void *memalign(size_t align, size_t size)
{
	void *p = 0;

	if (!(align & (align - 1)))	/* else glibc's answer */
		p = SAMPLE(size, align, memalign);
	return p ? p : port_libc_memalign(align, size);
}

ENTRY void *aligned_alloc(size_t align, size_t size)
{
	void *p;

	if (!align || (align & (align - 1))) {
		errno = EINVAL;
		return 0;
	}
	p = SAMPLE(size, align, aligned_alloc);
	return p ? p : port_libc_memalign(align, size);
}

ENTRY int posix_memalign(void **out, size_t align, size_t size)
{
	int e = errno;
	void *p;

	if (!align || (align & (align - 1)) || align % sizeof(void *))
		return EINVAL;
	p = SAMPLE(size, align, posix_memalign);
	if (!p)
		p = port_libc_memalign(align, size);
	if (!p) {
		errno = e;
		return ENOMEM;
	}
	*out = p;
	return 0;
}

ENTRY void *valloc(size_t size)
{
	void *p = SAMPLE(size, 4096, valloc);

	return p ? p : port_libc_valloc(size);
}

ENTRY void *pvalloc(size_t size)
{
	/* pvalloc rounds up to whole pages: the guard page would be wasted */
	return port_libc_pvalloc(size);
}

ENTRY size_t malloc_usable_size(void *p)
{
	if (unlikely(is_kfence_address(p)))
		return kfence_ksize(p);
	if (!p)
		return 0;
	if (unlikely(!real_usable_size))
		real_usable_size = (size_t (*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
	return real_usable_size ? real_usable_size(p) : 0;
}
