/*
 * This file contains generic KASAN's private interface: the shadow encoding
 * (its values are normative, see docs/design.md section 2), the checks, the heap
 * hooks and the reporter.
 */
#ifndef KSAN_KASAN_H
#define KSAN_KASAN_H

#include "../core/core.h"

#include "layout.h"
_Static_assert(KASAN_NULL_LIMIT == CORE_NULL_LIMIT, "the null pages are the same for every detector");
#define KASAN_ADDR_LIMIT (1ul << KASAN_ADDR_BITS)

/* Shadow byte values with the top bit set: not addressable, and why. */
#define KASAN_SLAB_REDZONE	0xfc	/* heap red zone, left or right (runtime) */
#define KASAN_SLAB_FREE		0xfb	/* freed heap object (runtime) */
#define KASAN_PAGE_REDZONE	0xfe	/* red zone of a large object (runtime) */
#define KASAN_PAGE_FREE		0xff	/* freed large object (runtime) */
#define KASAN_GLOBAL_REDZONE	0xf9	/* global red zone (compiler ABI) */
#define KASAN_STACK_LEFT	0xf1	/* stack left red zone (compiler ABI) */
#define KASAN_STACK_MID		0xf2	/* stack mid red zone (compiler ABI) */
#define KASAN_STACK_RIGHT	0xf3	/* stack right red zone (compiler ABI) */
#define KASAN_STACK_RETURN	0xf5	/* stack after return (compiler ABI) */
#define KASAN_STACK_SCOPE	0xf8	/* stack after scope (compiler ABI) */
#define KASAN_ALLOCA_LEFT	0xca	/* alloca left red zone (compiler ABI) */
#define KASAN_ALLOCA_RIGHT	0xcb	/* alloca right red zone (compiler ABI) */
#define KASAN_USER_POISON	0xf7	/* poisoned through ksan.h */
#define KASAN_INTRA_OBJECT	0xbb	/* intra-object red zone (runtime) */

static inline int8_t *kasan_shadow(uintptr_t addr)
{
	return (int8_t *)((addr >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET);
}
static inline uintptr_t kasan_shadow_to_mem(const int8_t *s)
{
	return ((uintptr_t)s - KASAN_SHADOW_OFFSET) << KASAN_GRANULE_SHIFT;
}

extern int kasan_ready CORE_HIDDEN;	/* shadow and handlers usable */
/* Set up the heap and register it with the core's heap registry. */
void kasan_heap_init(void);
/* alloc.c, the heap's registry callbacks (core.h's struct core_heap):
 * every live object of the heap (slab and large) in ascending address
 * order, with the world stopped; mark the live object holding p ignored
 * (0, 1 if it was already, -1 if p is in none). */
void kasan_heap_walk(core_heap_walk_fn fn, void *arg);
int kasan_heap_ignore(const void *p);
/* fakestack.c: each fake frame in use (stack-use-after-return): frames of
 * live functions whose locals are roots of a leak check. */
void kasan_fakestack_walk(void (*fn)(void *arg, uintptr_t lo, uintptr_t hi), void *arg);

/* shadow.c: addr and size must be granule-aligned for poison. */
void kasan_poison(uintptr_t addr, size_t size, uint8_t value);
/* Poison [b, e) with value under ASan's partial-granule rules (any
 * alignment): a granule poisoned from its middle keeps its valid prefix; a
 * granule the range ends inside is poisoned only when its bytes after the
 * range are not addressable already (one shadow byte cannot describe a
 * hole: the live neighbour's bytes win). */
void kasan_poison_partial(uintptr_t b, uintptr_t e, uint8_t value);
/* Unpoison size bytes at addr (aligned), partial last granule as 1..7. */
void kasan_unpoison(uintptr_t addr, size_t size);
/* First poisoned byte in [addr, addr+size), or 0. */
uintptr_t kasan_first_bad(uintptr_t addr, size_t size);

/* Check an access; reports and returns 0 if it is bad. */
static inline int kasan_bad_1(uintptr_t a)
{
	int8_t s = *kasan_shadow(a);

	return unlikely(s != 0) && (int8_t)(a & 7) >= s;
}
/*
 * 1 if every byte of [a, a+n) is addressable (n > 0): the shadow bytes of
 * all granules but the last are 0, read as the aligned shadow words that
 * hold them (never a word that holds none of them: no page is crossed that
 * a byte-by-byte scan would not cross) with the bytes outside the range
 * masked off; the last granule's byte covers the range's last byte.
 * kasan_check_range's and the interceptors' common case, without a call.
 */
static inline int kasan_range_clean(uintptr_t a, size_t n)
{
	typedef uint64_t __attribute__((may_alias)) word_t;
	uintptr_t last = a + n - 1, s, e, w, we;
	uint64_t v;

	if (unlikely(last < a || a < KASAN_NULL_LIMIT || last >= KASAN_ADDR_LIMIT))
		return 0;
	s = (uintptr_t)kasan_shadow(a);
	e = (uintptr_t)kasan_shadow(last);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	w = s & ~(uintptr_t)7;
	we = e & ~(uintptr_t)7;
	/* the bytes [s, e) of the words: byte k of a word is bits 8k..8k+7 */
	v = *(const word_t *)w & (~0ull << 8 * (s & 7));
	if (w != we) {
		if (v)
			return 0;
		for (w += 8; w < we; w += 8)
			if (*(const word_t *)w)
				return 0;
		v = *(const word_t *)we;
	}
	if (v & ((1ull << 8 * (e & 7)) - 1))
		return 0;
#else
	(void)w; (void)we; (void)v;
	for (; s < e; s++)
		if (*(const int8_t *)s)
			return 0;
#endif
	return !kasan_bad_1(last);
}
int kasan_check_range(uintptr_t addr, size_t size, int write, uintptr_t pc,
		      uintptr_t fp, uintptr_t entry);

/* report.c, report_fault.c, report_alloc.c, report_overlap.c */
enum kasan_free_bug { KASAN_DOUBLE_FREE, KASAN_INVALID_FREE };
void kasan_report(uintptr_t addr, size_t size, int write, uintptr_t pc,
		  uintptr_t fp, uintptr_t entry);
void kasan_report_free(uintptr_t addr, enum kasan_free_bug bug, uintptr_t pc,
		       uintptr_t fp, uintptr_t entry);
/* The same for a free made to a checked pool (pool.c), which it names. */
void kasan_report_free_to(uintptr_t addr, enum kasan_free_bug bug, const char *pool,
			  uintptr_t pc, uintptr_t fp, uintptr_t entry);
/* Impossible allocations: "calloc-overflow", "allocation-size-too-big",
 * "out-of-memory", "invalid-allocation-alignment". */
void kasan_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc,
			uintptr_t fp, uintptr_t entry);
