/*
 * This file contains the page map: for any address, which runtime object
 * (a slab region or a large allocation) owns its page.  Three levels over a
 * 47-bit address space (48-bit on aarch64); inner tables are mapped on first use and never
 * freed.  Readers take no lock: entries are published with release stores.
 */
#include "core.h"

#if defined(__aarch64__)
#define ADDR_BITS 48
#else
#define ADDR_BITS 47
#endif
#define L1_SHIFT 35
#define L2_SHIFT 23
#define L3_SHIFT 12
#define L1_SIZE (1u << (ADDR_BITS - L1_SHIFT))
#define L2_SIZE (1u << (L1_SHIFT - L2_SHIFT))
#define L3_SIZE (1u << (L2_SHIFT - L3_SHIFT))

typedef void *l3_t[L3_SIZE];
typedef l3_t *l2_t[L2_SIZE];
static l2_t *l1[L1_SIZE];
ksan_lock_t core_pagemap_lock;	/* guards creation of inner tables */

static void *get_or_map(void **slot, size_t size)
{
	void *p = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	if (p)
		return p;
	ksan_port_lock(&core_pagemap_lock);
	p = *slot;
	if (!p) {
		p = ksan_port_map(size);
		if (p)
			__atomic_store_n(slot, p, __ATOMIC_RELEASE);
	}
	ksan_port_unlock(&core_pagemap_lock);
	return p;
}

static void **entry(uintptr_t a, int create)
{
	l2_t *l2;
	l3_t *l3;

	if (a >> ADDR_BITS)
		return 0;
	if (create) {
		l2 = get_or_map((void **)&l1[a >> L1_SHIFT], sizeof(l2_t));
		if (!l2)
			return 0;
		l3 = get_or_map((void **)&(*l2)[(a >> L2_SHIFT) & (L2_SIZE - 1)],
				sizeof(l3_t));
		if (!l3)
			return 0;
	} else {
		l2 = __atomic_load_n(&l1[a >> L1_SHIFT], __ATOMIC_ACQUIRE);
		if (!l2)
			return 0;
		l3 = __atomic_load_n(&(*l2)[(a >> L2_SHIFT) & (L2_SIZE - 1)],
				     __ATOMIC_ACQUIRE);
		if (!l3)
			return 0;
	}
	return &(*l3)[(a >> L3_SHIFT) & (L3_SIZE - 1)];
}

int core_pagemap_set(uintptr_t addr, size_t size, void *owner)
{
	uintptr_t a;

	for (a = ROUND_DOWN(addr, 4096); a < addr + size; a += 4096) {
		void **e = entry(a, 1);

		if (!e)
			return -1;
		__atomic_store_n(e, owner, __ATOMIC_RELEASE);
	}
	return 0;
}

void core_pagemap_clear(uintptr_t addr, size_t size)
{
	uintptr_t a;

	for (a = ROUND_DOWN(addr, 4096); a < addr + size; a += 4096) {
		void **e = entry(a, 0);

		if (e)
			__atomic_store_n(e, (void *)0, __ATOMIC_RELEASE);
	}
}

void *core_pagemap_get(uintptr_t addr)
{
	void **e = entry(addr, 0);

	return e ? __atomic_load_n(e, __ATOMIC_ACQUIRE) : 0;
}

void core_pagemap_walk(void (*fn)(void *arg, void *owner, uintptr_t addr), void *arg)
{
	void *last = 0;
	unsigned i, j, k;

	for (i = 0; i < L1_SIZE; i++) {
		l2_t *l2 = __atomic_load_n(&l1[i], __ATOMIC_ACQUIRE);

		if (!l2)
			continue;
		for (j = 0; j < L2_SIZE; j++) {
			l3_t *l3 = __atomic_load_n(&(*l2)[j], __ATOMIC_ACQUIRE);

			if (!l3)
				continue;
			for (k = 0; k < L3_SIZE; k++) {
				void *o = __atomic_load_n(&(*l3)[k], __ATOMIC_ACQUIRE);

				/* a run of pages of one owner is one call */
				if (o && o != last)
					fn(arg, o, ((uintptr_t)i << L1_SHIFT) |
						   ((uintptr_t)j << L2_SHIFT) |
						   ((uintptr_t)k << L3_SHIFT));
				last = o;
			}
		}
	}
}
