/*
 * This file contains tag-based KASAN's private interface (software tags:
 * clang's kernel-hwaddress instrumentation over top-byte-ignore; hardware
 * tags: MTE, no instrumentation): the tag values, the shadow of the
 * software mode, the heap, the stack ring and the reporter.  Both modes
 * share everything but where a granule's tag lives (a shadow byte, or the
 * MTE allocation tag read and written by mte.c).  See docs/tags.md.
 */
#ifndef KSAN_TAGS_H
#define KSAN_TAGS_H

#include "../core/core.h"

#define TAGS_GRANULE_SHIFT 4
#define TAGS_GRANULE 16
/* shadow byte of untagged address a = OFFSET + (a >> 4) (docs/tags.md):
 * the offset clang is given with -hwasan-mapping-offset; generic KASAN's
 * aarch64 offset too (src/kasan/layout.h: clear of qemu-user's and
 * 48-bit Linux's program layouts) */
#define TAGS_SHADOW_OFFSET 0x10000000000ul
#define TAGS_ADDR_LIMIT (1ul << 48)	/* 48-bit user address space */
#define TAGS_SHADOW_LO TAGS_SHADOW_OFFSET
#define TAGS_SHADOW_HI (TAGS_SHADOW_OFFSET + (TAGS_ADDR_LIMIT >> TAGS_GRANULE_SHIFT))

/* Tag values (the kernel's, include/linux/kasan-tags.h) */
#define TAG_MATCH_ALL 0xff	/* pointer tag that is never checked (sw) */
#define TAG_INVALID 0xfe	/* freed memory, slot tails: no pointer has it */
#define TAG_MAX 0xfd
#define TAG_UNTAGGED 0x00	/* stacks, globals, the C library's memory */
/* MTE keeps 4 bits (pointer bits 56..59): the runtime gives hw pointers
 * 0xf in the top nibble as the kernel does, so tags read 0xf1..0xfd, and
 * 0xfe for freed memory */
#define TAG_HW_MIN 0xf1

extern int tags_hw CORE_HIDDEN;		/* 1: hardware tags (MTE) */
extern int tags_ready CORE_HIDDEN;	/* heap and handlers usable */

static inline uint8_t tag_get_ptr(uintptr_t p)
{
	return (uint8_t)(p >> 56);
}
static inline uintptr_t tag_reset(uintptr_t p)
{
	return p & ((1ul << 56) - 1);
}
static inline uintptr_t tag_set_ptr(uintptr_t p, uint8_t tag)
{
	return tag_reset(p) | (uintptr_t)tag << 56;
}
static inline uint8_t *tags_shadow(uintptr_t a)
{
	return (uint8_t *)(TAGS_SHADOW_OFFSET + (tag_reset(a) >> TAGS_GRANULE_SHIFT));
}
static inline uintptr_t tags_shadow_to_mem(const uint8_t *s)
{
	return ((uintptr_t)s - TAGS_SHADOW_OFFSET) << TAGS_GRANULE_SHIFT;
}
static inline int tags_has_shadow(uintptr_t a)
{
	a = tag_reset(a);
	return a >= CORE_NULL_LIMIT && a < TAGS_ADDR_LIMIT;
}

/* tag.c: a fresh random tag for an allocation (never 0x00, 0xfe, 0xff) */
uint8_t tags_random(void);
/* Tag [addr, addr + size) (granule-aligned, any pointer tag) with tag. */
void tags_set(uintptr_t addr, size_t size, uint8_t tag);
/* The memory tag of addr's granule (0xf0 | MTE tag for hw). */
uint8_t tags_get(uintptr_t addr);
/* 1 if [addr, addr + size) may be accessed through addr's tag (size > 0);
 * software tags only: MTE checks by itself. */