/* A fault the port's signal handler attributes to a bad access. */
struct kasan_fault {
	uintptr_t addr;		/* when addr_known */
	uintptr_t pc, fp, sp;	/* pc: the faulting instruction, unless pc_is_ret */
	int write;
	size_t size;		/* the program's access's bytes (decoded); 0 unknown */
	int addr_known;		/* 0 none (non-canonical), 1 exact, 2 a granule */
	int pc_is_ret;		/* pc is the return address into the caller of a
				 * frameless check that faulted (outline checks) */
	int noncanonical;	/* general protection: the hardware gave no address */
	int stack_overflow;
};
void kasan_report_fault(const struct kasan_fault *f);
/* A checked copy whose ranges [dst, dst+dsize) and [src, src+ssize)
 * overlap: "<fn>-param-overlap" (memcpy-param-overlap, strcpy-...). */
void kasan_report_overlap(const char *fn, uintptr_t dst, size_t dsize, uintptr_t src,
			  size_t ssize, uintptr_t pc, uintptr_t fp, uintptr_t entry);
/* ptrpair.c, report_ptrpair.c: two pointers that -fsanitize=pointer-compare
 * or pointer-subtract found in different objects ("invalid-pointer-pair"). */
enum kasan_pair_op { KASAN_PAIR_CMP, KASAN_PAIR_SUB };
void kasan_report_ptrpair(uintptr_t a, uintptr_t b, enum kasan_pair_op op, uintptr_t pc,
			  uintptr_t fp);
static inline int kasan_halt(void)
{
	return core_halt_on_error(1);	/* KASAN's default: stop */
}
/* Going on after a report: each (pc, type) once, unless multi-shot. */
static inline int kasan_dedup(void)
{
	return !kasan_halt() && !__atomic_load_n(&core_opt.kasan_multi_shot, __ATOMIC_RELAXED);
}
/* ASan interface helpers: describe an address / print the current stack. */
void kasan_describe_address(uintptr_t addr);
void kasan_print_stack(uintptr_t pc, uintptr_t fp);

