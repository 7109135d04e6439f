/*
 * This file contains generic KASAN's check of pointer pairs: the calls that
 * -fsanitize=pointer-compare and -fsanitize=pointer-subtract put before a
 * relational comparison (<, <=, >, >=) or a subtraction of two pointers,
 * and the rule that says whether the two point into one object
 * (detect_invalid_pointer_pairs; the report is report_ptrpair.c's).
 *
 * The rule, ASan's (asan_report.cpp, CheckForInvalidPointerPair) made
 * exact where ksan knows more.  Equal pointers are a valid pair.  Otherwise
 * call the lower one left, the higher one right:
 *  - at most PAIR_NEAR bytes apart, the pair is valid when no byte of
 *    [left, right) is poisoned: no red zone, freed or poisoned memory lies
 *    between them (right itself may be one past the end of the object);
 *  - farther apart, by what ksan knows of left: inside a live heap object
 *    (or a checked pool's), right must not lie past that object's end; in
 *    a freed one, the pair is invalid; inside a registered global, right
 *    must not lie past its end; in a thread's stack (or a fake frame),
 *    right must lie in the same stack (frame) with no poisoned byte of
 *    [left, right) between them, i.e. in the same variable or one past it;
 *    the objects of a pool heap of the core's registry (KFENCE's sampled
 *    objects, --ksan=kasan,kfence) count as heap objects, the rest of its
 *    pool (slack and guard pages) as no object's memory: any pair with a
 *    pointer there is invalid;
 *  - left in memory ksan knows nothing of: the pair is invalid when right
 *    (or the byte before it) is in a heap object, a global or a stack, and
 *    not reported when ksan knows neither pointer.
 */
#include "kasan.h"

#define ABI __attribute__((visibility("default"), used))
#define RET() ((uintptr_t)__builtin_return_address(0))
#define FRAME() ((uintptr_t)__builtin_frame_address(0))

/* Pairs this close are judged by the shadow between them (ASan's bound:
 * 256 shadow bytes, read fast). */
#define PAIR_NEAR 2048

/* The shadow range has no shadow of its own (its would-be shadow is the
 * gap the port keeps unmapped, where a read is a wild access). */
#define SHADOW_LO ((uintptr_t)KASAN_SHADOW_OFFSET)
#define SHADOW_HI ((KASAN_ADDR_LIMIT >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET)

static int shadow_readable(uintptr_t a)
{
	return a >= KASAN_NULL_LIMIT && a < KASAN_ADDR_LIMIT &&
	       !(a >= SHADOW_LO && a < SHADOW_HI);
}

/* No poisoned byte in [lo, hi) (both in memory with shadow). */
static int clean_between(uintptr_t lo, uintptr_t hi)
{
	return !kasan_first_bad(lo, hi - lo);
}

enum place_kind {
	PLACE_NONE, PLACE_HEAP, PLACE_GLOBAL, PLACE_STACK, PLACE_FAKE, PLACE_THREAD,
	PLACE_POOL_GAP,		/* a pool heap (KFENCE's) outside its objects */
};

/* What ksan knows of the memory at an address. */
struct place {
	enum place_kind kind;
	uintptr_t end;		/* heap, global: one past the object */
	int freed;		/* heap: the object is freed */
	uintptr_t lo, hi;	/* stack: the current thread's stack bounds */
	uintptr_t frame;	/* fake: the fake frame's base */
	uint32_t tid;		/* thread: whose stack */
};

/* In [beg, beg + size), or at beg of an object of size 0. */
static int inside(uintptr_t a, uintptr_t beg, size_t size)
{
	return a >= beg && (a - beg < size || (!size && a == beg));
}

