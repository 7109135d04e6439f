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

int port_heap_ready(void)
{
	return kasan_ready;
}

void *port_heap_malloc(size_t size, size_t align, int flags, const struct core_caller *c, int *err)
{
	return kasan_malloc(size, align, flags, c, err);
}

int port_heap_free(void *p, const struct core_caller *c)
{
	return kasan_free(p, c);
}

size_t port_heap_usable_size(const void *p)
{
	return kasan_usable_size(p);
}

size_t port_heap_realloc_size(void *p, const struct core_caller *c)
{
	return kasan_realloc_size(p, c);
}

uint32_t port_heap_alloc_stack(const void *p)
{
	return kasan_alloc_stack(p);
}

void port_heap_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc, uintptr_t fp,
		       uintptr_t entry)
{
	kasan_report_alloc(type, a, b, pc, fp, entry);
}

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
