/*
 * This file contains type-confusion checking (ksan.h's KSAN_NEW,
 * KSAN_SET_TYPE, KSAN_CONTAINER_OF, KSAN_CHECK_TYPE, KSAN_CAST): the types
 * of heap objects, and the check that an object a pointer points into has
 * the type the program uses it as, at the place it uses it.
 *
 * A heap object's types live in a table keyed by the object's start (its
 * 16-byte header has no room left): up to SUBS (offset, type) pairs, the
 * object's own type at offset 0 and typed members inside it.  The heap
 * marks a typed object (alloc.c's TID_TYPED bit), so its free forgets the
 * entry without a look-up for untyped objects.  A checked pool's objects
 * take the pool's type (pool.c).  The object a pointer points into is
 * found by kasan_find_object, the reports' own look-up.  The table is open
 * addressing with linear probing (backward-shift deletion), doubled when
 * half full, in memory from ksan_port_map; types_lock guards it, a leaf.
 *
 * Globals and locals typed with KSAN_SET_TYPE (KSAN_LOCAL_TYPED) are kept
 * in a small array of VARS variables, searched only while it holds one.
 *
 * Types are compared by pointer, then by size, alignment and name: each use
 * of KSAN_TYPE(type) is its own static descriptor.
 */
#include "kasan.h"

#define API __attribute__((visibility("default"), noinline))
#define SUBS 3
#define MIN_CAP 1024
#define VARS 256

struct tent {
	uintptr_t obj;			/* 0: empty */
	uint32_t n;
	uint32_t off[SUBS];
	const struct ksan_type *t[SUBS];
};

static ksan_lock_t types_lock;
static struct tent *tab;		/* guarded by types_lock */
static size_t cap, used;
static unsigned shift;
/* Objects typed now (heap entries; pools count through kasan_pools):
 * written under types_lock, read without it by the checks' fast path. */
static unsigned long typed;
static int warned;
static struct var {
	uintptr_t lo;
	const struct ksan_type *t;
} vars[VARS];				/* guarded by types_lock */
static unsigned nvars;			/* written under it, read without */

static size_t home(uintptr_t a)
{
	return (size_t)(((uint64_t)(a >> 4) * 0x9e3779b97f4a7c15ull) >> shift);
}

static struct tent *find(uintptr_t a)
{
	size_t i;

	if (!tab)
		return 0;
	for (i = home(a); tab[i].obj; i = (i + 1) & (cap - 1))
		if (tab[i].obj == a)
			return &tab[i];
	return 0;
}

static int grow(void)
{
	struct tent *old = tab, *t;
	size_t oldcap = cap, ncap = cap ? 2 * cap : MIN_CAP, i, j;

	t = ksan_port_map(ncap * sizeof(*t));
	if (!t)
		return -1;
	tab = t;
	cap = ncap;
	shift = 64 - (unsigned)__builtin_ctzl(ncap);
	for (i = 0; i < oldcap; i++) {
		if (!old[i].obj)
			continue;
		for (j = home(old[i].obj); tab[j].obj; j = (j + 1) & (cap - 1))
			;
		tab[j] = old[i];
	}
	if (old)
		ksan_port_unmap(old, oldcap * sizeof(*old));
	return 0;
}

static struct tent *insert(uintptr_t a)
{
	struct tent *e = find(a);
	size_t i;

	if (e)
		return e;
	if ((used + 1) * 2 > cap && grow())
		return 0;
	for (i = home(a); tab[i].obj; i = (i + 1) & (cap - 1))
		;
	core_memset(&tab[i], 0, sizeof(tab[i]));
	tab[i].obj = a;
	used++;
	__atomic_store_n(&typed, used, __ATOMIC_RELAXED);
	return &tab[i];
}

