/*
 * This file contains the kernel heap (port.h's contract, under kmalloc.c's
 * entry points) on ksan's heap: KFENCE's sampler first (one allocation in
 * a sample gets a guard-page object), else generic KASAN's heap, which is
 * ksan's core slab (kmalloc size classes 16..8192, larger objects
 * page-backed) with red zones, alloc/free stacks and a quarantine.
 */
#include "port.h"

void *bm_heap_alloc(size_t size, gfp_t flags, const struct kasan_caller *cl)
{
	void *p;
	int err;

	if (!(flags & __GFP_NOKFENCE) && (p = kfence_alloc(size, 0, cl->entry, cl->pc, cl->fp)))
		return p;	/* KFENCE's objects are zeroed */
	return kasan_malloc(size, 0, flags & __GFP_ZERO ? KASAN_ZERO : 0, cl, &err);
}

void bm_heap_free(const void *p, const struct kasan_caller *cl)
{
	if (is_kfence_address(p))
		kfence_free((void *)p, cl->entry, cl->pc, cl->fp);
	else
		kasan_free((void *)p, cl);
}

size_t bm_heap_realloc_size(const void *p, const struct kasan_caller *cl)
{
	if (is_kfence_address(p))
		return kfence_realloc_size((void *)p, cl->entry, cl->pc, cl->fp);
	return kasan_realloc_size((void *)p, cl);
}

void bm_heap_copy(void *d, const void *s, size_t n, const struct kasan_caller *cl)
{
	core_memcpy(d, s, n);
}

size_t bm_heap_ksize(const void *p)
{
	size_t n;

	if (is_kfence_address(p))
		return kfence_ksize(p);
	n = kasan_usable_size(p);
	return n == (size_t)-1 ? 0 : n;
}

int ksan_bm_is_kfence(const void *p)
{
	return is_kfence_address(p);
}