static inline int tags_range_ok(uintptr_t addr, size_t size)
{
	uint8_t t = tag_get_ptr(addr);
	const uint8_t *s, *e;

	if (t == TAG_MATCH_ALL || tags_hw)
		return 1;
	if (unlikely(!tags_has_shadow(addr) || !tags_has_shadow(addr + size - 1) ||
		     tag_reset(addr) + size - 1 < tag_reset(addr)))
		return t == TAG_UNTAGGED && !tags_has_shadow(addr);
	s = tags_shadow(addr);
	e = tags_shadow(addr + size - 1);
	for (; s <= e; s++)
		if (*s != t)
			return 0;
	return 1;
}
/* Check an access; reports and returns 0 if it is bad. */
int tags_check_range(uintptr_t addr, size_t size, int write, uintptr_t pc,
		     uintptr_t fp, uintptr_t entry);

/* mte.c (aarch64 with +memtag only; the calls are made only when tags_hw) */
void tags_mte_set(uintptr_t tagged, size_t size);	/* stg/st2g each granule */
uint8_t tags_mte_get(uintptr_t addr);			/* ldg */

/* Set by the port before tags_heap_init(1): give a fresh heap mapping
 * MTE tag storage (PROT_MTE on Linux); 0 on success. */
extern int (*tags_mte_memory)(void *addr, size_t size) CORE_HIDDEN;

/* alloc.c: the heap, errors as CORE_ALLOC_* */
#define TAGS_ZERO 1
#define tags_caller core_caller	/* the caller of a heap entry point (core.h) */
void tags_heap_init(int hw);
void *tags_malloc(size_t size, size_t align, int flags, const struct tags_caller *c,
		  int *err);
/* 0 when p was freed, -1 after a report (p left alone). */
int tags_free(void *p, const struct tags_caller *c);
size_t tags_usable_size(const void *p);
size_t tags_realloc_size(void *p, const struct tags_caller *c);
uint32_t tags_alloc_stack(const void *p);

/* What the reporter knows of the heap object at an address. */
struct tags_object {
	uintptr_t start;	/* untagged object start, 0 if none */
	size_t size;		/* requested size (live or last) */
	size_t cache_size;	/* class capacity or mapping size */
	int live, large;
	uint8_t tag;		/* the live object's tag */
};
int tags_find_object(uintptr_t addr, struct tags_object *o);

/* ring.c: the stack ring of recent allocations and frees (the kernel's
 * mm/kasan/report_tags.c) */
struct tags_ring_entry {
	uintptr_t ptr;		/* tagged object pointer */
	uint32_t size;
	uint32_t tid;
	depot_handle_t stack;
	uint32_t is_free;
};
void tags_ring_push(uintptr_t ptr, size_t size, depot_handle_t stack, int is_free);
/* The newest alloc and free entries for the object behind a bad access
 * through ptr (same tag, ptr within or near the object); the bug type
 * they suggest ("slab-use-after-free", "slab-out-of-bounds") or NULL. */
const char *tags_ring_guess(uintptr_t ptr, struct tags_ring_entry *alloc,
			    struct tags_ring_entry *freed);

/* report.c */
enum tags_free_bug { TAGS_DOUBLE_FREE, TAGS_INVALID_FREE };
void tags_report(uintptr_t addr, size_t size, int write, uintptr_t pc, uintptr_t fp,
		 uintptr_t entry);
/* A fault: pc is the faulting instruction (a brk check, an MTE fault),
 * fp its frame; size 0 when unknown; addr_known 0 for an asynchronous MTE
 * fault (no address). */
void tags_report_fault(uintptr_t addr, size_t size, int addr_known, int write,
		       uintptr_t pc, uintptr_t fp);
void tags_report_free(uintptr_t addr, enum tags_free_bug bug, uintptr_t pc,
		      uintptr_t fp, uintptr_t entry);
void tags_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc,
		       uintptr_t fp, uintptr_t entry);
static inline int tags_halt(void)
{
	return core_halt_on_error(1);	/* KASAN's default: stop */
}

#endif /* KSAN_TAGS_H */
