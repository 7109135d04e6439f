/*
 * This file contains tag-based KASAN's side of the heap contract (heap.h):
 * the malloc family of libksan-tags.a allocates from the tagged heap
 * (src/tags/alloc.c); port_heap_init is port.c's start-up.
 */
#include "../linux.h"
#include "../heap.h"

_Static_assert((int)CORE_ALLOC_ENOMEM == (int)KASAN_ENOMEM && TAGS_ZERO == KASAN_ZERO,
	       "one set of heap numbers");

int port_heap_ready(void)
{
	return tags_ready;
}

void *port_heap_malloc(size_t size, size_t align, int flags, const struct core_caller *c, int *err)
{
	return tags_malloc(size, align, flags, c, err);
}

int port_heap_free(void *p, const struct core_caller *c)
{
	return tags_free(p, c);
}

size_t port_heap_usable_size(const void *p)
{
	return tags_usable_size(p);
}

size_t port_heap_realloc_size(void *p, const struct core_caller *c)
{
	return tags_realloc_size(p, c);
}

uint32_t port_heap_alloc_stack(const void *p)
{
	return tags_alloc_stack(p);
}

void port_heap_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc, uintptr_t fp,
		       uintptr_t entry)
{
	tags_report_alloc(type, a, b, pc, fp, entry);
}

/* a plain copy: both pointers carry their objects' tags */
void port_heap_copy(void *d, const void *s, size_t n, const struct core_caller *c)
{
	real_memcpy(d, s, n);
}

void port_heap_sampled(void *p, size_t size, int flags, const struct core_caller *c)
{
}
