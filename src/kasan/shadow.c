/*
 * This file contains shadow memory manipulation and the generic range check
 * shared by the ABI entry points, the checked mem* functions and ksan.h.
 */
#include "kasan.h"

int kasan_ready;

/* Shadow runs of heap objects are short (2-32 bytes for most): two
 * overlapping stores instead of a call and a loop. */
static inline void shadow_fill(int8_t *s, uint8_t v, size_t n)
{
	uint64_t w = 0x0101010101010101ull * v;

	if (n >= 8 && n <= 16) {
		__builtin_memcpy(s, &w, 8);
		__builtin_memcpy(s + n - 8, &w, 8);
	} else if (n >= 4 && n < 8) {
		uint32_t w4 = (uint32_t)w;

		__builtin_memcpy(s, &w4, 4);
		__builtin_memcpy(s + n - 4, &w4, 4);
	} else if (n < 4) {
		while (n--)
			*s++ = (int8_t)v;
	} else {
		core_memset(s, v, n);
	}
}

void kasan_poison(uintptr_t addr, size_t size, uint8_t value)
{
	shadow_fill(kasan_shadow(addr), value, size >> KASAN_GRANULE_SHIFT);
}

void kasan_unpoison(uintptr_t addr, size_t size)
{
	shadow_fill(kasan_shadow(addr), 0, size >> KASAN_GRANULE_SHIFT);
	if (size & 7)
		*kasan_shadow(addr + size) = (int8_t)(size & 7);
}

/*
 * A granule's shadow says where its first bad byte is: 0 none, 1..7 that
 * many valid bytes first, negative all of it.  So a partial granule ends
 * the scan, and clean granules are passed over a shadow word (8 granules'
 * shadow bytes, 64 bytes of memory) at a time once aligned.
 */
uintptr_t kasan_first_bad(uintptr_t addr, size_t size)
{
	typedef uint64_t __attribute__((may_alias)) word_t;
	uintptr_t a = addr, end = addr + size;

	while (a < end) {
		int8_t s = *kasan_shadow(a);
		uintptr_t g = ROUND_DOWN(a, KASAN_GRANULE);

		if (s < 0 || (s > 0 && (int8_t)(a & 7) >= s))
			return a;
		if (s > 0)
			return g + (uintptr_t)s < end ? g + (uintptr_t)s : 0;
		a = g + KASAN_GRANULE;
		while (a < end && end - a >= 64 && !((uintptr_t)kasan_shadow(a) & 7) &&
		       !*(const word_t *)kasan_shadow(a))
			a += 64;
	}
	return 0;
}

/* Generic check: an access is bad if any of its bytes is poisoned. */
int kasan_check_range(uintptr_t addr, size_t size, int write, uintptr_t pc,
		      uintptr_t fp, uintptr_t entry)
{
	if (unlikely(!size) || unlikely(!kasan_ready))
		return 1;
	if (likely(kasan_range_clean(addr, size)))
		return 1;
	kasan_report(addr, size, write, pc, fp, entry);
	return 0;
}

/* ---- public interface (ksan.h) --------------------------------------- */

/*
 * ASan's rule for granules the range covers only in part (its interface
 * promises it, and code such as GCC's asan/strlen-overflow-1.c relies on
 * it): a granule poisoned from its middle on keeps its valid prefix (shadow
 * = the number of valid leading bytes); a granule whose range ends inside
 * it is poisoned only when the bytes after the range are unaddressable
 * already (its shadow is 1..end offset), i.e. when poisoning the range
 * makes the granule's valid part end earlier or vanish.  Otherwise it stays
 * as it was: one shadow byte cannot describe a hole.
 */
void kasan_poison_partial(uintptr_t b, uintptr_t e, uint8_t v)
{
	int8_t *s, *es;
	int8_t head = (int8_t)(b & 7), tail = (int8_t)(e & 7);

	if (b >= e)
		return;
	s = kasan_shadow(b);
	es = kasan_shadow(e);
	if (s == es) {		/* inside one granule, not up to its end */
		if (*s > 0 && *s <= tail)
			*s = head ? (*s < head ? *s : head) : (int8_t)v;
		return;
	}
	if (head) {
		if (*s == 0 || *s > head)
			*s = head;
		s++;
	}
	if (es > s)
		shadow_fill(s, v, (size_t)(es - s));
	if (tail && *es > 0 && *es <= tail)
		*es = (int8_t)v;
}

void ksan_poison(const volatile void *p, size_t size)
{
	uintptr_t b = (uintptr_t)p, end = b + size;

	if (!kasan_ready || !size || end < b || end > KASAN_ADDR_LIMIT)
		return;
	if (ksan_port_shadow_ensure(ROUND_DOWN(b, 8), size + 8))
		return;
	kasan_poison_partial(b, end, KASAN_USER_POISON);
}

void ksan_unpoison(const volatile void *p, size_t size)
{
	uintptr_t a = (uintptr_t)p;

	if (!kasan_ready || a + size < a || a + size > KASAN_ADDR_LIMIT || !size)
		return;
	if (ksan_port_shadow_ensure(ROUND_DOWN(a, 8), size + 8))
		return;
	if (a & 7) {
		/* the granule's head stays as it was; make the rest valid */
		int8_t *s = kasan_shadow(a);
		size_t head = 8 - (a & 7);

		if (size <= head) {
			if (*s > 0 && *s < (int8_t)((a & 7) + size))
				*s = (int8_t)((a & 7) + size);
			else if (*s < 0)
				*s = (int8_t)((a & 7) + size) & 7;
			return;
		}
		*s = 0;
		a += head;
		size -= head;
	}
	{
		int8_t *last = kasan_shadow(a + size);
		int8_t keep = *last;

		kasan_unpoison(a, size);
		/* a partial tail must not shrink a granule already valid further */
		if ((size & 7) && keep >= 0 && (keep == 0 || keep > (int8_t)(size & 7)))
			*last = keep;
	}
}

void *ksan_region_is_poisoned(const volatile void *p, size_t size)
{
	uintptr_t a = (uintptr_t)p;

	if (!kasan_ready || !size || a + size < a || a + size > KASAN_ADDR_LIMIT)
		return 0;
	return (void *)kasan_first_bad(a, size);
}

int ksan_address_is_poisoned(const volatile void *p)
{
	uintptr_t a = (uintptr_t)p;

	if (!kasan_ready || a >= KASAN_ADDR_LIMIT)
		return 0;
	return kasan_bad_1(a);
}

__attribute__((noinline)) void ksan_check_read(const volatile void *p, size_t size)
{
	kasan_check_range((uintptr_t)p, size, 0,
			  (uintptr_t)__builtin_return_address(0),
			  (uintptr_t)__builtin_frame_address(0), 0);
}

__attribute__((noinline)) void ksan_check_write(const volatile void *p, size_t size)
{
	kasan_check_range((uintptr_t)p, size, 1,
			  (uintptr_t)__builtin_return_address(0),
			  (uintptr_t)__builtin_frame_address(0), 0);
}
