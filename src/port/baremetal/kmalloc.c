/*
 * This file contains the kernel's allocator entry points, kmalloc and
 * friends, over the runtime's heap (port.h's heap contract: heap.c,
 * heap_kmsan.c or heap_plain.c).  They record themselves and their
 * caller, so reports and origins name the kernel's code.
 */
#include "port.h"

static void *alloc(size_t size, gfp_t flags, const struct kasan_caller *cl)
{
	return size ? bm_heap_alloc(size, flags, cl) : ZERO_SIZE_PTR;
}

static void release(const void *p, const struct kasan_caller *cl)
{
	if (p && p != ZERO_SIZE_PTR)
		bm_heap_free(p, cl);
}

BM_API void *kmalloc(size_t size, gfp_t flags)
{
	BM_CALLER(cl, kmalloc);

	return alloc(size, flags, &cl);
}

BM_API void *kzalloc(size_t size, gfp_t flags)
{
	BM_CALLER(cl, kzalloc);

	return alloc(size, flags | __GFP_ZERO, &cl);
}

BM_API void kfree(const void *p)
{
	BM_CALLER(cl, kfree);

	release(p, &cl);
}

/* Always a new object (the old one is freed: KASAN's goes to quarantine). */
BM_API void *krealloc(const void *p, size_t size, gfp_t flags)
{
	BM_CALLER(cl, krealloc);
	size_t old;
	void *n;

	if (!p || p == ZERO_SIZE_PTR)
		return alloc(size, flags, &cl);
	old = bm_heap_realloc_size(p, &cl);
	if (old == (size_t)-1)
		return 0;	/* not a live object: reported */
	if (!size) {
		release(p, &cl);
		return ZERO_SIZE_PTR;
	}
	n = alloc(size, flags, &cl);
	if (!n)
		return 0;
	bm_heap_copy(n, p, old < size ? old : size, &cl);
	release(p, &cl);
	return n;
}

size_t ksize(const void *p)
{
	return !p || p == ZERO_SIZE_PTR ? 0 : bm_heap_ksize(p);
}
