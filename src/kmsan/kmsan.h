/*
 * This file contains KMSAN's internal interface: the metadata layout (one
 * shadow byte per data byte, one 4-byte origin per 4 aligned data bytes),
 * the operations the port's libc model and allocator use, and what the
 * compiler ABI (abi.c) shares with the report code.
 * Freestanding: only compiler headers, port.h and core.h.
 *
 * Layout on x86-64 Linux user space (MemorySanitizer's application ranges
 * and XOR mapping, facts from compiler-rt's msan.h):
 *   shadow(a) = a ^ KMSAN_SHADOW_XOR
 *   origin(a) = (shadow(a) + KMSAN_ORIGIN_ADD) & ~3
 * Nothing is reserved up front: a port maps metadata pages when they are
 * first touched, for application memory that exists (linux: the SIGSEGV
 * handler; a kernel: at page allocation).  A shadow bit set = that data bit
 * is uninitialised; an origin is a depot handle (0 = unknown).
 */
#ifndef KSAN_KMSAN_H
#define KSAN_KMSAN_H

#include "../core/core.h"

/* The caller of a runtime entry point (malloc, realloc's copy): core.h's */
#define kmsan_caller core_caller

#define KMSAN_SHADOW_XOR 0x500000000000UL
#define KMSAN_ORIGIN_ADD 0x100000000000UL

static inline uint8_t *kmsan_shadow_of(uintptr_t a)
{
	return (uint8_t *)(a ^ KMSAN_SHADOW_XOR);
}

static inline uint32_t *kmsan_origin_of(uintptr_t a)
{
	return (uint32_t *)(((a ^ KMSAN_SHADOW_XOR) + KMSAN_ORIGIN_ADD) & ~3UL);
}

/*
 * Application ranges (compiler-rt msan.h, x86_64 Linux):
 *   app-1 [0x000000000000, 0x010000000000)  shadow 0x5000.., origin 0x6000..
 *   app-2 [0x510000000000, 0x600000000000)  shadow 0x0100.., origin 0x1100..
 *   app-3 [0x700000000000, 0x800000000000)  shadow 0x2000.., origin 0x3000..
 * Everything else is metadata or invalid.  Inline: the compiler ABI asks
 * for this on every load and store.
 */
#define KMSAN_APP1_END 0x010000000000UL
#define KMSAN_APP2_LO 0x510000000000UL
#define KMSAN_APP2_END 0x600000000000UL
#define KMSAN_APP3_LO 0x700000000000UL
#define KMSAN_APP3_END 0x800000000000UL

/* 1 if a lies in an application range (its metadata may be used). */
static inline int kmsan_is_app(uintptr_t a)
{
	return a - KMSAN_APP3_LO < KMSAN_APP3_END - KMSAN_APP3_LO ||
	       a < KMSAN_APP1_END ||
	       a - KMSAN_APP2_LO < KMSAN_APP2_END - KMSAN_APP2_LO;
}
/* 1 if [a, a+n) lies in one application range (n > 0). */
static inline int kmsan_is_app_range(uintptr_t a, size_t n)
{
	uintptr_t last = a + n - 1;

	return last >= a && kmsan_is_app(a) && kmsan_is_app(last) &&
	       (a ^ last) < KMSAN_APP1_END;	/* never two ranges: they are
						   apart by more than 2^40 */
}
/*
 * The same test for the compiler's fixed-size accesses (n <= 8), on every
 * load and store: the ranges are whole 2^40-byte slots, so the access's
 * slot (both ends in one) indexes a bitmap.  Slot 0 is app-1; bit i of
 * KMSAN_APP_HI is slot 64 + i (app-2: 0x51..0x5f, app-3: 0x70..0x7f).
 */
#define KMSAN_APP_HI (0x7fffUL << (0x51 - 64) | 0xffffUL << (0x70 - 64))
static inline int kmsan_is_app_small(uintptr_t a, size_t n)
{
	uintptr_t slot = a >> 40, i = slot - 64;

	if (unlikely(slot != (a + n - 1) >> 40))
		return 0;
	return slot == 0 || (i < 64 && ((KMSAN_APP_HI >> i) & 1));
}
/* 1 if a lies in the shadow or origin ranges; *app = the data address. */
int kmsan_is_meta(uintptr_t a, uintptr_t *app);
/* 1 once the port can map metadata on demand (the fault handler is in). */
extern int kmsan_ready CORE_HIDDEN;

