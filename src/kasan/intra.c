/*
 * This file contains intra-object red zones (ksan.h's KSAN_INTRA_*): arming
 * an object writes KASAN_INTRA_OBJECT over the gaps its type declares and
 * the partial-granule value over the bytes between each gap and the member
 * before it; disarming, and the whole-object window while it is open, make
 * them addressable again.  A registry maps each armed object's address to
 * its type, for the reports (report_intra.c) and so that freeing a heap
 * object forgets the objects armed inside it.
 *
 * The registry is a hash table with linear probing, keyed by the object's
 * address and homed by its 16-byte cell: the objects inside a freed range
 * are found by probing the range's cells, or, when the range has more cells
 * than the table has slots, by one pass over the table.  It doubles when
 * half full; its memory comes from ksan_port_map, as the depot's does.
 * Nothing of it exists before the first ksan_intra_arm(); while nothing is
 * armed, every hook (heap free, scope end, disarm, window) costs one load
 * of kasan_intra_armed.
 */
#include "kasan.h"

#define API __attribute__((visibility("default"), noinline))
#define CELL_SHIFT 4
#define MIN_SLOTS 1024

struct entry {
	uintptr_t obj;				/* 0: an empty slot */
	const struct ksan_intra_type *type;
	uint32_t open;				/* KSAN_INTRA_WINDOWs open on it */
	uint32_t seq;				/* arm order: reports prefer the newest */
};

static ksan_lock_t intra_lock;	/* a leaf: only ksan_port_map/unmap inside */
static struct entry *table;	/* guarded by intra_lock */
static size_t nslots;		/* a power of two; guarded by intra_lock */
static uint32_t next_seq;	/* guarded by intra_lock */
/* Objects armed now; written under intra_lock, read without it. */
unsigned long kasan_intra_armed;
static int warned;		/* one line about a bad arm per process */
static int fork_joined;		/* intra_lock is in the fork protocol */

static size_t home(uintptr_t obj)
{
	return (size_t)(((obj >> CELL_SHIFT) * 0x9e3779b97f4a7c15ull) >> 32) & (nslots - 1);
}

/* The slot holding obj, or the empty slot that ends its probe run. */
static struct entry *slot_of(uintptr_t obj)
{
	size_t i = home(obj);

	while (table[i].obj && table[i].obj != obj)
		i = (i + 1) & (nslots - 1);
	return &table[i];
}

/* Empty slot i, moving later members of its probe run back (no tombstones):
 * an entry at j may fill the hole at i unless its home lies cyclically in
 * (i, j]. */
static void remove_slot(size_t i)
{
	size_t j = i, mask = nslots - 1;

	for (;;) {
		size_t h;

		j = (j + 1) & mask;
		if (!table[j].obj)
			break;
		h = home(table[j].obj);
		if (i <= j ? (h <= i || h > j) : (h <= i && h > j)) {
			table[i] = table[j];
			i = j;
		}
	}
	table[i].obj = 0;
	__atomic_store_n(&kasan_intra_armed, kasan_intra_armed - 1, __ATOMIC_RELAXED);
}

/* Room for one more entry: the first table, or twice the slots. */
static int make_room(void)
{
	struct entry *old = table;
	size_t i, n = nslots, want = n ? 2 * n : MIN_SLOTS;

	if (table && (kasan_intra_armed + 1) * 2 <= nslots)
		return 0;
	table = ksan_port_map(want * sizeof(*table));
	if (!table) {
		table = old;
		return -1;
	}
	nslots = want;
	for (i = 0; i < n; i++)
		if (old[i].obj)
			*slot_of(old[i].obj) = old[i];
	if (old)
		ksan_port_unmap(old, n * sizeof(*old));
	return 0;
}

/* ---- shadow of one object's gaps ------------------------------------- */

/* Where the member before gap g ends: the tail granule's first bad byte. */
static uintptr_t field_end(uintptr_t obj, const struct ksan_intra_gap *g)
{
	return obj + g->field_offset + g->field_size;
}

/*
 * Poison (arm = 1) or restore (arm = 0) the gaps of obj.  Only shadow that
 * is as the other state left it changes: arming an object that is not all
 * addressable (a heap object too small for its type) keeps the heap's red
 * zone, and restoring never clears a value arming did not write.
 */
