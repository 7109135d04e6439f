/*
 * This file contains KCSAN's public calls (include/ksan/ksan.h): the
 * kernel's annotations behind KSAN_DATA_RACE and KSAN_ASSERT_EXCLUSIVE_*,
 * and what the other detectors' calls mean under KCSAN.
 */
#include "kcsan.h"

#define API __attribute__((visibility("default"), noinline))
#define CALLER (uintptr_t)__builtin_return_address(0), \
	(uintptr_t)__builtin_frame_address(0)

_Static_assert(KSAN_KCSAN_WRITE == KCSAN_ACCESS_WRITE, "ksan.h's write bit is KCSAN's");
_Static_assert(KSAN_KCSAN_ASSERT == KCSAN_ACCESS_ASSERT, "ksan.h's assert bit is KCSAN's");

/* KSAN_DATA_RACE: no access in between is checked (nests) */
API void ksan_kcsan_disable_current(void)
{
	kcsan_ctx()->disable_count++;
}

API void ksan_kcsan_enable_current(void)
{
	struct kcsan_ctx *ctx = kcsan_ctx();

	if (ctx->disable_count > 0)	/* an unbalanced enable changes nothing */
		ctx->disable_count--;
}

/* An access of any length, as the instrumentation's: the caller's frame
 * is its first; KSAN_ASSERT_EXCLUSIVE_* pass KSAN_KCSAN_ASSERT. */
API void ksan_kcsan_check_access(const volatile void *ptr, size_t size, int type)
{
	if (size)
		kcsan_check((uintptr_t)ptr, size,
			    type & (KCSAN_ACCESS_WRITE | KCSAN_ACCESS_ASSERT), CALLER);
}

/* KSAN_ASSERT_EXCLUSIVE_BITS: only these bits of the next watched value
 * must not change (0: all of them) */
API void ksan_kcsan_set_access_mask(unsigned long long mask)
{
	kcsan_ctx()->access_mask = mask;
}

/* The next n accesses are marked.  They must reach kcsan_slow, which
 * counts them off: the countdown is kept aside until the last one. */
API void ksan_kcsan_atomic_next(int n)
{
	struct kcsan_ctx *ctx = kcsan_ctx();

	if (n > 0) {
		if (ctx->atomic_next <= 0)
			ctx->saved_skip = ctx->skip;
		ctx->atomic_next = n;
		ctx->skip = 0;
	} else if (ctx->atomic_next > 0) {
		ctx->atomic_next = 0;
		ctx->skip = ctx->saved_skip;
	}
}

/*
 * The other detectors' calls under KCSAN, which has no shadow: poisoning
 * and initialisation are not tracked (nothing is poisoned, nothing
 * reported), but an explicit check of a range is an access KCSAN can
 * check.  Weak: in an archive that also holds KASAN or KMSAN
 * (libksan_core.a), theirs win.  The names are in parentheses in case
 * ksan.h makes one a macro.
 */
#define OTHER_API API __attribute__((weak))

OTHER_API void (ksan_poison)(const volatile void *addr, size_t size)
{
}

OTHER_API void (ksan_unpoison)(const volatile void *addr, size_t size)
{
}

OTHER_API void *(ksan_region_is_poisoned)(const volatile void *addr, size_t size)
{
	return 0;
}

OTHER_API int (ksan_address_is_poisoned)(const volatile void *addr)
{
	return 0;
}

OTHER_API void (ksan_check_read)(const volatile void *addr, size_t size)
{
	if (size)
		kcsan_check((uintptr_t)addr, size, KCSAN_ACCESS_READ, CALLER);
}

OTHER_API void (ksan_check_write)(const volatile void *addr, size_t size)
{
	if (size)
		kcsan_check((uintptr_t)addr, size, KCSAN_ACCESS_WRITE, CALLER);
}

OTHER_API void (ksan_record_aux_stack)(const volatile void *ptr)
{
}

OTHER_API void (ksan_check_memory)(const volatile void *addr, size_t size, const char *what)
{
}

OTHER_API void (ksan_unpoison_memory)(const volatile void *addr, size_t size)
{
}

OTHER_API void (ksan_poison_memory)(const volatile void *addr, size_t size)
{
}

OTHER_API void (__msan_unpoison)(const volatile void *addr, size_t size)
{
}

OTHER_API void (__msan_poison)(const volatile void *addr, size_t size)
{
}

OTHER_API void (__msan_check_mem_is_initialized)(const volatile void *addr, size_t size)
{
}