static void remove_at(size_t i)
{
	size_t j = i, k;

	tab[i].obj = 0;
	for (;;) {
		j = (j + 1) & (cap - 1);
		if (!tab[j].obj)
			break;
		k = home(tab[j].obj);
		/* move j back to i unless its home lies cyclically in (i, j] */
		if (i <= j ? (k <= i || k > j) : (k <= i && k > j)) {
			tab[i] = tab[j];
			tab[j].obj = 0;
			i = j;
		}
	}
	used--;
	__atomic_store_n(&typed, used, __ATOMIC_RELAXED);
}

/* types_lock joins the fork protocol: a leaf (only ksan_port_map inside) */
void kasan_types_fork_init(void)
{
	core_fork_add_lock(&types_lock, CORE_FORK_LEAF);
}

void kasan_type_forget(uintptr_t start)
{
	struct tent *e;

	ksan_port_lock(&types_lock);
	e = find(start);
	if (e)
		remove_at((size_t)(e - tab));
	ksan_port_unlock(&types_lock);
}

static int same_type(const struct ksan_type *a, const struct ksan_type *b)
{
	return a == b || (a->size == b->size && a->align == b->align &&
			  !core_strcmp(a->name, b->name));
}

/* The live object holding p (p inside it, or its start for size 0). */
static int live_object(uintptr_t p, struct kasan_object *o)
{
	if (!kasan_ready || p < KASAN_NULL_LIMIT || p >= KASAN_ADDR_LIMIT ||
	    !kasan_find_object(p, o) || !o->live || p < o->start)
		return 0;
	return p - o->start < (o->size ? o->size : 1);
}

static int holds(const struct ksan_type *t, size_t off, long rel, const struct ksan_type *type,
		 size_t size);

/* A typed global or local: replaces the record of a variable at p. */
static void *set_var_type(uintptr_t p, const struct ksan_type *type)
{
	unsigned i;

	ksan_port_lock(&types_lock);
	for (i = 0; i < nvars && vars[i].lo != p; i++)
		;
	if (i < VARS) {
		vars[i].lo = p;
		vars[i].t = type;
		if (i == nvars)
			__atomic_store_n(&nvars, nvars + 1, __ATOMIC_RELAXED);
	} else if (!__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED)) {
		core_printf("ksan: more than %d typed variables; the rest are not checked"
			    " (said once)\n", VARS);
	}
	ksan_port_unlock(&types_lock);
	return (void *)p;
}

/* KSAN_LOCAL_TYPED's cleanup: the variable's scope ends. */
API void ksan_type_scope_end(void *slot)
{
	uintptr_t p = (uintptr_t)*(void **)slot;
	unsigned i;

	ksan_port_lock(&types_lock);
	for (i = 0; i < nvars; i++)
		if (vars[i].lo == p) {
			vars[i] = vars[nvars - 1];
			__atomic_store_n(&nvars, nvars - 1, __ATOMIC_RELAXED);
			break;
		}
	ksan_port_unlock(&types_lock);
}

/* The typed variable holding p: its start and type (0 if none). */
static uintptr_t var_of(uintptr_t p, const struct ksan_type **t)
{
	uintptr_t lo = 0;
	unsigned i;

	ksan_port_lock(&types_lock);
	for (i = 0; i < nvars; i++)
		if (p >= vars[i].lo && p - vars[i].lo < vars[i].t->size) {
			lo = vars[i].lo;
			*t = vars[i].t;
			break;
		}
	ksan_port_unlock(&types_lock);
	return lo;
}

/* A check of a pointer into no heap object: a typed variable's, if any. */
static void check_var(uintptr_t p, uintptr_t ret, const struct ksan_type *type,
		      size_t member_offset, const char *member, uintptr_t pc, uintptr_t fp)
{
	const struct ksan_type *t = 0;
	uintptr_t lo = var_of(p, &t);
	struct kasan_type_use u;

	if (!lo || holds(t, 0, (long)(ret - lo), type, t->size))
		return;
	u.base = lo;
	u.used = type;
	u.have = t;
	u.have_off = 0;
	u.member_offset = member_offset;
	u.member = member;
	kasan_report_type(p, &u, 0, pc, fp, (uintptr_t)ksan_check_type);
}

