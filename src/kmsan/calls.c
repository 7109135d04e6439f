/*
 * This file contains KMSAN's notes of calls into code it does not see, for
 * the report's hint: when a port sees the program give memory that is
 * still uninitialised to such a call (linux: a call through the PLT to a
 * function ksan does not model, port/linux/kmsan/call_stubs.c), it records the function's
 * name, the caller and the origin of that memory in a small ring.  An
 * uninit-value report whose origin chain holds a recorded origin then says
 * which call was last given that memory: the call may have written it, and
 * KMSAN cannot see what it wrote.
 *
 * The ring is shared by all threads (an atomic index; a torn entry is a
 * wrong hint, never a crash) and only ever read by the report.
 */
#include "kmsan.h"

#define NOTES 64

struct note {
	const char *fn;
	uintptr_t pc;		/* the call's return address */
	uint32_t origin;
};
static struct note notes[NOTES];
static unsigned long notes_next;

void kmsan_note_call(const char *fn, uintptr_t p, uintptr_t pc)
{
	struct note *n;
	uint32_t o;

	/* only memory that is uninitialised where the call starts to look:
	 * an output buffer (the first byte is enough to say so) */
	if (!kmsan_ready || !kmsan_is_app_small(p, 1) || !*kmsan_shadow_of(p))
		return;
	o = *kmsan_origin_of(p);
	if (!o)
		return;
	n = &notes[__atomic_fetch_add(&notes_next, 1, __ATOMIC_RELAXED) % NOTES];
	__atomic_store_n(&n->origin, 0, __ATOMIC_RELAXED);
	n->fn = fn;
	n->pc = pc;
	__atomic_store_n(&n->origin, o, __ATOMIC_RELEASE);
}

/* The newest note whose origin is one of ids[0..n). */
static int find(const uint32_t *ids, unsigned n, struct note *out)
{
	unsigned long end = __atomic_load_n(&notes_next, __ATOMIC_ACQUIRE);
	unsigned long k;
	unsigned j;

	for (k = 0; k < NOTES && k < end; k++) {
		const struct note *e = &notes[(end - 1 - k) % NOTES];
		uint32_t id = __atomic_load_n(&e->origin, __ATOMIC_ACQUIRE);

		for (j = 0; id && j < n; j++) {
			if (ids[j] != id)
				continue;
			out->fn = e->fn;
			out->pc = e->pc;
			/* rewritten meanwhile: no hint rather than a wrong one */
			return __atomic_load_n(&e->origin, __ATOMIC_ACQUIRE) == id && out->fn;
		}
	}
	return 0;
}

void kmsan_print_call_hint(uint32_t origin, const struct kmsan_origin_info *o, unsigned no)
{
	uint32_t ids[KMSAN_MAX_ORIGIN_DEPTH + 2];
	struct note n;
	unsigned j, k = 0;

	if (!__atomic_load_n(&notes_next, __ATOMIC_ACQUIRE))
		return;
	/* the chain's ids: the reported one, then each link's previous */
	ids[k++] = origin;
	for (j = 0; j < no && k < ARRAY_SIZE(ids); j++)
		if (o[j].kind == KMSAN_ORIGIN_CHAIN && o[j].prev)
			ids[k++] = o[j].prev;
	if (!find(ids, k, &n))
		return;
	core_bprintf(&core_rbuf, "note: this memory was last given, uninitialised, to %s(), "
		     "which KMSAN does not see, at:\n", n.fn);
	core_print_stack(&n.pc, 1, 0);
	core_bprintf(&core_rbuf, "note: ksan's C library model may not cover %s(): what it "
		     "wrote there is not marked initialised (KSAN_OPTIONS="
		     "kmsan_trust_uninstrumented=1 takes it as initialised; see docs/kmsan.md, "
		     "\"Code KMSAN does not see\")\n\n", n.fn);
}
