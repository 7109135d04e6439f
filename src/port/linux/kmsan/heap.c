/*
 * This file contains KMSAN's side of the heap contract (heap.h): the
 * malloc family of libksan-kmsan.a allocates from KMSAN's heap, whose new
 * objects are poisoned with an origin naming their allocation
 * (src/kmsan/alloc.c).
 */
#include "../linux.h"
#include "../heap.h"
#include "libc.h"

_Static_assert((int)KMSAN_ENOMEM == (int)KASAN_ENOMEM && (int)KMSAN_EINVAL == (int)KASAN_EINVAL &&
	       KMSAN_ZERO == KASAN_ZERO && KMSAN_MAX_ALLOC == KASAN_MAX_ALLOC,
	       "one set of heap numbers");

void port_heap_init(void)
{
	kmsan_heap_init();
	__atomic_store_n(&kmsan_ready, 1, __ATOMIC_RELEASE);
}

int port_heap_ready(void)
{
	return kmsan_ready;
}

void *port_heap_malloc(size_t size, size_t align, int flags, const struct core_caller *c, int *err)
{
	void *p = kmsan_malloc(size, align, flags, c, err);

	/* the C library's own allocation (getaddrinfo's list, realpath's
	 * string): it fills it with stores KMSAN does not see */
	if (likely(p) && unlikely(port_kmsan_from_libc(c->pc)))
		kmsan_unpoison(p, size);
	return p;
}

/* KMSAN judges no frees: a bad one is left alone */
int port_heap_free(void *p, const struct core_caller *c)
{
	return kmsan_free(p, c);
}

size_t port_heap_usable_size(const void *p)
{
	return kmsan_usable_size(p);
}

size_t port_heap_realloc_size(void *p, const struct core_caller *c)
{
	return kmsan_usable_size(p);
}

uint32_t port_heap_alloc_stack(const void *p)
{
	return kmsan_alloc_stack(p);
}

/* KMSAN has no report of its own for an impossible allocation: one line,
 * then the halting exit. */
void port_heap_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc, uintptr_t fp,
		       uintptr_t entry)
{
	core_printf("ksan: KMSAN: %s (0x%lx, 0x%lx) requested at pc 0x%lx\n", type,
		    (unsigned long)a, (unsigned long)b, (unsigned long)pc);
	ksan_port_exit((int)core_opt.exitcode);
}

/* realloc's copy carries shadow and origins over; its links name the
 * entry point (realloc) and its caller, as the allocation stacks do */
void port_heap_copy(void *d, const void *s, size_t n, const struct core_caller *c)
{
	real_memcpy(d, s, n);
	kmsan_copy_meta_caller(d, s, n, c);
}

/* a KFENCE object is fresh memory too */
void port_heap_sampled(void *p, size_t size, int flags, const struct core_caller *c)
{
	if (!(flags & KMSAN_ZERO))
		kmsan_poison_fresh(p, size, kmsan_origin_alloc(kmsan_caller_stack(c)));
}
