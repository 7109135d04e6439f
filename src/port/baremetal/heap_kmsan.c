/*
 * This file contains the kernel's allocator, kmalloc and friends, for a
 * KMSAN kernel (heap.c's twin): KMSAN's heap (src/kmsan/alloc.c, the core
 * slab without red zones), so an object from kmalloc without __GFP_ZERO
 * is uninitialised, its origin the allocation's stack, and a freed one
 * poisoned with the free's.  The entry points record themselves and their
 * caller, so origins name the kernel's code.
 */
#include "port.h"
#include "../../kmsan/kmsan.h"

#define KM_CALLER(cl, fn)						\
	const struct kmsan_caller cl = { (uintptr_t)(fn),		\
		(uintptr_t)__builtin_return_address(0),			\
		(uintptr_t)__builtin_frame_address(0), 0 }

static void *alloc(size_t size, gfp_t flags, const struct kmsan_caller *cl)
{
	int err;

	if (!size)
		return ZERO_SIZE_PTR;
	return kmsan_malloc(size, 0, flags & __GFP_ZERO ? KMSAN_ZERO : 0, cl, &err);
}

static void release(const void *p, const struct kmsan_caller *cl)
{
	if (p && p != ZERO_SIZE_PTR)
		kmsan_free((void *)p, cl);
}

BM_API void *kmalloc(size_t size, gfp_t flags)
{
	KM_CALLER(cl, kmalloc);

	return alloc(size, flags, &cl);
}

BM_API void *kzalloc(size_t size, gfp_t flags)
{
	KM_CALLER(cl, kzalloc);

	return alloc(size, flags | __GFP_ZERO, &cl);
}

BM_API void kfree(const void *p)
{
	KM_CALLER(cl, kfree);

	release(p, &cl);
}

BM_API void *krealloc(const void *p, size_t size, gfp_t flags)
{
	KM_CALLER(cl, krealloc);
	size_t old;
	void *n;

	if (!p || p == ZERO_SIZE_PTR)
		return alloc(size, flags, &cl);
	old = kmsan_usable_size(p);
	if (old == (size_t)-1)
		return 0;
	if (!size) {
		release(p, &cl);
		return ZERO_SIZE_PTR;
	}
	n = alloc(size, flags, &cl);
	if (!n)
		return 0;
	__memcpy(n, p, old < size ? old : size);
	kmsan_copy_meta_caller(n, p, old < size ? old : size, &cl);
	release(p, &cl);
	return n;
}

size_t ksize(const void *p)
{
	size_t n;

	if (!p || p == ZERO_SIZE_PTR)
		return 0;
	n = kmsan_usable_size(p);
	return n == (size_t)-1 ? 0 : n;
}

int ksan_bm_is_kfence(const void *p)
{
	(void)p;
	return 0;
}
