/*
 * This file contains KMSAN's origins: 4-byte stack depot handles naming
 * where an uninitialised value came from.  Every origin is a depot record
 * whose first word is a magic saying what it is:
 *   alloc  {KMSAN_ALLOC_MAGIC, stack}               heap allocation
 *   free   {KMSAN_FREE_MAGIC, stack}                freed object (UAF)
 *   chain  {KMSAN_CHAIN_MAGIC | depth << 1 | uaf, stack, previous origin}
 *   alloca {KMSAN_ALLOCA_MAGIC, descr, pc}          local variable
 * The depth and the use-after-free bit live in the chain's magic word (the
 * kernel keeps them in the depot's extra bits); chains stop growing at
 * KMSAN_MAX_ORIGIN_DEPTH links, as the kernel's do.
 */
#include "kmsan.h"

#define KMSAN_ALLOCA_MAGIC 0xabcd0100UL	/* the kernel's values */
#define KMSAN_CHAIN_MAGIC 0xabcd0200UL
#define KMSAN_ALLOC_MAGIC 0xabcd0300UL	/* ksan's own */
#define KMSAN_FREE_MAGIC 0xabcd0400UL
#define MAGIC_MASK 0xffffff00UL
#define CHAIN_STACK_DEPTH 64		/* the kernel's KMSAN stack depth */

static uint32_t save(const uintptr_t *w, size_t n)
{
	return core_depot_save_cached(core_thread_get(), w, n);
}

uint32_t kmsan_origin_alloc(depot_handle_t stack)
{
	uintptr_t w[2] = { KMSAN_ALLOC_MAGIC, stack };

	return save(w, 2);
}

uint32_t kmsan_origin_free(depot_handle_t stack)
{
	uintptr_t w[2] = { KMSAN_FREE_MAGIC, stack };

	return save(w, 2);
}

void kmsan_origin_describe(uint32_t id, struct kmsan_origin_info *o)
{
	const uintptr_t *w;
	size_t n = id ? core_depot_fetch(id, &w) : 0;

	core_memset(o, 0, sizeof(*o));
	if (n < 2)
		return;
	switch (w[0] & MAGIC_MASK) {
	case KMSAN_ALLOC_MAGIC:
		o->kind = KMSAN_ORIGIN_ALLOC;
		o->stack = (depot_handle_t)w[1];
		break;
	case KMSAN_FREE_MAGIC:
		o->kind = KMSAN_ORIGIN_FREE;
		o->uaf = 1;
		o->stack = (depot_handle_t)w[1];
		break;
	case KMSAN_CHAIN_MAGIC:
		if (n < 3)
			return;
		o->kind = KMSAN_ORIGIN_CHAIN;
		o->uaf = w[0] & 1;
		o->depth = (unsigned)(w[0] & 0xff) >> 1;
		o->stack = (depot_handle_t)w[1];
		o->prev = (uint32_t)w[2];
		break;
	case KMSAN_ALLOCA_MAGIC:
		if (n < 3)
			return;
		o->kind = KMSAN_ORIGIN_ALLOCA;
		o->descr = (const char *)w[1];
		o->pc = w[2];
		break;
	}
}

uint32_t kmsan_origin_chain(uint32_t id, uintptr_t pc, uintptr_t fp)
{
	struct kmsan_origin_info prev;
	uintptr_t pcs[CHAIN_STACK_DEPTH], w[3];
	size_t n;

	if (!id)
		return 0;
	kmsan_origin_describe(id, &prev);
	/* past the depth limit the old origin is reused */
	if (prev.kind == KMSAN_ORIGIN_CHAIN &&
	    prev.depth + 1 >= KMSAN_MAX_ORIGIN_DEPTH)
		return id;
	n = ksan_port_stack_trace(pcs, CHAIN_STACK_DEPTH, pc, fp);
	w[0] = KMSAN_CHAIN_MAGIC |
	       (prev.kind == KMSAN_ORIGIN_CHAIN ? prev.depth + 1 : 0) << 1 |
	       (prev.uaf ? 1 : 0);
	w[1] = save(pcs, n);
	w[2] = id;
	return save(w, 3);
}

/* The compiler's description string is writable and static: its first 4
 * bytes ("----") cache the variable's origin (pc is the same for every
 * call from the one function, so the pair never changes). */
uint32_t kmsan_origin_alloca(char *descr, uintptr_t pc)
{
	uint32_t id;
	uintptr_t w[3];

	__builtin_memcpy(&id, descr, 4);
	if (likely(id != 0x2d2d2d2d && id != 0))
		return id;
	w[0] = KMSAN_ALLOCA_MAGIC;
	w[1] = (uintptr_t)descr;
	w[2] = pc;
	id = save(w, 3);
	if (id)
		__builtin_memcpy(descr, &id, 4);
	return id;
}
