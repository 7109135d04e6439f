/*
 * This file contains the kernel heap (port.h's contract, under kmalloc.c's
 * entry points) of a kernel without KASAN: power-of-two classes from 16 to
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

void *bm_heap_alloc(size_t size, gfp_t flags, const struct kasan_caller *cl)
{
	struct hdr *h;

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

void bm_heap_free(const void *p, const struct kasan_caller *cl)
{
	struct hdr *h;

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

size_t bm_heap_realloc_size(const void *p, const struct kasan_caller *cl)
{
	return ((const struct hdr *)p - 1)->size;
}

void bm_heap_copy(void *d, const void *s, size_t n, const struct kasan_caller *cl)
{
	__memcpy(d, s, n);
}

size_t bm_heap_ksize(const void *p)
{
	return ((const struct hdr *)p - 1)->size;
}

int ksan_bm_is_kfence(const void *p)
{
	(void)p;
	return 0;
}