/* ---- metadata operations (memory.c) ----------------------------------- */
/* Mark [p, p+n) uninitialised, with origin (a depot handle). */
void kmsan_poison(const void *p, size_t n, uint32_t origin);
/* Mark [p, p+n) initialised. */
void kmsan_unpoison(const void *p, size_t n);
/* Copy shadow and origins of n bytes from src to dst (memmove semantics);
 * origins of uninitialised bytes are chained to the stack of the caller's
 * caller (the program calling the runtime's copy). */
void kmsan_copy_meta(void *dst, const void *src, size_t n);
/* The same, the links naming a runtime entry point and its caller. */
void kmsan_copy_meta_caller(void *dst, const void *src, size_t n,
			    const struct kmsan_caller *c);
/* Offset of the first uninitialised byte of [p, p+n), or n if none. */
size_t kmsan_first_uninit(const void *p, size_t n);

/* ---- the fallback for code KMSAN does not see (fallback.c) ------------- */
/* kmsan_trust_uninstrumented=1: memory the runtime poisons is filled with
 * KMSAN_FILL, and a poisoned byte found changed was written by code KMSAN
 * does not see, so it is taken as initialised before it is read. */
#define KMSAN_FILL 0xbe
extern int kmsan_trust CORE_HIDDEN;
void kmsan_fallback_init(void);
/* kmsan_poison with an allocation, free or local-variable origin: the
 * runtime's own poisoning, which fills the bytes in that mode. */
void kmsan_poison_fresh(void *p, size_t n, uint32_t origin);
/* Clear the shadow of the bytes of [p, p+n) that foreign code changed. */
void kmsan_settle(const void *p, size_t n);
static inline void kmsan_settle_if_trusted(const void *p, size_t n)
{
	if (unlikely(kmsan_trust))
		kmsan_settle(p, n);
}

/* ---- calls into code KMSAN does not see (calls.c) ---------------------- */
/* A port saw the program pass p to fn (not instrumented, not modelled)
 * from the return address pc: noted if p's first byte is uninitialised. */
void kmsan_note_call(const char *fn, uintptr_t p, uintptr_t pc);

/* ---- origins (origin.c) ------------------------------------------------ */
/* Depth limit of store chains (the kernel's KMSAN_MAX_ORIGIN_DEPTH). */
#define KMSAN_MAX_ORIGIN_DEPTH 7
/* An origin for a heap allocation / free at the given stack. */
uint32_t kmsan_origin_alloc(depot_handle_t stack);
uint32_t kmsan_origin_free(depot_handle_t stack);
/* A new origin: id stored to memory by the current stack (pc, fp). */
uint32_t kmsan_origin_chain(uint32_t id, uintptr_t pc, uintptr_t fp);
/* The same link, made by a copy that moved the bytes unchanged (memcpy,
 * realloc): what kmsan_trust_uninstrumented may look through. */
uint32_t kmsan_origin_copy(uint32_t id, uintptr_t pc, uintptr_t fp);
/* A copy by a runtime entry point (realloc) for its caller. */
uint32_t kmsan_origin_copy_caller(uint32_t id, const struct kmsan_caller *c);

/* ---- the compiler's per-thread context state (abi.c) ------------------- */
/* Laid out by LLVM's MemorySanitizer pass (kernel mode): compiler ABI,
 * don't change. */
struct kmsan_context_state {
	uint64_t param_tls[100];
	uint64_t retval_tls[100];
	uint64_t va_arg_tls[100];
	uint64_t va_arg_origin_tls[100];
	uint64_t va_arg_overflow_size_tls;
	uint32_t param_origin_tls[200];
	uint32_t retval_origin_tls;
	uint32_t origin_tls;
};
_Static_assert(sizeof(struct kmsan_context_state) == 4016, "clang 14's layout");
/* 1 if p is inside one of the runtime's context states. */
int kmsan_in_context_state(uintptr_t p);
/* The current thread's, made on first use. */
struct kmsan_context_state *kmsan_context(void);

/* ---- the heap (alloc.c): the port's malloc family calls these --------- */
/* Objects from the core slab with no red zones and no quarantine: fresh
 * objects are poisoned with an allocation origin (unless KMSAN_ZERO),
 * freed ones with a free origin; stacks are depot handles. */
