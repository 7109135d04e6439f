/*
 * This file contains ksan.h's public calls under tag-based KASAN: explicit
 * checks are tag checks of the range through the pointer's tag; poisoning
 * retags the granules wholly inside the range with TAG_INVALID (no
 * pointer has it), unpoisoning gives them the pointer's tag back.  Weak,
 * as KCSAN's are: in an archive that also holds KASAN (libksan_core.a),
 * generic KASAN's definitions win.  The names are in parentheses in case
 * ksan.h makes one a macro.
 */
#include "tags.h"

#define API __attribute__((visibility("default"), noinline, weak))
#define CALLER ((uintptr_t)__builtin_return_address(0)), \
	((uintptr_t)__builtin_frame_address(0)), 0

static int covered(uintptr_t a, size_t size, uintptr_t *lo, uintptr_t *hi)
{
	uintptr_t u = tag_reset(a);

	*lo = ROUND_UP(u, TAGS_GRANULE);
	*hi = ROUND_DOWN(u + size, TAGS_GRANULE);
	return size && *lo < *hi && tags_has_shadow(*lo) && tags_has_shadow(*hi - 1) &&
	       (tags_hw || !ksan_port_shadow_ensure(*lo, *hi - *lo));
}

API void (ksan_poison)(const volatile void *addr, size_t size)
{
	uintptr_t lo, hi;

	if (covered((uintptr_t)addr, size, &lo, &hi))
		tags_set(tag_set_ptr(lo, tag_get_ptr((uintptr_t)addr)), hi - lo, TAG_INVALID);
}

API void (ksan_unpoison)(const volatile void *addr, size_t size)
{
	uintptr_t lo, hi;
	uint8_t t = tag_get_ptr((uintptr_t)addr);

	if (t != TAG_MATCH_ALL && covered((uintptr_t)addr, size, &lo, &hi))
		tags_set(lo, hi - lo, t);
}

API void *(ksan_region_is_poisoned)(const volatile void *addr, size_t size)
{
	uintptr_t a = (uintptr_t)addr, g;
	uint8_t t = tag_get_ptr(a);

	if (!size || t == TAG_MATCH_ALL || !tags_has_shadow(a) || !tags_has_shadow(a + size - 1))
		return 0;
	if (tags_hw && !core_pagemap_get(tag_reset(a)))
		return 0;	/* no tags outside the heap */
	if (!tags_hw && ksan_port_shadow_ensure(tag_reset(a), size))
		return 0;
	for (g = ROUND_DOWN(tag_reset(a), TAGS_GRANULE); g < tag_reset(a) + size; g += TAGS_GRANULE)
		if (tags_get(g) != t)
			return (void *)tag_set_ptr(g < tag_reset(a) ? tag_reset(a) : g, t);
	return 0;
}

API int (ksan_address_is_poisoned)(const volatile void *addr)
{
	return ksan_region_is_poisoned(addr, 1) != 0;
}

API void (ksan_check_read)(const volatile void *addr, size_t size)
{
	tags_check_range((uintptr_t)addr, size, 0, CALLER);
}

API void (ksan_check_write)(const volatile void *addr, size_t size)
{
	tags_check_range((uintptr_t)addr, size, 1, CALLER);
}

/* The stack ring keeps allocation and free events only. */
API void (ksan_record_aux_stack)(const volatile void *ptr)
{
}
