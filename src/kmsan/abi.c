/*
 * This file contains the compiler ABI of clang's -fsanitize=kernel-memory
 * (LLVM 14's MemorySanitizer in kernel mode): the metadata lookups called
 * for every load and store, the per-thread context state, origins, alloca
 * poisoning, the mem* entry points and inline asm stores.  Every name here
 * is compiler ABI, don't change.  Checked with clang 14 at -O0, -O1, -O2:
 * no other __msan_ symbol is emitted (and __msan_unpoison_alloca only with
 * -mllvm -msan-poison-stack=0).
 */
#include "kmsan.h"

#define ABI __attribute__((visibility("default"), used))
#define DUMMY_SIZE (64u << 10)

/* {shadow, origin}: a two-pointer struct, returned in rax:rdx. */
struct kmsan_meta {
	uint8_t *shadow;
	uint32_t *origin;
};

/*
 * Accesses outside the application ranges (a wild pointer, the metadata
 * itself) get these, as the kernel's dummy_load_page / dummy_store_page:
 * loads read zeroes (initialised, origin 0), stores go nowhere.  Big
 * enough for the largest access the compiler passes to the _n forms in
 * practice; larger ones are clamped to the dummy's start.
 */
static uint8_t dummy_load[DUMMY_SIZE] __attribute__((aligned(4096)));
static uint8_t dummy_store[DUMMY_SIZE] __attribute__((aligned(4096)));

/*
 * A load with kmsan_trust_uninstrumented=1 (fallback.c): the loaded bytes
 * are settled first.  Out of line and reached by a tail call, so the load
 * getters' fast path is the flag's test alone: no stack frame is set up for
 * a call that almost never happens (with the frame, the mode cost every
 * instrumented load about 6% of KMSAN's CPU time, also when off).
 */
static __attribute__((noinline, cold)) struct kmsan_meta meta_settled(uintptr_t a, size_t n)
{
	struct kmsan_meta m;

	kmsan_settle((const void *)a, n);
	m.shadow = kmsan_shadow_of(a);
	m.origin = kmsan_origin_of(a);
	return m;
}

static inline __attribute__((always_inline)) struct kmsan_meta
meta_of(uintptr_t a, size_t n, int store)
{
	struct kmsan_meta m;

	if (likely(__builtin_constant_p(n) && n <= 8 ? kmsan_is_app_small(a, n) :
		   kmsan_is_app_range(a, n))) {
		if (!store && unlikely(kmsan_trust))
			return meta_settled(a, n);
		m.shadow = kmsan_shadow_of(a);
		m.origin = kmsan_origin_of(a);
	} else {
		uint8_t *d = store ? dummy_store : dummy_load;

		m.shadow = d;
		m.origin = (uint32_t *)(d + DUMMY_SIZE / 2);
	}
	return m;
}

/* Makes __msan_metadata_ptr_for_load_1/2/4/8 and
 * __msan_metadata_ptr_for_store_1/2/4/8 (the _n forms are written out below). */
#define META(dir, n, store)						\
ABI struct kmsan_meta __msan_metadata_ptr_for_##dir##_##n(void *addr)	\
{									\
	return meta_of((uintptr_t)addr, n, store);			\
}
META(load, 1, 0)
META(load, 2, 0)
META(load, 4, 0)
META(load, 8, 0)
META(store, 1, 1)
META(store, 2, 1)
META(store, 4, 1)
META(store, 8, 1)

ABI struct kmsan_meta __msan_metadata_ptr_for_load_n(void *addr, uintptr_t size)
{
	return meta_of((uintptr_t)addr, size ? size : 1, 0);
}

ABI struct kmsan_meta __msan_metadata_ptr_for_store_n(void *addr, uintptr_t size)
{
	return meta_of((uintptr_t)addr, size ? size : 1, 1);
}

/* ---- context states ------------------------------------------------- */

/*
 * Context states come from a few runtime mappings of CTX_PER_MAP states
 * each, recorded here so the plain memcpy can tell a copy into a context
 * state (the compiler's own shadow traffic) from one between program
 * objects in one compare per mapping.  A state belongs to a thread state
 * (struct core_thread) and is reused with it after the thread ends.
 */
