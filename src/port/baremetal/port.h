/*
 * This file contains what the bare-metal port's files share: the detectors'
 * private headers, the binding to the kernel, and the span of memory that
 * has shadow.
 */
#ifndef KSAN_PORT_BAREMETAL_PORT_H
#define KSAN_PORT_BAREMETAL_PORT_H

#include "../../kasan/kasan.h"
#include "../../kfence/kfence.h"
#include "baremetal.h"

/* Memory below this has shadow (mapped read-only onto the zero page at
 * start-up, pages of its own where the port populates it). */
#define BM_SHADOW_COVER (1ull << 32)
#define BM_PAGE 4096ul
#define BM_EXIT_ABORT 2		/* the kernel's panic status */

/* The caller of an entry point (kmalloc, memcpy...): its own address, the
 * return address into its caller and the frame holding it.  Must be
 * expanded in the entry point itself, which must not be inlined. */
#define BM_CALLER(cl, fn)						\
	const struct kasan_caller cl = { (uintptr_t)(fn),		\
		(uintptr_t)__builtin_return_address(0),			\
		(uintptr_t)__builtin_frame_address(0), 0 }
#define BM_API __attribute__((noinline, used))

/*
 * The kernel heap's contract: kmalloc.c's entry points (kmalloc, kzalloc,
 * kfree, krealloc, ksize) over the runtime's heap, defined once per
 * runtime: heap.c (generic KASAN, KFENCE sampling first), heap_kmsan.c
 * (KMSAN), heap_plain.c (KCSAN's kernel: no checks).  p is never NULL or
 * ZERO_SIZE_PTR, size never 0.
 */
void *bm_heap_alloc(size_t size, gfp_t flags, const struct kasan_caller *cl);
void bm_heap_free(const void *p, const struct kasan_caller *cl);
/* the live object p's size for krealloc, (size_t)-1 (reported) if p is
 * not one */
size_t bm_heap_realloc_size(const void *p, const struct kasan_caller *cl);
/* krealloc's copy of n bytes from the old object s into the new one d */
void bm_heap_copy(void *d, const void *s, size_t n, const struct kasan_caller *cl);
/* the live object p's usable size, 0 if unknown */
size_t bm_heap_ksize(const void *p);

#endif