static void set_gaps(uintptr_t obj, const struct ksan_intra_type *t, int arm)
{
	unsigned i;

	for (i = 0; i < t->ngaps; i++) {
		const struct ksan_intra_gap *g = &t->gaps[i];
		uintptr_t fe = field_end(obj, g), a = ROUND_DOWN(fe, KASAN_GRANULE);
		uintptr_t end = obj + g->offset + g->size;
		int8_t part = (int8_t)(fe & 7);

		if (g->size < KASAN_GRANULE)
			continue;
		for (; a < end; a += KASAN_GRANULE) {
			int8_t *s = kasan_shadow(a);
			int8_t bad = a < fe ? part : (int8_t)KASAN_INTRA_OBJECT;

			if (arm && *s == 0)
				*s = bad;
			else if (!arm && *s == bad)
				*s = 0;
		}
	}
}

/* ---- checking a type description ------------------------------------ */

static const char *bad_type(uintptr_t obj, const struct ksan_intra_type *t)
{
	unsigned i;

	if (!t || (t->ngaps && !t->gaps))
		return "no type description";
	if (obj & (KASAN_GRANULE - 1))
		return "the object is not 8-byte aligned";
	if (obj < KASAN_NULL_LIMIT || t->size > KASAN_ADDR_LIMIT - obj)
		return "the object is not in application memory";
	for (i = 0; i < t->ngaps; i++) {
		const struct ksan_intra_gap *g = &t->gaps[i];

		if ((g->offset | g->size) & (KASAN_GRANULE - 1))
			return "a gap is not 8-aligned whole granules";
		if (g->offset > t->size || g->size > t->size - g->offset)
			return "a gap is outside the object";
		if (g->field_offset > g->offset || g->field_size > g->offset - g->field_offset)
			return "a gap's member does not end before the gap";
	}
	return 0;
}

static int has_gap(const struct ksan_intra_type *t)
{
	unsigned i;

	for (i = 0; i < t->ngaps; i++)
		if (t->gaps[i].size >= KASAN_GRANULE)
			return 1;
	return 0;
}

