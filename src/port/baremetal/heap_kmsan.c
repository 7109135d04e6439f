/*
 * This file contains the kernel heap (port.h's contract, under kmalloc.c's
 * entry points) of a KMSAN kernel: KMSAN's heap (src/kmsan/alloc.c, the core
 * slab without red zones), so an object from kmalloc without __GFP_ZERO
 * is uninitialised, its origin the allocation's stack, and a freed one
 * poisoned with the free's.
 */
#include "port.h"
#include "../../kmsan/kmsan.h"

void *bm_heap_alloc(size_t size, gfp_t flags, const struct kasan_caller *cl)
{
	int err;

	return kmsan_malloc(size, 0, flags & __GFP_ZERO ? KMSAN_ZERO : 0, cl, &err);
}

void bm_heap_free(const void *p, const struct kasan_caller *cl)
{
	kmsan_free((void *)p, cl);
}

size_t bm_heap_realloc_size(const void *p, const struct kasan_caller *cl)
{
	return kmsan_usable_size(p);
}

/* the copy carries shadow and origins over */
void bm_heap_copy(void *d, const void *s, size_t n, const struct kasan_caller *cl)
{
	__memcpy(d, s, n);
	kmsan_copy_meta_caller(d, s, n, cl);
}

size_t bm_heap_ksize(const void *p)
{
	size_t n = kmsan_usable_size(p);

	return n == (size_t)-1 ? 0 : n;
}

int ksan_bm_is_kfence(const void *p)
{
	(void)p;
	return 0;
}
