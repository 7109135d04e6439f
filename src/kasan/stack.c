/*
 * This file contains generic KASAN's stack support: the compiler ABI for
 * alloca red zones, the frame shadow setters, the no-return hook that
 * cleans a stack left abnormally, and the decoding of an instrumented
 * frame (its magic, description string and pc) for reports.
 */
#include "kasan.h"

#define ABI __attribute__((visibility("default"), used))
#define KASAN_FRAME_MAGIC 0x41B58AB3ul		/* compiler ABI */
#define KASAN_FRAME_RETIRED 0x45E0360Eul	/* compiler ABI: frame returned */
#define KASAN_ALLOCA_REDZONE 32			/* compiler ABI */
#define FRAME_SEARCH_LIMIT (1ul << 20)		/* bytes walked back to a frame */

/* Make [lo, hi) addressable; big ranges drop whole shadow pages instead of
 * writing them (the stack's shadow is mapped on demand, keep it sparse). */
void kasan_unpoison_range(uintptr_t lo, uintptr_t hi)
{
	uintptr_t s = (uintptr_t)kasan_shadow(ROUND_UP(lo, 8));
	uintptr_t e = (uintptr_t)kasan_shadow(ROUND_DOWN(hi, 8));
	uintptr_t ps = ROUND_UP(s, 4096), pe = ROUND_DOWN(e, 4096);

	if (hi <= lo || e <= s)
		return;
	if (pe > ps + 4 * 4096) {
		core_memset((void *)s, 0, ps - s);
		ksan_port_discard((void *)ps, pe - ps);
		core_memset((void *)pe, 0, e - pe);
	} else {
		core_memset((void *)s, 0, e - s);
	}
}

/*
 * A frame is being left without returning (longjmp, exit, a noreturn call):
 * the frames it skips keep their poison, and we cannot tell where they end.
 * As ASan does, clean the whole stack from here up; the live frames above
 * lose their red zones until they return (missed bugs, never false ones).
 */
void kasan_unpoison_stack_above(uintptr_t sp)
{
	uintptr_t lo, hi;

	if (!kasan_ready || ksan_port_current_stack(&lo, &hi) || sp < lo || sp > hi)
		return;
	kasan_unpoison_range(ROUND_DOWN(sp, 8), hi);
}

/* A thread ends: its stack (reused by the next thread) must be clean. */
void kasan_unpoison_stack(void)
{
	uintptr_t lo, hi;

	if (kasan_ready && !ksan_port_current_stack(&lo, &hi))
		kasan_unpoison_range(lo, hi);
}

ABI __attribute__((noinline)) void __asan_handle_no_return(void)
{
	kasan_unpoison_stack_above((uintptr_t)__builtin_frame_address(0));
}

ABI void __asan_alloca_poison(uintptr_t addr, size_t size)
{
	size_t up = ROUND_UP(size, KASAN_GRANULE);
	size_t pad = ROUND_UP(size, KASAN_ALLOCA_REDZONE) - up;
	size_t down = ROUND_DOWN(size, KASAN_GRANULE);

	if (!kasan_ready)
		return;
	if (size & 7)
		*kasan_shadow(addr + down) = (int8_t)(size & 7);
	kasan_poison(addr - KASAN_ALLOCA_REDZONE, KASAN_ALLOCA_REDZONE, KASAN_ALLOCA_LEFT);
	kasan_poison(addr + up, pad + KASAN_ALLOCA_REDZONE, KASAN_ALLOCA_RIGHT);
}

ABI void __asan_allocas_unpoison(uintptr_t top, uintptr_t bottom)
{
	if (!kasan_ready || !top || bottom <= top)
		return;
	kasan_poison(ROUND_DOWN(top, 8), ROUND_UP(bottom - ROUND_DOWN(top, 8), 8), 0);
}