static void warn_once(const char *why, uintptr_t obj, const struct ksan_intra_type *t)
{
	if (__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
		return;
	core_printf("ksan: ksan_intra_arm(0x%lx, %s): %s; not armed (said once)\n",
		    (unsigned long)obj, t && t->name ? t->name : "?", why);
}

/*
 * Whether obj's shadow surely exists without asking the port (on Linux a
 * system call: as much again as the rest of an arm): the heap's memory got
 * its shadow with its region, and an object on this thread's stack lies in
 * an instrumented frame, whose prologue wrote the shadow of its red zones
 * around it (stack.c relies on the same).  Globals, the fake stack, KFENCE
 * objects and the program's own mappings ask; the ensuring happens before
 * intra_lock, a leaf, is taken.
 */
static int shadow_exists(uintptr_t obj)
{
	uintptr_t lo, hi;

	if (core_pagemap_get(obj))
		return 1;
	return !ksan_port_current_stack(&lo, &hi) && obj >= lo && obj < hi;
}

/* ---- public interface (ksan.h) --------------------------------------- */

API void ksan_intra_arm(const volatile void *p, const struct ksan_intra_type *t)
{
	uintptr_t obj = (uintptr_t)p;
	const char *why;
	struct entry *e;

	if (!kasan_ready)
		return;
	why = bad_type(obj, t);
	if (why) {
		warn_once(why, obj, t);
		return;
	}
	if (!has_gap(t))
		return;		/* nothing to poison (a build without gaps) */
	if (!shadow_exists(obj))
		if (ksan_port_shadow_ensure(obj, t->size))
			return;
	/* before the lock's first use, so that a fork never copies it held */
	if (!__atomic_load_n(&fork_joined, __ATOMIC_ACQUIRE)) {
		core_fork_add_lock(&intra_lock, CORE_FORK_LEAF);
		__atomic_store_n(&fork_joined, 1, __ATOMIC_RELEASE);
	}
	ksan_port_lock(&intra_lock);
	if (make_room()) {
		ksan_port_unlock(&intra_lock);
		warn_once("out of memory for the registry", obj, t);
		return;
	}
	e = slot_of(obj);
	if (e->obj) {
		/* armed again (maybe as another type): the old gaps go first */
		set_gaps(obj, e->type, 0);
	} else {
		e->obj = obj;
		__atomic_store_n(&kasan_intra_armed, kasan_intra_armed + 1, __ATOMIC_RELAXED);
	}
	e->type = t;
	e->open = 0;
	e->seq = ++next_seq;
	set_gaps(obj, t, 1);
	ksan_port_unlock(&intra_lock);
}

API void ksan_intra_disarm(const volatile void *p)
{
	uintptr_t obj = (uintptr_t)p;
	struct entry *e;

	if (likely(!__atomic_load_n(&kasan_intra_armed, __ATOMIC_RELAXED)))
		return;
	ksan_port_lock(&intra_lock);
	e = slot_of(obj);
	if (e->obj) {
		if (!e->open)
			set_gaps(obj, e->type, 0);
		remove_slot((size_t)(e - table));
	}
	ksan_port_unlock(&intra_lock);
}

/* KSAN_INTRA_SCOPED's cleanup: called with the variable's address. */
API void ksan_intra_scope_end(void *obj)
{
	ksan_intra_disarm(obj);
}

/* Windows nest and may overlap across threads: the first opening restores
 * the gaps, the last closing poisons them again. */
API void ksan_intra_open(const volatile void *p)
{
	uintptr_t obj = (uintptr_t)p;
	struct entry *e;

	if (likely(!__atomic_load_n(&kasan_intra_armed, __ATOMIC_RELAXED)))
		return;
	ksan_port_lock(&intra_lock);
	e = slot_of(obj);
	if (e->obj && !e->open++)
		set_gaps(obj, e->type, 0);
	ksan_port_unlock(&intra_lock);
}

API void ksan_intra_close(const volatile void *p)
{
	uintptr_t obj = (uintptr_t)p;
	struct entry *e;

	if (likely(!__atomic_load_n(&kasan_intra_armed, __ATOMIC_RELAXED)))
		return;
	ksan_port_lock(&intra_lock);
	e = slot_of(obj);
	/* not open: disarmed or freed inside the window, or armed anew */
	if (e->obj && e->open && !--e->open)
		set_gaps(obj, e->type, 1);
	ksan_port_unlock(&intra_lock);
}

/* ---- hooks of the heap and the reporter ------------------------------ */

/* Forget (and with restore, first unpoison) the objects armed in
 * [addr, addr + size); the entry at i matches. */
static int forget_at(size_t i, uintptr_t addr, size_t size, int restore)
{
	struct entry *e = &table[i];

	if (!e->obj || e->obj - addr >= size)
		return 0;
	if (restore && !e->open)
		set_gaps(e->obj, e->type, 0);
	remove_slot(i);
	return 1;
}

void kasan_intra_forget_range(uintptr_t addr, size_t size, int restore)
{
	size_t i;

	if (!size)
		return;
	ksan_port_lock(&intra_lock);
	if (!table)
		goto out;
	if (((size - 1) >> CELL_SHIFT) + 1 >= nslots) {
		/* one pass; a removal may pull a later entry into slot i */
		for (i = 0; i < nslots; i++)
			while (forget_at(i, addr, size, restore))
				;
	} else {
		uintptr_t c, last = (addr + size - 1) >> CELL_SHIFT;

		for (c = addr >> CELL_SHIFT; c <= last; c++) {
			i = home(c << CELL_SHIFT);
			while (table[i].obj) {
				if ((table[i].obj >> CELL_SHIFT) == c &&
				    forget_at(i, addr, size, restore))
					continue;
				i = (i + 1) & (nslots - 1);
			}
		}
	}
out:
	ksan_port_unlock(&intra_lock);
}

/*
 * The armed object whose gap holds addr (a byte of the gap, or of the tail
 * granule before it), newest first.  One pass over the table: only reports
 * ask.
 */
int kasan_intra_find(uintptr_t addr, struct kasan_intra_hit *h)
{
	uint32_t best = 0;
	size_t i;
	unsigned k;

	if (!__atomic_load_n(&kasan_intra_armed, __ATOMIC_RELAXED))
		return 0;
	ksan_port_lock(&intra_lock);
	for (i = 0; table && i < nslots; i++) {
		const struct entry *e = &table[i];

		if (!e->obj || addr - e->obj >= e->type->size || e->seq <= best)
			continue;
		for (k = 0; k < e->type->ngaps; k++) {
			const struct ksan_intra_gap *g = &e->type->gaps[k];

			if (g->size >= KASAN_GRANULE && addr >= field_end(e->obj, g) &&
			    addr < e->obj + g->offset + g->size) {
				h->obj = e->obj;
				h->type = e->type;
				h->gap = g;
				best = e->seq;
				break;
			}
		}
	}
	ksan_port_unlock(&intra_lock);
	return best != 0;
}
