/*
 * This file contains tag-based KASAN's side of the heap contract (heap.h):
 * the malloc family of libksan-tags.a allocates from the tagged heap
 * (src/tags/alloc.c); port_heap_init is port.c's start-up.
 */
#include "../linux.h"
#include "../heap.h"

_Static_assert((int)CORE_ALLOC_ENOMEM == (int)KASAN_ENOMEM && TAGS_ZERO == KASAN_ZERO,
	       "one set of heap numbers");

PORT_HEAP_FORWARD(tags_ready, tags_malloc, tags_free, tags_usable_size, tags_realloc_size,
		  tags_alloc_stack, tags_report_alloc)

/* a plain copy: both pointers carry their objects' tags */
void port_heap_copy(void *d, const void *s, size_t n, const struct core_caller *c)
{
	real_memcpy(d, s, n);
}

void port_heap_sampled(void *p, size_t size, int flags, const struct core_caller *c)
{
}
