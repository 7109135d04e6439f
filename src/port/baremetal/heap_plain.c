/*
 * This file contains the kernel's allocator, kmalloc and friends, for a
 * kernel without KASAN (heap.c's twin): power-of-two classes from 16 to
 * 2048 bytes carved from pages, a free list per class under one lock, and
 * larger objects on pages of their own.  A 16-byte header before each
 * object holds its size, so kfree and ksize need no lookup.  No checks:
 * the detector of such a kernel (KCSAN) watches accesses, not objects.
 */
#include "port.h"

#define HDR 16
#define NCLASS 8		/* 16 .. 2048 bytes of object */
#define LARGE_MAGIC 0x4c41524745ul

struct hdr {
	size_t size;		/* requested */
	unsigned long cls;	/* class, or LARGE_MAGIC: pages of its own */
};
_Static_assert(sizeof(struct hdr) == HDR, "the header keeps objects 16-aligned");

static ksan_lock_t heap_lock;	/* guards free_list */
static void *free_list[NCLASS];	/* slots (header first), linked through their object */

static unsigned class_of(size_t size)
{
	unsigned c = 0;

	while ((16ul << c) < size)
		c++;
	return c;
}

/* A free slot of class c: the list's head, or a fresh page cut up. */
static void *slot_alloc(unsigned c)
{
	size_t stride = HDR + (16ul << c), i, n;
	char *page;
	void *s;

	ksan_port_lock(&heap_lock);
	s = free_list[c];
	if (s)
		free_list[c] = *(void **)((char *)s + HDR);
	ksan_port_unlock(&heap_lock);
	if (s)
		return s;
	page = kport_alloc_pages(1);
	if (!page)
		return 0;
	n = BM_PAGE / stride;
	ksan_port_lock(&heap_lock);
	for (i = 1; i < n; i++) {
		char *o = page + i * stride;

		*(void **)(o + HDR) = free_list[c];
		free_list[c] = o;
	}
	ksan_port_unlock(&heap_lock);
	return page;
}

static void *alloc(size_t size, gfp_t flags)
{
	struct hdr *h;

	if (!size)
		return ZERO_SIZE_PTR;
	if (size <= (16ul << (NCLASS - 1))) {
		unsigned c = class_of(size);

		h = slot_alloc(c);
		if (!h)
			return 0;
		h->cls = c;
	} else {
		size_t pages = (size + HDR + BM_PAGE - 1) / BM_PAGE;

		/* the header ends the first page's first 16 bytes: the
		 * object is page-aligned + 16 */
		h = kport_alloc_pages(pages);
		if (!h)
			return 0;
		h->cls = LARGE_MAGIC;
	}
	h->size = size;
	if (flags & __GFP_ZERO)
		__memset(h + 1, 0, size);
	return h + 1;
}

static void release(const void *p)
{
	struct hdr *h;

	if (!p || p == ZERO_SIZE_PTR)
		return;
	h = (struct hdr *)p - 1;
	if (h->cls == LARGE_MAGIC) {
		kport_free_pages(h, (h->size + HDR + BM_PAGE - 1) / BM_PAGE);
		return;
	}
	ksan_port_lock(&heap_lock);
	*(void **)(h + 1) = free_list[h->cls];
	free_list[h->cls] = h;
	ksan_port_unlock(&heap_lock);
}

BM_API void *kmalloc(size_t size, gfp_t flags)
{
	return alloc(size, flags);
}

BM_API void *kzalloc(size_t size, gfp_t flags)
{
	return alloc(size, flags | __GFP_ZERO);
}

BM_API void kfree(const void *p)
{
	release(p);
}

BM_API void *krealloc(const void *p, size_t size, gfp_t flags)
{
	size_t old;
	void *n;

	if (!p || p == ZERO_SIZE_PTR)
		return alloc(size, flags);
	old = ((const struct hdr *)p - 1)->size;
	if (!size) {
		release(p);
		return ZERO_SIZE_PTR;
	}
	n = alloc(size, flags);
	if (!n)
		return 0;
	__memcpy(n, p, old < size ? old : size);
	release(p);
	return n;
}

size_t ksize(const void *p)
{
	if (!p || p == ZERO_SIZE_PTR)
		return 0;
	return ((const struct hdr *)p - 1)->size;
}

int ksan_bm_is_kfence(const void *p)
{
	(void)p;
	return 0;
}