API void *ksan_set_type(const volatile void *obj, const struct ksan_type *type)
{
	uintptr_t p = (uintptr_t)obj;
	struct kasan_object o;
	struct tent *e;
	uint32_t off, i;

	if (!p || !type || !kasan_ready)	/* KSAN_NEW when malloc failed */
		return (void *)p;
	if (!live_object(p, &o))
		return set_var_type(p, type);
	if (o.cache)	/* a pool's objects have the pool's type */
		return (void *)p;
	off = (uint32_t)(p - o.start);
	ksan_port_lock(&types_lock);
	e = insert(o.start);
	if (e) {
		for (i = 0; i < e->n && e->off[i] != off; i++)
			;
		if (i < SUBS) {
			e->off[i] = off;
			e->t[i] = type;
			if (i == e->n)
				e->n++;
		} else if (!__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED)) {
			core_printf("ksan: more than %d typed members in the object at 0x%lx;"
				    " the rest are not checked (said once)\n", SUBS,
				    (unsigned long)o.start);
		}
	}
	ksan_port_unlock(&types_lock);
	if (e)
		kasan_heap_mark_typed(o.start);
	return (void *)p;
}

/* Does the object's type t at off hold a type at container offset rel?
 * The object's own type (off 0) also matches an element of an array of
 * it. */
static int holds(const struct ksan_type *t, size_t off, long rel, const struct ksan_type *type,
		 size_t size)
{
	if (!same_type(t, type) || rel < (long)off)
		return 0;
	if ((size_t)rel == off)
		return 1;
	return !off && (size_t)rel % t->size == 0 && (size_t)rel + t->size <= size;
}

API void *ksan_check_type(const volatile void *ptr, const struct ksan_type *type,
			  size_t member_offset, const char *member)
{
	uintptr_t p = (uintptr_t)ptr, ret = p - member_offset;
	struct kasan_object o;
	struct kasan_type_use u;
	const struct ksan_type *ts[SUBS];
	uint32_t offs[SUBS], n = 0, i, best = 0;
	long rel;

	if (likely(!__atomic_load_n(&typed, __ATOMIC_RELAXED) &&
		   !__atomic_load_n(&kasan_pools, __ATOMIC_RELAXED) &&
		   !__atomic_load_n(&nvars, __ATOMIC_RELAXED)))
		return (void *)ret;
	if (!type || !kasan_ready)
		return (void *)ret;
	if (!live_object(p, &o)) {
		if (__atomic_load_n(&nvars, __ATOMIC_RELAXED))
			check_var(p, ret, type, member_offset, member,
				  (uintptr_t)__builtin_return_address(0),
				  (uintptr_t)__builtin_frame_address(0));
		return (void *)ret;
	}
	if (o.cache) {
		if (o.type) {
			ts[0] = o.type;
			offs[0] = 0;
			n = 1;
		}
	} else {
		const struct tent *e;

		ksan_port_lock(&types_lock);
		e = find(o.start);
		if (e) {
			n = e->n;
			for (i = 0; i < n; i++) {
				ts[i] = e->t[i];
				offs[i] = e->off[i];
			}
		}
		ksan_port_unlock(&types_lock);
	}
	if (!n)
		return (void *)ret;	/* untyped: never reported */
	rel = (long)(ret - o.start);
	for (i = 0; i < n; i++)
		if (holds(ts[i], offs[i], rel, type, o.size))
			return (void *)ret;
	/* name the innermost typed part that holds the pointer */
	for (i = 1; i < n; i++)
		if (offs[i] <= p - o.start && p - o.start < offs[i] + ts[i]->size &&
		    offs[i] >= offs[best])
			best = i;
	u.base = o.start;
	u.used = type;
	u.have = ts[best];
	u.have_off = offs[best];
	u.member_offset = member_offset;
	u.member = member;
	kasan_report_type(p, &u, &o, (uintptr_t)__builtin_return_address(0),
			  (uintptr_t)__builtin_frame_address(0), (uintptr_t)ksan_check_type);
	return (void *)ret;
}