#define CTX_PER_MAP 1024
#define CTX_MAPS 16
static uintptr_t ctx_map[CTX_MAPS];	/* written once, under ctx_lock */
static unsigned ctx_used;		/* states handed out, under ctx_lock */
static ksan_lock_t ctx_lock;
#define CTX_MAP_BYTES (CTX_PER_MAP * sizeof(struct kmsan_context_state))

int kmsan_in_context_state(uintptr_t p)
{
	unsigned i;

	for (i = 0; i < CTX_MAPS; i++) {
		uintptr_t b = __atomic_load_n(&ctx_map[i], __ATOMIC_ACQUIRE);

		if (!b)
			return 0;
		if (p - b < CTX_MAP_BYTES)
			return 1;
	}
	return 0;
}

/* A state for a thread that has none; never freed (reused with the
 * thread state).  The compiler's calls start before any lock could be
 * set up, and ctx_lock is only a word, so this works at any time. */
static struct kmsan_context_state *ctx_alloc(void)
{
	static struct kmsan_context_state fallback;
	struct kmsan_context_state *c = &fallback;
	unsigned m;

	ksan_port_lock(&ctx_lock);
	m = ctx_used / CTX_PER_MAP;
	if (m < CTX_MAPS) {
		if (!ctx_map[m]) {
			void *p = ksan_port_map(CTX_MAP_BYTES);

			if (p)
				__atomic_store_n(&ctx_map[m], (uintptr_t)p,
						 __ATOMIC_RELEASE);
		}
		if (ctx_map[m]) {
			c = (struct kmsan_context_state *)ctx_map[m] +
			    ctx_used % CTX_PER_MAP;
			ctx_used++;
		}
	}
	ksan_port_unlock(&ctx_lock);
	return c;
}

struct kmsan_context_state *kmsan_context(void)
{
	struct core_thread *t = core_thread_get();

	if (unlikely(!t->kmsan_ctx))
		t->kmsan_ctx = ctx_alloc();
	return t->kmsan_ctx;
}

/* Called at the entry of every instrumented function.  Weak: a port with
 * thread-local storage defines a faster one (linux: kmsan/context.c). */
ABI __attribute__((weak)) struct kmsan_context_state *__msan_get_context_state(void)
{
	return kmsan_context();
}

/* ---- origins, warnings, locals --------------------------------------- */

ABI __attribute__((noinline)) uint32_t __msan_chain_origin(uint32_t origin)
{
	return kmsan_origin_chain(origin, (uintptr_t)__builtin_return_address(0),
				  (uintptr_t)__builtin_frame_address(0));
}

ABI __attribute__((noinline)) void __msan_warning(uint32_t origin)
{
	kmsan_report_use(origin, (uintptr_t)__builtin_return_address(0),
			 (uintptr_t)__builtin_frame_address(0));
}

/* descr: "----<var>@<function>", writable; its first 4 bytes are ours. */
ABI __attribute__((noinline)) void __msan_poison_alloca(void *addr, uintptr_t size,
							 char *descr)
{
	kmsan_poison_fresh(addr, size,
			   kmsan_origin_alloca(descr, (uintptr_t)__builtin_return_address(0)));
}

ABI void __msan_unpoison_alloca(void *addr, uintptr_t size)
{
	kmsan_unpoison(addr, size);
}

/* Inline asm "=m" outputs: the asm wrote them.  Capped as the kernel
 * caps them (a bad size from a wrongly typed operand). */
ABI void __msan_instrument_asm_store(void *addr, uintptr_t size)
{
	if (size > 512)
		size = 8;
	kmsan_unpoison(addr, size);
}

/* ---- mem* (the compiler's replacements for its intrinsics) ----------- */

/* Data, shadow and origins; the origins of uninitialised bytes are
 * chained to this copy. */
ABI __attribute__((noinline)) void *__msan_memcpy(void *d, const void *s, uintptr_t n)
{
	core_memmove(d, s, n);
	kmsan_copy_meta(d, s, n);
	return d;
}

ABI __attribute__((noinline)) void *__msan_memmove(void *d, const void *s, uintptr_t n)
{
	kmsan_settle_if_trusted(s, n);	/* before the move overwrites it */
	core_memmove(d, s, n);
	kmsan_copy_meta(d, s, n);
	return d;
}

/* The fill byte's shadow is not passed: the range becomes initialised. */
ABI __attribute__((noinline)) void *__msan_memset(void *d, int c, uintptr_t n)
{
	core_memset(d, c, n);
	kmsan_unpoison(d, n);
	return d;
}