/* stack.c */
struct kasan_frame {
	uintptr_t base;		/* frame start (its left red zone) */
	uintptr_t pc;		/* the function's pc, from the frame */
	const char *desc;	/* the compiler's description string */
	uintptr_t offset;	/* of the bad address from base */
	uint32_t fake_tid;	/* a fake (use-after-return) frame's thread */
};
struct kasan_frame_var {
	unsigned long beg, size, line;
	const char *name;
	size_t name_len;
};
void kasan_unpoison_range(uintptr_t lo, uintptr_t hi);
void kasan_unpoison_stack_above(uintptr_t sp);
void kasan_unpoison_stack(void);
int kasan_find_frame(uintptr_t addr, struct kasan_frame *f);
void kasan_fakestack_init(void);
/* globals.c, aux.c: their locks join the fork protocol (core/fork.c) */
void kasan_globals_fork_init(void);
void kasan_aux_fork_init(void);
uintptr_t kasan_fake_frame_of(uintptr_t addr, uint32_t *tid);
unsigned kasan_frame_nvars(const struct kasan_frame *f);
int kasan_frame_var(const struct kasan_frame *f, unsigned i, struct kasan_frame_var *v);

/* globals.c */
struct kasan_global_info {
	uintptr_t beg;
	size_t size, size_with_redzone;
	const char *name, *module, *file;
	unsigned line, column;
};
int kasan_find_global(uintptr_t addr, struct kasan_global_info *g);

/* aux.c */
extern int kasan_aux_used CORE_HIDDEN;
int kasan_aux_stacks(uintptr_t obj, depot_handle_t stacks[2]);
void kasan_aux_forget(uintptr_t obj);

/* intra.c: intra-object red zones (ksan.h's KSAN_INTRA_*) */
extern unsigned long kasan_intra_armed CORE_HIDDEN;	/* objects armed now */
void kasan_intra_forget_range(uintptr_t addr, size_t size, int restore);
/* The heap frees [addr, addr + size): forget the objects armed inside it
 * (restore: also make their gaps addressable, for memory that is not
 * poisoned next).  One load while nothing is armed. */
static inline void kasan_intra_forget(uintptr_t addr, size_t size, int restore)
{
	if (unlikely(__atomic_load_n(&kasan_intra_armed, __ATOMIC_RELAXED)))
		kasan_intra_forget_range(addr, size, restore);
}
/* The armed object whose gap (or the tail granule before it) holds addr. */
struct kasan_intra_hit {
	uintptr_t obj;
	const struct ksan_intra_type *type;
	const struct ksan_intra_gap *gap;
};
int kasan_intra_find(uintptr_t addr, struct kasan_intra_hit *h);

/* alloc.c: the heap.  Errors come back in *err as 0, KASAN_ENOMEM or
 * KASAN_EINVAL, for the port to turn into errno. */
enum { KASAN_OK = CORE_ALLOC_OK, KASAN_ENOMEM = CORE_ALLOC_ENOMEM, KASAN_EINVAL = CORE_ALLOC_EINVAL };
#define KASAN_MAX_ALLOC CORE_MAX_ALLOC
#define KASAN_ZERO 1
#define kasan_caller core_caller	/* the caller of a heap entry point (core.h) */
/* The allocation stack of the live object starting at p, else 0. */
uint32_t kasan_alloc_stack(const void *p);
void *kasan_malloc(size_t size, size_t align, int flags,
		   const struct kasan_caller *c, int *err);
/* Returns 0 when p was freed, -1 after a report (p left alone). */
int kasan_free(void *p, const struct kasan_caller *c);
/* Requested size of a live allocation at exactly p, or (size_t)-1. */
size_t kasan_usable_size(const void *p);
/* Requested size of the live allocation p for realloc; -1 + report if p is
 * not a live allocation. */
size_t kasan_realloc_size(void *p, const struct kasan_caller *c);

/* What the reporter needs to know about a heap address. */
struct kasan_object {
	uintptr_t start;	/* object start, 0 if none */
	size_t size;		/* requested size */
	size_t cache_size;	/* class capacity, or mapping size for large */
	int freed, live, large;
	uint32_t alloc_stack, alloc_tid, free_stack, free_tid;
	const char *cache;	/* a pool object's pool name (pool.c), else NULL */
	const struct ksan_type *type;	/* a pool object's pool's type, else NULL */
	int pcpu;		/* one CPU's copy of a per-CPU object: CPU + 1 */
	uintptr_t pcpu_base;	/* then: CPU 0's copy (the __percpu pointer) */
};
int kasan_find_object(uintptr_t addr, struct kasan_object *o);

