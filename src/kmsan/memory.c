/*
 * This file contains KMSAN's metadata operations: poisoning and unpoisoning
 * ranges with their origins, copying metadata along with data, and finding
 * uninitialised bytes.  Ranges outside the application ranges have no
 * metadata and are left alone (reads of them count as initialised).
 */
#include "kmsan.h"

int kmsan_ready;

int kmsan_is_meta(uintptr_t a, uintptr_t *app)
{
	static const struct { uintptr_t lo, hi; int origin; } meta[] = {
		{ 0x010000000000UL, 0x100000000000UL, 0 },	/* shadow-2 */
		{ 0x110000000000UL, 0x200000000000UL, 1 },	/* origin-2 */
		{ 0x200000000000UL, 0x300000000000UL, 0 },	/* shadow-3 */
		{ 0x300000000000UL, 0x400000000000UL, 1 },	/* origin-3 */
		{ 0x500000000000UL, 0x510000000000UL, 0 },	/* shadow-1 */
		{ 0x600000000000UL, 0x610000000000UL, 1 },	/* origin-1 */
	};
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(meta); i++) {
		if (a < meta[i].lo || a >= meta[i].hi)
			continue;
		if (app)
			*app = (meta[i].origin ? a - KMSAN_ORIGIN_ADD : a) ^
			       KMSAN_SHADOW_XOR;
		return 1;
	}
	return 0;
}

/* Write one origin over the 4-byte slots covering [p, p+n). */
static void set_origins(uintptr_t p, size_t n, uint32_t origin)
{
	uint32_t *o = kmsan_origin_of(p);
	uint32_t *e = kmsan_origin_of(p + n - 1);

	for (; o <= e; o++)
		*o = origin;
}

void kmsan_poison(const void *ptr, size_t n, uint32_t origin)
{
	uintptr_t p = (uintptr_t)ptr;

	if (!n || !kmsan_is_app_range(p, n))
		return;
	core_memset(kmsan_shadow_of(p), 0xff, n);
	set_origins(p, n, origin);
}

void kmsan_unpoison(const void *ptr, size_t n)
{
	uintptr_t p = (uintptr_t)ptr;

	if (!n || !kmsan_is_app_range(p, n))
		return;
	/* origins stay: they mean nothing while the shadow is clean, and a
	 * partly clean 4-byte slot keeps the origin of its other bytes */
	core_memset(kmsan_shadow_of(p), 0, n);
}

/* 1 if the n shadow bytes at s are all zero. */
static int shadow_clean(const uint8_t *s, size_t n)
{
	typedef uint64_t __attribute__((may_alias)) word_t;

	for (; n && ((uintptr_t)s & 7); n--, s++)
		if (*s)
			return 0;
	for (; n >= 8; n -= 8, s += 8)
		if (*(const word_t *)s)
			return 0;
	for (; n; n--, s++)
		if (*s)
			return 0;
	return 1;
}

size_t kmsan_first_uninit(const void *ptr, size_t n)
{
	uintptr_t p = (uintptr_t)ptr;
	const uint8_t *s;
	size_t i;

	if (!n || !kmsan_is_app_range(p, n))
		return n;
	s = kmsan_shadow_of(p);
	if (shadow_clean(s, n))
		return n;
	for (i = 0; i < n; i++)
		if (s[i])
			return i;
	return n;
}

/* Origins of one copy, with a one-entry cache: runs of bytes sharing an
 * origin (the common case) chain it once. */
struct origin_copy {
	uintptr_t d, s, pc, fp;
	const struct kmsan_caller *caller;	/* or 0: pc, fp */
	const uint8_t *ds;		/* the destination's shadow, already copied */
	uint32_t last_in, last_out;
};

static uint32_t chain_copy(const struct origin_copy *c, uint32_t o)
{
	if (!o)
		return 0;
	if (c->caller)
		return kmsan_origin_copy_caller(o, c->caller);
	return kmsan_origin_copy(o, c->pc, c->fp);
}

/* Destination bytes [i, end) share one origin slot: it takes the origin of
 * the source byte landing on its first uninitialised byte, chained. */
static void copy_slot_origin(struct origin_copy *c, size_t i, size_t end)
{
	for (; i < end; i++) {
		uint32_t o;

		if (!c->ds[i])
			continue;
		o = *kmsan_origin_of(c->s + i);
		if (o != c->last_in) {
			c->last_in = o;
			c->last_out = chain_copy(c, o);
		}
		*kmsan_origin_of(c->d + i) = c->last_out;
		return;
	}
}

/*
 * Copy the metadata of n bytes from src to dst, memmove-safe.  Origins go
 * 4-byte slot by slot, chained to the current stack (one chain per
 * distinct origin, as the kernel's memcpy does).  When the ranges overlap
 * with dst above src the slots go back to front, as memmove copies data:
 * front to back would read source slots this copy already rewrote and
 * chain their origins twice.
 */
static void copy_meta(struct origin_copy *c, size_t n)
{
	const uint8_t *ss;
	uint8_t *ds;
	size_t i;

	if (!n || c->d == c->s || !kmsan_is_app_range(c->d, n))
		return;
	if (!kmsan_is_app_range(c->s, n)) {
		core_memset(kmsan_shadow_of(c->d), 0, n);	/* no metadata: clean */
		return;
	}
	/* kmsan_trust_uninstrumented: what foreign code wrote is clean
	 * before it travels (the copy's origins become chain links, which
	 * fallback.c no longer judges); an overlapping move has already
	 * overwritten part of the source: its callers settle first */
	kmsan_settle_if_trusted((const void *)c->s, n);
	ss = kmsan_shadow_of(c->s);
	ds = kmsan_shadow_of(c->d);
	if (shadow_clean(ss, n)) {
		core_memset(ds, 0, n);
		return;
	}
	core_memmove(ds, ss, n);
	c->ds = ds;
	if (c->d - c->s < n) {		/* overlapping, dst above src */
		size_t end = n;

		while (end) {
			uintptr_t slot = ROUND_DOWN(c->d + end - 1, 4);

			i = slot > c->d ? slot - c->d : 0;
			copy_slot_origin(c, i, end);
			end = i;
		}
		return;
	}
	for (i = 0; i < n;) {
		uintptr_t slot = ROUND_DOWN(c->d + i, 4);
		size_t end = slot + 4 - c->d < n ? slot + 4 - c->d : n;

		copy_slot_origin(c, i, end);
		i = end;
	}
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wframe-address"	/* built with frame pointers */
void kmsan_copy_meta(void *dst, const void *src, size_t n)
{
	/* the chain starts at the copy's caller: the program, not the
	 * runtime's entry point (always called directly) */
	struct origin_copy c = {
		.d = (uintptr_t)dst, .s = (uintptr_t)src,
		.pc = (uintptr_t)__builtin_return_address(1),
		.fp = (uintptr_t)__builtin_frame_address(1),
	};

	copy_meta(&c, n);
}
#pragma GCC diagnostic pop

void kmsan_copy_meta_caller(void *dst, const void *src, size_t n,
			    const struct kmsan_caller *caller)
{
	struct origin_copy c = {
		.d = (uintptr_t)dst, .s = (uintptr_t)src, .caller = caller,
	};

	copy_meta(&c, n);
}
