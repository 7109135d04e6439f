/*
 * This file contains KMSAN's conservative fallback for code it does not see
 * (KSAN_OPTIONS=kmsan_trust_uninstrumented=1): bytes that an unmodelled C
 * library function or an uninstrumented library wrote are taken as
 * initialised.
 *
 * How it knows: in that mode the runtime fills the memory it poisons itself
 * (fresh and freed heap objects, local variables at __msan_poison_alloca)
 * with KMSAN_FILL.  Instrumented code clears the shadow of what it writes,
 * and the libc model does for what the library is known to write, so a
 * byte whose shadow still says "uninitialised" but whose value differs
 * from the fill (in a poisoned bit) was written by code KMSAN does not
 * see.  Before the program's load, a copy (memcpy, realloc) or a check at a
 * boundary (write, send) reads such a byte's shadow, settle() clears it.
 *
 * Only bytes whose origin is the runtime's own poisoning (heap allocation,
 * free, local variable), also through copies' chain links, are judged: an instrumented store of an
 * uninitialised value (x + 1 of an uninitialised x) chains the origin
 * (__msan_chain_origin), so its changed bytes stay uninitialised, and so do
 * bytes poisoned through the API (ksan_poison_memory, whose origin is a
 * chain link too).  What it cannot tell: uninstrumented code that writes
 * the fill value itself (those bytes stay uninitialised: a report that
 * remains), and garbage written by uninstrumented code (taken as
 * initialised: a real uninitialised read can be missed there).
 */
#include "kmsan.h"

int kmsan_trust CORE_HIDDEN;

void kmsan_fallback_init(void)
{
	kmsan_trust = core_opt.kmsan_trust_uninstrumented != 0;
}

void kmsan_poison_fresh(void *p, size_t n, uint32_t origin)
{
	if (unlikely(kmsan_trust) && n && kmsan_is_app_range((uintptr_t)p, n))
		core_memset(p, KMSAN_FILL, n);
	kmsan_poison(p, n, origin);
}

/* 1 if origin id comes from the runtime's own poisoning, which filled:
 * directly, or through links made by copies (memcpy called by a library
 * KMSAN does not see, before it wrote the data over the copy: zlib's and
 * liblzma's windows), which moved those bytes unchanged.  A link made by
 * an instrumented store (x + 1) or by the API ends the walk: not judged. */
static int filled_origin(uint32_t id)
{
	struct kmsan_origin_info o;
	unsigned hops = 0;

	kmsan_origin_describe(id, &o);
	while (o.kind == KMSAN_ORIGIN_CHAIN && o.copy &&
	       hops++ < KMSAN_MAX_ORIGIN_DEPTH)
		kmsan_origin_describe(o.prev, &o);
	return o.kind == KMSAN_ORIGIN_ALLOC || o.kind == KMSAN_ORIGIN_FREE ||
	       o.kind == KMSAN_ORIGIN_ALLOCA;
}

/* Some shadow byte of [a, a+n) is set: clear those that foreign code
 * changed.  The origin of each 4-byte slot is looked up once. */
static void settle(uintptr_t a, size_t n)
{
	const volatile uint8_t *d = (const volatile uint8_t *)a;
	uint8_t *s = kmsan_shadow_of(a);
	uint32_t *last = 0;
	int ok = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		uint32_t *o;

		if (!s[i] || !((d[i] ^ KMSAN_FILL) & s[i]))
			continue;
		o = kmsan_origin_of(a + i);
		if (o != last) {
			last = o;
			ok = filled_origin(*o);
		}
		if (ok)
			s[i] = 0;
	}
}

void kmsan_settle(const void *p, size_t n)
{
	uintptr_t a = (uintptr_t)p;

	if (!n || !kmsan_is_app_range(a, n) || kmsan_first_uninit(p, n) == n)
		return;
	settle(a, n);
}