/* pool.c: checked pools (ksan.h's ksan_pool_*) */
extern unsigned long kasan_pools CORE_HIDDEN;	/* pools that exist now */
void kasan_pool_forget_range(uintptr_t addr, size_t size);
/* The heap frees [addr, addr + size): forget the pool objects inside it.
 * One load while no pool exists. */
static inline void kasan_pool_forget(uintptr_t addr, size_t size)
{
	if (unlikely(__atomic_load_n(&kasan_pools, __ATOMIC_RELAXED)))
		kasan_pool_forget_range(addr, size);
}
/* For percpu.c: a pool whose objects are one CPU's copies (pcpu = CPU + 1,
 * stride from one CPU's copy to the next), the caller's stack saved once
 * for all copies, and alloc and free with that stack.  free: 1 when the
 * object may be reused now, 0 when quarantined or a bad free (then *bad). */
struct ksan_pool *kasan_pool_create_as(const char *name, size_t object_size,
				       ksan_pool_release_fn release, void *arg, int pcpu,
				       size_t stride);
depot_handle_t kasan_pool_stack(uintptr_t entry, uintptr_t pc, uintptr_t fp, uint32_t *tid);
void kasan_pool_alloc_as(struct ksan_pool *p, uintptr_t a, size_t size, depot_handle_t stack,
			 uint32_t tid);
int kasan_pool_free_as(struct ksan_pool *p, uintptr_t a, depot_handle_t stack, uint32_t tid,
		       uintptr_t pc, uintptr_t fp, uintptr_t entry, int *bad);
/* The heap's answer for addr (heap_found, o) or a pool object's, whichever
 * describes addr better (see there).  One load while no pool exists. */
int kasan_pool_find_range(uintptr_t addr, struct kasan_object *o, int heap_found);
static inline int kasan_pool_find(uintptr_t addr, struct kasan_object *o, int heap_found)
{
	if (likely(!__atomic_load_n(&kasan_pools, __ATOMIC_RELAXED)))
		return heap_found;
	return kasan_pool_find_range(addr, o, heap_found);
}
/* report_pool.c: a pool destroyed with in_use objects; o the oldest. */
void kasan_report_pool_destroy(const char *pool, unsigned long in_use,
			       const struct kasan_object *o, uintptr_t pc, uintptr_t fp,
			       uintptr_t entry);

/* types.c: type confusion.  alloc.c marks a typed heap object (the
 * TID_TYPED bit) and its free makes types.c forget it. */
int kasan_heap_mark_typed(uintptr_t start);
void kasan_type_forget(uintptr_t start);
void kasan_types_fork_init(void);
/* report_type.c: p was used as used (through member at member_offset)
 * but the object o holds have at have_off there. */
struct kasan_type_use {
	uintptr_t base;			/* the object's (or variable's) start */
	const struct ksan_type *used, *have;
	size_t have_off, member_offset;
	const char *member;		/* NULL: a KSAN_CHECK_TYPE or KSAN_CAST */
};
void kasan_report_type(uintptr_t p, const struct kasan_type_use *u, const struct kasan_object *o,
		       uintptr_t pc, uintptr_t fp, uintptr_t entry);	/* o NULL: a variable */

/* unmap.c: the unmap quarantine (use-after-unmap).  The port's mmap,
 * munmap and mremap interceptors and the heap's large objects feed it. */
struct kasan_unmap_rec {
	uintptr_t lo, hi;		/* the range unmapped */
	uint32_t map_stack, map_tid;	/* mmap's (malloc's for a heap object) */
	uint32_t unmap_stack, unmap_tid;	/* munmap's, mremap's (free's) */
	uintptr_t obj;			/* a large heap object's start, else 0 */
	size_t obj_size;		/* its requested size */
};
void kasan_unmap_init(size_t as_limit);
void kasan_unmap_mapped(uintptr_t lo, size_t len, uint32_t stack, uint32_t tid);
void kasan_unmap_takeover(uintptr_t lo, size_t len, int give_back);
int kasan_unmap_unmapped(uintptr_t lo, size_t len, uint32_t stack, uint32_t tid,
			 int reserved);
uint32_t kasan_unmap_stack_of(uintptr_t addr, uint32_t *tid);
void kasan_unmap_heap(uintptr_t base, size_t size, const struct kasan_unmap_rec *obj);
int kasan_unmap_flush(void);
int kasan_unmap_find(uintptr_t addr, struct kasan_unmap_rec *r);

#endif /* KSAN_KASAN_H */
