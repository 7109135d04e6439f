/*
 * This file contains KMSAN's origins: 4-byte stack depot handles naming
 * where an uninitialised value came from.  Every origin is a depot record
 * whose first word is a magic saying what it is:
 *   alloc  {KMSAN_ALLOC_MAGIC, stack}               heap allocation
 *   free   {KMSAN_FREE_MAGIC, stack}                freed object (UAF)
 *   chain  {KMSAN_CHAIN_MAGIC | entry | depth << 1 | uaf, stack, previous}
 *   copy   {KMSAN_COPY_MAGIC | ...: the same}          a chain link made
 *          by a copy (memcpy, realloc, the model's), which moves bytes
 *          unchanged: kmsan_trust_uninstrumented follows it (fallback.c)
 *   alloca {KMSAN_ALLOCA_MAGIC, descr, pc}          local variable
 * The depth and the use-after-free bit live in the chain's magic word (the
 * kernel keeps them in the depot's extra bits); chains stop growing at
 * KMSAN_MAX_ORIGIN_DEPTH links, as the kernel's do.  The entry bit says the
 * store's stack starts with a runtime entry point's own address (realloc's
 * copy), printed by name as allocation stacks print malloc.
 */
#include "kmsan.h"

#define KMSAN_ALLOCA_MAGIC 0xabcd0100UL	/* the kernel's values */
#define KMSAN_CHAIN_MAGIC 0xabcd0200UL
#define KMSAN_ALLOC_MAGIC 0xabcd0300UL	/* ksan's own */
#define KMSAN_FREE_MAGIC 0xabcd0400UL
#define KMSAN_COPY_MAGIC 0xabcd0500UL
#define MAGIC_MASK 0xffffff00UL
#define CHAIN_ENTRY 0x80UL		/* stack[0] is an entry point */
#define CHAIN_DEPTH(w) ((unsigned)((w) & 0x7f) >> 1)
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
	case KMSAN_COPY_MAGIC:
		o->copy = 1;
		/* fall through */
	case KMSAN_CHAIN_MAGIC:
		if (n < 3) {
			o->copy = 0;
			return;
		}
		o->kind = KMSAN_ORIGIN_CHAIN;
		o->uaf = w[0] & 1;
		o->entry = !!(w[0] & CHAIN_ENTRY);
		o->depth = CHAIN_DEPTH(w[0]);
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

/* 1 if id cannot take another link (the old origin is reused). */
static int chain_full(uint32_t id, struct kmsan_origin_info *prev)
{
	kmsan_origin_describe(id, prev);
	return prev->kind == KMSAN_ORIGIN_CHAIN &&
	       prev->depth + 1 >= KMSAN_MAX_ORIGIN_DEPTH;
}

static uint32_t chain(uint32_t id, const struct kmsan_origin_info *prev,
		      depot_handle_t stack, int entry, int copy)
{
	uintptr_t w[3];

	w[0] = (copy ? KMSAN_COPY_MAGIC : KMSAN_CHAIN_MAGIC) |
	       (entry ? CHAIN_ENTRY : 0) |
	       (prev->kind == KMSAN_ORIGIN_CHAIN ? prev->depth + 1 : 0) << 1 |
	       (prev->uaf ? 1 : 0);
	w[1] = stack;
	w[2] = id;
	return save(w, 3);
}

static uint32_t chain_here(uint32_t id, uintptr_t pc, uintptr_t fp, int copy)
{
	struct kmsan_origin_info prev;
	uintptr_t pcs[CHAIN_STACK_DEPTH];
	size_t n;

	if (!id || chain_full(id, &prev))
		return id;
	n = ksan_port_stack_trace(pcs, CHAIN_STACK_DEPTH, pc, fp);
	return chain(id, &prev, save(pcs, n), 0, copy);
}

uint32_t kmsan_origin_chain(uint32_t id, uintptr_t pc, uintptr_t fp)
{
	return chain_here(id, pc, fp, 0);
}

uint32_t kmsan_origin_copy(uint32_t id, uintptr_t pc, uintptr_t fp)
{
	return chain_here(id, pc, fp, 1);
}

uint32_t kmsan_origin_copy_caller(uint32_t id, const struct kmsan_caller *c)
{
	struct kmsan_origin_info prev;

	if (!id || chain_full(id, &prev))
		return id;
	return chain(id, &prev, kmsan_caller_stack(c), c->entry != 0, 1);
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