static int find_place(uintptr_t a, struct place *p)
{
	struct kasan_object o;
	struct kasan_global_info g;
	const struct core_heap *pool;
	char name[16];

	p->kind = PLACE_NONE;
	if ((pool = core_heap_pool_of(a))) {
		struct core_heap_object m;

		/* a sampled object (kasan,kfence): the heap's, without shadow */
		if (pool->find && pool->find(a, &m) && inside(a, m.start, m.size)) {
			p->kind = PLACE_HEAP;
			p->end = m.start + m.size;
			p->freed = m.freed;
		} else {
			p->kind = PLACE_POOL_GAP;
		}
		return 1;
	}
	if (!shadow_readable(a))
		return 0;
	if (kasan_find_object(a, &o) && inside(a, o.start, o.size)) {
		p->kind = PLACE_HEAP;
		p->end = o.start + o.size;
		p->freed = o.freed;
		return 1;
	}
	if (!ksan_port_current_stack(&p->lo, &p->hi) && a >= p->lo && a < p->hi) {
		p->kind = PLACE_STACK;
		return 1;
	}
	if ((p->frame = kasan_fake_frame_of(a, &p->tid))) {
		p->kind = PLACE_FAKE;
		return 1;
	}
	if (kasan_find_global(a, &g) && inside(a, g.beg, g.size)) {
		p->kind = PLACE_GLOBAL;
		p->end = g.beg + g.size;
		return 1;
	}
	if (!ksan_port_stack_owner(a, &p->tid, name, sizeof(name))) {
		p->kind = PLACE_THREAD;
		return 1;
	}
	return 0;
}

/* right in the same stack as p (known to hold left) */
static int same_stack(const struct place *p, uintptr_t right)
{
	uint32_t tid;
	char name[16];

	switch (p->kind) {
	case PLACE_STACK:
		return right <= p->hi;
	case PLACE_FAKE:
		return kasan_fake_frame_of(right - 1, &tid) == p->frame;
	case PLACE_THREAD:
		return !ksan_port_stack_owner(right - 1, &tid, name, sizeof(name)) &&
		       tid == p->tid;
	default:
		return 0;
	}
}

/* 1 if a and b may be compared or subtracted: see the top of the file. */
static int pair_is_valid(uintptr_t a, uintptr_t b)
{
	uintptr_t left = a < b ? a : b, right = a < b ? b : a;
	struct place p;

	if (a == b)
		return 1;
	/* a pool heap (KFENCE's) has no shadow to tell its objects from its gaps */
	if (right - left <= PAIR_NEAR && shadow_readable(left) && shadow_readable(right - 1) &&
	    !core_heap_pool_of(left) && !core_heap_pool_of(right - 1))
		return clean_between(left, right);
	if (find_place(left, &p)) {
		switch (p.kind) {
		case PLACE_HEAP:
			return !p.freed && right <= p.end;
		case PLACE_GLOBAL:
			return right <= p.end;
		case PLACE_POOL_GAP:
			return 0;
		default:
			return same_stack(&p, right) && clean_between(left, right);
		}
	}
	return !find_place(right, &p) && !find_place(right - 1, &p);
}

static __attribute__((noinline)) void check_pair(uintptr_t a, uintptr_t b,
						 enum kasan_pair_op op, uintptr_t pc,
						 uintptr_t fp)
{
	/* 1: pairs with a null pointer are not checked; 2: they are */
	if (core_opt.detect_invalid_pointer_pairs == 1 && (!a || !b))
		return;
	if (!kasan_ready || pair_is_valid(a, b))
		return;
	kasan_report_ptrpair(a, b, op, pc, fp);
}

/*
 * Compiler ABI (both compilers' -fsanitize=pointer-compare and
 * pointer-subtract), don't change.  Off by default, as in ASan: then each
 * is one load and one branch.  Otherwise the entry point keeps its frame
 * until check_pair returns (no tail call): the report's stack starts from
 * that frame's record, which an aarch64 callee's frame would overwrite.
 */
ABI __attribute__((noinline)) void __sanitizer_ptr_cmp(void *a, void *b)
{
	if (likely(!core_opt.detect_invalid_pointer_pairs))
		return;
	check_pair((uintptr_t)a, (uintptr_t)b, KASAN_PAIR_CMP, RET(), FRAME());
	__asm__ volatile("" ::: "memory");
}

ABI __attribute__((noinline)) void __sanitizer_ptr_sub(void *a, void *b)
{
	if (likely(!core_opt.detect_invalid_pointer_pairs))
		return;
	check_pair((uintptr_t)a, (uintptr_t)b, KASAN_PAIR_SUB, RET(), FRAME());
	__asm__ volatile("" ::: "memory");
}