enum { KMSAN_OK = CORE_ALLOC_OK, KMSAN_ENOMEM = CORE_ALLOC_ENOMEM, KMSAN_EINVAL = CORE_ALLOC_EINVAL };
#define KMSAN_MAX_ALLOC CORE_MAX_ALLOC
#define KMSAN_ZERO 1
void kmsan_heap_init(void);
void *kmsan_malloc(size_t size, size_t align, int flags,
		   const struct kmsan_caller *c, int *err);
/* 0 when p was freed; -1 if p is not a live object (left alone). */
int kmsan_free(void *p, const struct kmsan_caller *c);
/* Requested size of the live object starting at p, or (size_t)-1. */
size_t kmsan_usable_size(const void *p);
uint32_t kmsan_alloc_stack(const void *p);
/* The allocation stack of a call, saved (for objects made elsewhere). */
static inline depot_handle_t kmsan_caller_stack(const struct kmsan_caller *c)
{
	return core_caller_stack(core_thread_get(), c);
}

/* ---- origins as the reports read them (origin.c) ----------------------- */
enum kmsan_origin_kind {
	KMSAN_ORIGIN_UNKNOWN = 0,	/* 0, or not a record of ours */
	KMSAN_ORIGIN_ALLOC,		/* stack = the allocation's */
	KMSAN_ORIGIN_FREE,		/* stack = the free's (use after free) */
	KMSAN_ORIGIN_CHAIN,		/* stack = the store's, prev = older */
	KMSAN_ORIGIN_ALLOCA,		/* descr, pc */
};
struct kmsan_origin_info {
	enum kmsan_origin_kind kind;
	int uaf;			/* the chain ends at a freed object */
	int entry;			/* stack[0] is a runtime entry point */
	int copy;			/* a chain link made by a copy */
	unsigned depth;			/* chain links above this one */
	depot_handle_t stack;
	uint32_t prev;
	const char *descr;		/* "----buf@fn" */
	uintptr_t pc;
};
void kmsan_origin_describe(uint32_t id, struct kmsan_origin_info *o);
/* The report's note naming the last noted call given memory of this
 * origin chain (o[0..no) as the report walked it), if any (calls.c). */
void kmsan_print_call_hint(uint32_t origin, const struct kmsan_origin_info *o, unsigned no);
/* A local variable's origin: descr's first 4 bytes cache it (ABI). */
uint32_t kmsan_origin_alloca(char *descr, uintptr_t pc);

/* ---- checks at boundaries (report.c) ----------------------------------- */
/* Where uninitialised bytes leave the program. */
enum kmsan_boundary {
	KMSAN_USE = 0,		/* a use inside the program (uninit-value): what
				   names the call that read the bytes (memcmp,
				   __msan_check_mem_is_initialized) */
	KMSAN_INFOLEAK,		/* write(2), send(2), stdio: "kernel-infoleak in write+0x.." */
	KMSAN_USER,		/* ksan_check_memory(p, n, "usb") */
};
/* Report each run of uninitialised bytes of [p, p+n) sharing one origin.
 * what names the boundary ("write", "send", the user's word); pc/fp are
 * the caller's (the first frame of the report). */
void kmsan_check_memory(const void *p, size_t n, enum kmsan_boundary kind,
			const char *what, uintptr_t pc, uintptr_t fp);
/* A use of an uninitialised value (the compiler's __msan_warning). */
void kmsan_report_use(uint32_t origin, uintptr_t pc, uintptr_t fp);
/* A fault the port's signal handler attributes to a bad access. */
struct kmsan_fault {
	uintptr_t addr, pc, fp;
	int write;
	size_t size;		/* the access's bytes (decoded); 0 unknown */
	int addr_known;		/* 0: none (non-canonical), else exact */
	uintptr_t meta_of;	/* the program's own access to addr, which is
				   the KMSAN metadata of this address */
	uintptr_t meta;		/* the instrumentation's access to the
				   metadata of addr faulted here (addr is
				   the application address it describes) */
	int stack_overflow;
};
void kmsan_report_fault(const struct kmsan_fault *f);
int kmsan_halt(void);

#endif /* KSAN_KMSAN_H */