/* Big frames: clang sets their shadow through these (shadow address, size). */
#define SET_SHADOW(v)							\
ABI void __asan_set_shadow_##v(uintptr_t shadow, size_t n)		\
{ core_memset((void *)shadow, 0x##v, n); }
SET_SHADOW(00)
SET_SHADOW(f1)
SET_SHADOW(f2)
SET_SHADOW(f3)
SET_SHADOW(f5)
SET_SHADOW(f8)

ABI void __asan_poison_stack_memory(uintptr_t addr, size_t size)
{
	if (kasan_ready)
		kasan_poison(ROUND_DOWN(addr, 8), ROUND_UP(size, 8), KASAN_STACK_SCOPE);
}

ABI void __asan_unpoison_stack_memory(uintptr_t addr, size_t size)
{
	if (kasan_ready)
		kasan_unpoison(ROUND_DOWN(addr, 8), size);
}

static int is_stack_value(uint8_t v)
{
	return v < 8 || v == KASAN_STACK_LEFT || v == KASAN_STACK_MID ||
	       v == KASAN_STACK_RIGHT || v == KASAN_STACK_SCOPE ||
	       v == KASAN_STACK_RETURN || v == KASAN_ALLOCA_LEFT ||
	       v == KASAN_ALLOCA_RIGHT;
}

/*
 * Find the instrumented frame holding addr: walk the shadow down to the
 * frame's left red zone (f1), to the start of that run; its first word must
 * be the frame magic, then the description string and the function's pc.
 */
int kasan_find_frame(uintptr_t addr, struct kasan_frame *f)
{
	uintptr_t lo, hi, a = ROUND_DOWN(addr, 8), limit;
	uint32_t tid;
	char name[32];

	core_memset(f, 0, sizeof(*f));
	if ((a = kasan_fake_frame_of(addr, &f->fake_tid))) {
		uintptr_t magic = ((uintptr_t *)a)[0];

		if (magic != KASAN_FRAME_MAGIC && magic != KASAN_FRAME_RETIRED)
			return 0;
		f->base = a;
		f->desc = (const char *)((uintptr_t *)a)[1];
		f->pc = ((uintptr_t *)a)[2];
		f->offset = addr - a;
		return f->desc != 0;
	}
	a = ROUND_DOWN(addr, 8);
	if (ksan_port_current_stack(&lo, &hi) || addr < lo || addr >= hi) {
		if (ksan_port_stack_owner(addr, &tid, name, sizeof(name)))
			return 0;
		lo = ROUND_DOWN(addr, 8) > FRAME_SEARCH_LIMIT ?
		     ROUND_DOWN(addr, 8) - FRAME_SEARCH_LIMIT : 0;
	}
	limit = a - lo > FRAME_SEARCH_LIMIT ? a - FRAME_SEARCH_LIMIT : lo;
	/* skip to a left red zone */
	while (a >= limit && (uint8_t)*kasan_shadow(a) != KASAN_STACK_LEFT) {
		if (!is_stack_value((uint8_t)*kasan_shadow(a)))
			return 0;
		a -= 8;
	}
	if (a < limit)
		return 0;
	while (a - 8 >= limit && (uint8_t)*kasan_shadow(a - 8) == KASAN_STACK_LEFT)
		a -= 8;
	if (((uintptr_t *)a)[0] != KASAN_FRAME_MAGIC)
		return 0;
	f->base = a;
	f->desc = (const char *)((uintptr_t *)a)[1];
	f->pc = ((uintptr_t *)a)[2];
	f->offset = addr - a;
	return f->desc != 0;
}

static const char *parse_num(const char *p, unsigned long *v)
{
	unsigned long n = 0;

	if (*p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		n = n * 10 + (unsigned long)(*p++ - '0');
	*v = n;
	return p;
}

/* The frame description "n off size len name[:line] ...": variable i. */
int kasan_frame_var(const struct kasan_frame *f, unsigned i, struct kasan_frame_var *v)
{
	const char *p = f->desc;
	unsigned long n, k;

	if (!p || !(p = parse_num(p, &n)) || i >= n)
		return -1;
	for (k = 0; k <= i; k++) {
		unsigned long off, size, len;
		const char *colon;

		if (*p++ != ' ' || !(p = parse_num(p, &off)) || *p++ != ' ' ||
		    !(p = parse_num(p, &size)) || *p++ != ' ' ||
		    !(p = parse_num(p, &len)) || *p++ != ' ')
			return -1;
		if (k == i) {
			v->beg = off;
			v->size = size;
			v->name = p;
			v->name_len = len;
			v->line = 0;
			for (colon = p; colon < p + len && *colon != ':'; colon++)
				;
			if (colon < p + len) {
				unsigned long line = 0;

				v->name_len = (size_t)(colon - p);
				if (parse_num(colon + 1, &line))
					v->line = line;
			}
			return 0;
		}
		p += len;
	}
	return -1;
}

unsigned kasan_frame_nvars(const struct kasan_frame *f)
{
	unsigned long n = 0;

	if (!f->desc || !parse_num(f->desc, &n))
		return 0;
	return (unsigned)n;
}
