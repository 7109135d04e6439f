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

#endif
