/*
 * This file contains generic KASAN's side of the heap contract (heap.h):
 * the malloc family of libksan.a allocates from KASAN's heap (red zones,
 * quarantine, src/kasan/alloc.c).
 */
#include "../linux.h"
#include "../heap.h"

void port_heap_init(void)
{
	kasan_heap_init();
	__atomic_store_n(&kasan_ready, 1, __ATOMIC_RELEASE);
}

PORT_HEAP_FORWARD(kasan_ready, kasan_malloc, kasan_free, kasan_usable_size, kasan_realloc_size,
		  kasan_alloc_stack, kasan_report_alloc)

/* a plain copy */
void port_heap_copy(void *d, const void *s, size_t n, const struct core_caller *c)
{
	real_memcpy(d, s, n);
}

/* A KFENCE object: its page (4096 bytes, KFENCE's, one object at a time)
 * may have held an object armed with intra-object red zones (kfence_free
 * does not know KASAN's shadow): forget it and clear its gaps. */
void port_heap_sampled(void *p, size_t size, int flags, const struct core_caller *c)
{
	kasan_intra_forget(ROUND_DOWN((uintptr_t)p, 4096), 4096, 1);
}
