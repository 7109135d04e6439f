/*
 * This file contains the kernel's allocator, kmalloc and friends, on
 * ksan's heap: KFENCE's sampler first (one allocation in a sample gets a
 * guard-page object), else generic KASAN's heap, which is ksan's core slab
 * (kmalloc size classes 16..8192, larger objects page-backed) with red
 * zones, alloc/free stacks and a quarantine.  The entry points record
 * themselves and their caller, so reports name the kernel's code.
 */
#include "port.h"

static void *alloc(size_t size, gfp_t flags, const struct kasan_caller *cl)
{
	void *p;
	int err;

	if (!size)
		return ZERO_SIZE_PTR;
	if (!(flags & __GFP_NOKFENCE) && (p = kfence_alloc(size, 0, cl->entry, cl->pc, cl->fp)))
		return p;	/* KFENCE's objects are zeroed */
	return kasan_malloc(size, 0, flags & __GFP_ZERO ? KASAN_ZERO : 0, cl, &err);
}

static void release(const void *p, const struct kasan_caller *cl)
{
	if (!p || p == ZERO_SIZE_PTR)
		return;
	if (is_kfence_address(p))
		kfence_free((void *)p, cl->entry, cl->pc, cl->fp);
	else
		kasan_free((void *)p, cl);
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

/* Always a new object (the old one is freed, so it goes to quarantine). */
BM_API void *krealloc(const void *p, size_t size, gfp_t flags)
{
	BM_CALLER(cl, krealloc);
	size_t old;
	void *n;

	if (!p || p == ZERO_SIZE_PTR)
		return alloc(size, flags, &cl);
	if (is_kfence_address(p))
		old = kfence_realloc_size((void *)p, cl.entry, cl.pc, cl.fp);
	else
		old = kasan_realloc_size((void *)p, &cl);
	if (old == (size_t)-1)
		return 0;	/* not a live object: reported */
	if (!size) {
		release(p, &cl);
		return ZERO_SIZE_PTR;
	}
	n = alloc(size, flags, &cl);
	if (!n)
		return 0;
	core_memcpy(n, p, old < size ? old : size);
	release(p, &cl);
	return n;
}

size_t ksize(const void *p)
{
	size_t n;

	if (!p || p == ZERO_SIZE_PTR)
		return 0;
	if (is_kfence_address(p))
		return kfence_ksize(p);
	n = kasan_usable_size(p);
	return n == (size_t)-1 ? 0 : n;
}

int ksan_bm_is_kfence(const void *p)
{
	return is_kfence_address(p);
}
