/*
 * This file contains the core's internal interface: helpers every detector
 * shares (formatting, options, stack depot, report framing, slab, quarantine,
 * per-thread state).  Freestanding: only compiler headers and port.h.
 */
#ifndef KSAN_CORE_H
#define KSAN_CORE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "ksan/ksan.h"
#include "ksan/port.h"

#define CORE_HIDDEN __attribute__((visibility("hidden")))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define ROUND_UP(x, a) (((x) + (a) - 1) & ~((uintptr_t)(a) - 1))
#define ROUND_DOWN(x, a) ((x) & ~((uintptr_t)(a) - 1))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
/* Addresses below this (the null pages) are never valid, for every detector. */
#define CORE_NULL_LIMIT 4096

/* ---- mem.c: the core's own uninstrumented memory/string helpers ------ */
void core_memset(void *dst, int c, size_t n);
void core_memcpy(void *dst, const void *src, size_t n);
void core_memmove(void *dst, const void *src, size_t n);
int core_memcmp(const void *a, const void *b, size_t n);
size_t core_strlen(const char *s);
int core_strcmp(const char *a, const char *b);
int core_strncmp(const char *a, const char *b, size_t n);
const char *core_strchr(const char *s, int c);
/* Fixed-size records of the runtime's own (4096 / size of them per page
 * of the port's), kept on a free list that the caller's lock guards: a
 * record from *list, the list refilled with a fresh page when empty (NULL
 * when no page can be had); a record given back to *list. */
struct core_free { struct core_free *next; };
void *core_record_alloc(struct core_free **list, size_t size);
void core_record_free(struct core_free **list, void *rec);

/* ---- print.c: formatting into a bounded buffer ----------------------- */
struct core_buf {
	char *p;
	size_t len, cap;
};
/* Supports %s %c %d %i %u %x %p %% with l/ll/z modifiers, a width, '0'
 * padding and '-' alignment.  Truncates silently at cap - 1. */
void core_vbprintf(struct core_buf *b, const char *fmt, va_list ap);
void core_bprintf(struct core_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int core_snprintf(char *dst, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Print one line to the report output now (for diagnostics, not reports). */
void core_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- options.c ------------------------------------------------------- */
enum core_report_format { FORMAT_KASAN = 0, FORMAT_ASAN = 1, FORMAT_JSON = 2 };
struct core_options {
#define KSAN_OPT_BOOL long
#define KSAN_OPT_INT long
#define KSAN_OPT_UINT unsigned long
#define KSAN_OPT_STR char
#define KSAN_OPT_ENUM_FORMAT long
#define KSAN_OPT(type, name, def, help) KSAN_OPT_FIELD_##type(name)
#define KSAN_OPT_FIELD_BOOL(n) long n;
#define KSAN_OPT_FIELD_INT(n) long n;
#define KSAN_OPT_FIELD_UINT(n) unsigned long n;
#define KSAN_OPT_FIELD_STR(n) char n[256];
#define KSAN_OPT_FIELD_ENUM_FORMAT(n) long n;
#include "options.def"
#undef KSAN_OPT
};
extern struct core_options core_opt CORE_HIDDEN;
/* Parse "k=v:k=v" (':' or ',' separated, whitespace allowed; a value may
 * be quoted with ' or ").  On error writes one line naming the key into
 * err and returns -1. */
int core_options_parse(const char *str, char *err, size_t errlen);
/* Which keys a text of options is written with: ksan's (strict: as
 * core_options_parse) or a compiler-rt tool's (lenient: its keys mapped to
 * ksan's, the rest ignored, a bad value leaves the key alone; never an
 * error, what happened is kept for core_options_print_notes).  source
 * names the text in messages ("ASAN_OPTIONS"; 0 for KSAN_OPTIONS). */
enum core_opt_dialect { CORE_OPT_KSAN, CORE_OPT_ASAN, CORE_OPT_LSAN, CORE_OPT_UBSAN };
int core_options_parse_as(const char *str, enum core_opt_dialect dialect,
			  const char *source, char *err, size_t errlen);
/* At verbosity >= 1: what the lenient texts ignored, one line per text. */
void core_options_print_notes(void);
void core_options_defaults(void);
void core_options_print_help(void);

/* ---- depot.c: stack depot -------------------------------------------- */
#define DEPOT_MAX_FRAMES 64
typedef uint32_t depot_handle_t;	/* 0 = no stack */
depot_handle_t core_depot_save(const uintptr_t *pcs, size_t n);
/* Returns the number of frames and points *pcs at them (read-only). */
size_t core_depot_fetch(depot_handle_t h, const uintptr_t **pcs);
struct core_thread;
/* core_depot_save, first trying the thread's cache of recent stacks. */
depot_handle_t core_depot_save_cached(struct core_thread *t, const uintptr_t *pcs,
				      size_t n);
/* Capture the current stack (starting at pc/fp, see port.h) and save it. */
depot_handle_t core_depot_capture(uintptr_t pc, uintptr_t fp, size_t max);
size_t core_depot_bytes(void);
/* A call's stack into pcs (at most max frames): entry first when nonzero
 * (a runtime entry point, which reports print by name), then the frames
 * from pc/fp (see port.h).  Returns the number of frames. */
size_t core_capture_stack(uintptr_t *pcs, size_t max, uintptr_t pc, uintptr_t fp,
			  uintptr_t entry);
/* The caller of a heap entry point (malloc, free, realloc...): every
 * detector's heap takes this (kasan.h, kmsan.h and tags.h name it
 * kasan_caller, kmsan_caller and tags_caller, the port's words). */
struct core_caller {
	uintptr_t entry;	/* the API function's own address (malloc) */
	uintptr_t pc;		/* return address into its caller */
	uintptr_t fp;		/* frame whose return address is pc */
	uint32_t stack;		/* this call's stack, already saved (0: capture it) */
};
/* The call's allocation or free stack: c->stack when already saved, else
 * the entry point and malloc_context_size frames below it, saved through
 * t's cache of recent stacks. */
depot_handle_t core_caller_stack(struct core_thread *t, const struct core_caller *c);

/* ---- thread.c: per-thread state -------------------------------------- */
#define CORE_NCLASSES 40		/* at most: KASAN's kmalloc set has 12 */
#define CORE_KMALLOC_CLASSES 12
#define CORE_CACHE_MAX 64
struct core_cache {
	uint32_t count;
	void *slot[CORE_CACHE_MAX];
};
#define CORE_QCHAINS 8
#define CORE_DEPOT_CACHE 128
struct core_qbatch {		/* this thread's freed objects, not yet in the FIFO */
	void *head[CORE_QCHAINS], *tail[CORE_QCHAINS];	/* through core_qlink() */
	size_t bytes;
	size_t count;
};
/* The heap's stack captures: memos of recent walks (the port's) with the
 * depot handles of their traces, in sets by the place the call comes from
 * (depot.c).  A set's tags and handles share a cache line: the search
 * reads the memos' records only for a way whose tag matches. */
#define CORE_MEMO_SET_BITS 3
#define CORE_MEMO_WAYS 4
struct core_memo_set {
	uint32_t tag[CORE_MEMO_WAYS];	/* hash of (entry, pc, fp) */
	uint32_t handle[CORE_MEMO_WAYS];	/* 0: empty way */
	uint8_t next;			/* the way replaced next */
	uint8_t last;			/* the way that answered last */
};
struct core_thread {
	uint32_t tid;
	int in_report;		/* recursion guard of the report path */
	int no_report;		/* >0: runtime is touching poisoned memory */
	int in_depot;		/* in a depot insert (a signal may nest) */
	/* one line the next memory-error report of this thread adds: set by
	 * an interceptor around its checks (why the C library's own call
	 * would behave otherwise), else NULL */
	const char *report_note;
	struct core_thread *next_free;
	void *fake_stack;	/* kasan's stack-use-after-return frames */
	void *kmsan_ctx;	/* kmsan's compiler context state (4016 bytes) */
	uint64_t kcsan[8];	/* kcsan's per-thread context where no TLS (kcsan.h) */
	struct core_qbatch quarantine;
	struct core_cache cache[CORE_NCLASSES];
	uint32_t depot_cache[CORE_DEPOT_CACHE];	/* recent stack handles */
	int in_memo;		/* using the memos (a signal may nest) */
	struct core_memo_set memo_set[1 << CORE_MEMO_SET_BITS];
	uintptr_t memo_entry[1 << CORE_MEMO_SET_BITS][CORE_MEMO_WAYS];	/* its API function */
	struct ksan_trace_memo memo[1 << CORE_MEMO_SET_BITS][CORE_MEMO_WAYS];
};
struct core_thread *core_thread_get(void);
/* Called by the port when a thread ends (value of its thread slot). */
void core_thread_exit(void *thread);

/* fork.c: hold every runtime lock across fork() so the child never
 * inherits one held by a thread that does not exist there. */
void core_fork_prepare(void);
void core_fork_parent(void);
void core_fork_child(void);
/* A lock outside the core joins the protocol; call before its first use
 * (idempotent).  OUTER: taken before the core's locks; LEAF: after them,
 * for a lock under which no other runtime lock is ever taken. */
enum core_fork_order { CORE_FORK_OUTER, CORE_FORK_LEAF };
void core_fork_add_lock(ksan_lock_t *lock, enum core_fork_order order);
/* Locks a detector makes at run time (one per pool: kasan/pool.c) join
 * with a pair of functions that take them all and release them (reset:
 * in the child, mark them free), run where LEAF locks are.  At most one
 * pair; call before the first of those locks is taken (idempotent). */
void core_fork_add_hooks(void (*lock_all)(void), void (*unlock_all)(int reset));

/* ---- pagemap.c: which runtime object owns a page --------------------- */
enum { PAGE_KIND_SLAB = 0x51ab, PAGE_KIND_LARGE = 0x1a26 };
int core_pagemap_set(uintptr_t addr, size_t size, void *owner);
void core_pagemap_clear(uintptr_t addr, size_t size);
void *core_pagemap_get(uintptr_t addr);
/* fn(arg, owner, addr) for each run of pages with one owner, in ascending
 * address order (addr: the run's first page).  Lock-free reads: the leak
 * detector's walk of the heap, with the world stopped. */
void core_pagemap_walk(void (*fn)(void *arg, void *owner, uintptr_t addr), void *arg);

/* ---- heaps.c: the registry of heaps ---------------------------------- */
/* An object a heap found for an address: what a report says of it. */
struct core_heap_object {
	uintptr_t start;	/* object start */
	size_t size;		/* requested size */
	size_t cache_size;	/* its slot's size */
	int live, freed;
	depot_handle_t alloc_stack, free_stack;
	uint32_t alloc_tid, free_tid;
	char cache[24];		/* the cache's name as reports print it */
};
/* One live object: start, requested size, allocation stack and thread, and
 * whether the program asked for it to be ignored (never a leak). */
typedef void (*core_heap_walk_fn)(void *arg, uintptr_t start, size_t size,
				  uint32_t stack, uint32_t tid, int ignored);
/*
 * A heap a detector owns, registered once at start-up.  A heap whose pages
 * the pagemap does not name (KFENCE's pool) gives its fixed range through
 * pool_start/pool_size (NULL for a pagemap heap; *pool_size 0 until the
 * pool exists).  Any callback may be NULL.
 */
struct core_heap {
	const char *name;
	const uintptr_t *pool_start, *pool_size;
	/* The object (live or freed) whose memory holds a: 1 and *o, else 0. */
	int (*find)(uintptr_t a, struct core_heap_object *o);
	/* Every live object, in ascending address order; lock-free reads:
	 * with the world stopped (ksan_port_stop_the_world). */
	void (*walk)(core_heap_walk_fn fn, void *arg);
	/* Mark the live object holding p never a leak: 0, 1 if it was
	 * already, -1 if p is in no live object of this heap. */
	int (*ignore)(const void *p);
	/* 1 if the word at a, inside one of this heap's objects, is poisoned
	 * (a freed pool object's stale link: not a pointer that keeps an
	 * object alive); NULL: no shadow, never. */
	int (*poisoned)(uintptr_t a);
	/* Memory the heap's detector lends to live frames (generic KASAN's
	 * fake stack): fn(arg, lo, hi) for each range, roots of a leak check. */
	void (*walk_roots)(void (*fn)(void *arg, uintptr_t lo, uintptr_t hi), void *arg);
};
/* Add h (kept, not copied); 0, or -1 when the table is full (says so). */
int core_heap_register(const struct core_heap *h);
/* The heaps registered so far, in registration order. */
unsigned core_heap_count(void);
const struct core_heap *core_heap_get(unsigned i);
/* The heap whose fixed pool holds a, or NULL (a pagemap heap's or none). */
const struct core_heap *core_heap_pool_of(uintptr_t a);
/* Mark the live object holding p ignored in whichever heap holds it:
 * 0, 1 if it was already, -1 if p is in no heap's live object. */
int core_heap_ignore(const void *p);

/* ---- slab.c: size classes and slots ---------------------------------- */
struct core_region {
	uint32_t kind;		/* PAGE_KIND_SLAB */
	uint32_t cls;
	uintptr_t base, end;	/* slots live in [base, end) */
	uint32_t stride;
	uint64_t stride_inv;	/* ceil(2^40 / stride): offset / stride by multiply */
	struct core_region *next;
	void *detector;		/* the detector's, set by its region_init */
};
extern const uint32_t core_class_size[CORE_KMALLOC_CLASSES] CORE_HIDDEN;
#define CORE_SLAB_MAX 8192	/* largest kmalloc slab object */
#define CORE_REGION_SIZE (1u << 20)	/* a slab region, its descriptor first */
/* kmalloc class index for an object capacity of n bytes (n <= CORE_SLAB_MAX). */
static inline unsigned core_size_class(size_t n)
{
	extern const uint8_t core_class_lookup[] CORE_HIDDEN;
	if (n <= 256)
		return core_class_lookup[(n + 15) >> 4];
	if (n <= 512)
		return 7;
	return 7 + (unsigned)(64 - __builtin_clzll((n - 1) >> 9));
}
/* Bytes from slot start to object area (the left red zone with metadata). */
#define CORE_SLOT_HEADER 16
uint32_t core_class_stride(unsigned cls);
/* Set the minimum right red zone (call once, before the first alloc);
 * 0 = no red zones at all (KMSAN): a slot is its header and capacity. */
void core_slab_set_redzone(size_t rz);
/* Bytes of header in front of each slot's object (CORE_SLOT_HEADER unless
 * set, before core_slab_init; 0: the detector keeps its per-object data
 * in core_region.detector, KMSAN). */
void core_slab_set_header(size_t bytes);
/* Replace the kmalloc classes with n capacities (ascending, multiples of
 * 16, at most 1 << 15; n <= CORE_NCLASSES), before core_slab_init: the
 * detector then picks class indexes into sizes itself (KMSAN). */
void core_slab_set_classes(const uint32_t *sizes, unsigned n);
/* Callback run on every slot of a fresh region (set up its shadow). */
typedef void (*core_region_init_fn)(struct core_region *r);
void core_slab_init(core_region_init_fn fn);
/* A free slot of class cls, or NULL when out of memory. */
void *core_slot_alloc(struct core_thread *t, unsigned cls);
/* Give slots back (from the quarantine), any thread. */
void core_slot_free(struct core_thread *t, unsigned cls, void *slot);
/* Region and slot start for an address inside a slab region, else NULL. */
struct core_region *core_region_of(uintptr_t addr);
uintptr_t core_slot_of(const struct core_region *r, uintptr_t addr);
/* End of r's slots carved so far (the rest was never handed out); read
 * with the class's lock held, or the world stopped under fork's locks. */
uintptr_t core_slab_carved(const struct core_region *r);
void core_thread_cache_drain(struct core_thread *t);

/* The heaps' common request check (KASAN's and KMSAN's alloc.c).  Errors
 * as the ports turn them into errno: ENOMEM for a size (with its alignment)
 * over the maximum, EINVAL for an alignment that is not a power of two. */
enum { CORE_ALLOC_OK = 0, CORE_ALLOC_ENOMEM = 1, CORE_ALLOC_EINVAL = 2 };
#define CORE_MAX_ALLOC (1ul << 40)
/* *align: raised to 16 (0 = default); *need: bytes of slot capacity that
 * hold size bytes at that alignment.  Returns CORE_ALLOC_*. */
static inline int core_alloc_request(size_t size, size_t *align, size_t *need)
{
	size_t a = *align < 16 ? 16 : *align;

	if (a & (a - 1))
		return CORE_ALLOC_EINVAL;
	/* size and alignment together: a huge alignment costs its own size
	 * in address space */
	if (unlikely(size > CORE_MAX_ALLOC || (a > 16 && a > CORE_MAX_ALLOC - size)))
		return CORE_ALLOC_ENOMEM;
	*align = a;
	*need = (size < 16 ? 16 : size) + (a - 16);
	return CORE_ALLOC_OK;
}

/* ---- sideheap.c: records beside the objects (KMSAN, tag-based KASAN) -- */
/* For a heap with no slot header (core_slab_set_header(0)): one record per
 * slot in a table beside its region (core_region.detector, made by
 * core_side_region_init from the detector's region_init), and objects over
 * the detector's slab limit in a mapping of their own after a descriptor
 * page.  The detector owns the states (0: free) and the tag byte, and sets
 * a new object's state last (release). */
struct core_side_rec {
	uint32_t size;		/* requested size (a large object's: its descriptor's) */
	uint32_t alloc_stack;
	uint16_t obj_off;	/* object = slot + obj_off (alignment) */
	uint8_t state;		/* the detector's; 0: free */
	uint8_t tag;		/* the detector's (tag-based KASAN: the object's tag) */
};
struct core_side_large {	/* first page of a large object's mapping */
	uint32_t kind;		/* PAGE_KIND_LARGE */
	struct core_side_rec rec;
	uintptr_t obj, base;	/* the object (untagged); the mapping's start */
	size_t size, map_size;
};
/* An object as the calls below find or make it. */
struct core_side_ref {
	uintptr_t obj;			/* its start (untagged) */
	struct core_side_rec *rec;
	struct core_side_large *large;	/* a large object's descriptor, else NULL */
	struct core_region *region;	/* a slab object's region and slot */
	uintptr_t slot;
};
static inline size_t core_side_size(const struct core_side_ref *o)
{
	return o->large ? o->large->size : o->rec->size;
}
void core_side_region_init(struct core_region *r);
/* A new object of size bytes at align (as core_alloc_request gives them),
 * its record's state still free: a slot of class cls, or for cls
 * CORE_SIDE_LARGE a mapping of its own, whose metadata ready(base, size)
 * makes usable (0 on success) before the page map names it.  0, or -1
 * when out of memory. */
#define CORE_SIDE_LARGE (~0u)
int core_side_alloc(struct core_thread *t, unsigned cls, size_t size, size_t align,
		    int (*ready)(uintptr_t base, size_t size), struct core_side_ref *o);
/* The object starting at a (exact), or whose slot or mapping holds a, in
 * any state: 1 and *o, or 0 when there is none. */
int core_side_find(uintptr_t a, int exact, struct core_side_ref *o);
/* Give a freed object's memory back: its slot, or its mapping (the page
 * map forgets it first); the detector has cleaned its metadata. */
void core_side_release(struct core_thread *t, const struct core_side_ref *o);

/* ---- quarantine.c: FIFO of freed objects, bounded in bytes ------------ */
/* Each queued object provides a link word; the detector says where, and
 * its release callback gives the object's memory back for reuse. */
typedef void **(*core_qlink_fn)(void *obj);
typedef void (*core_qrelease_fn)(struct core_thread *t, void *obj);
void core_quarantine_init(core_qlink_fn link, core_qrelease_fn release);
void core_quarantine_put(struct core_thread *t, void *obj, size_t bytes);
void core_quarantine_flush_thread(struct core_thread *t);
size_t core_quarantine_bytes(void);

/* ---- report.c: report framing shared by every detector --------------- */
/* The kernel's report banner, and AddressSanitizer's (one shorter). */
#define CORE_BANNER "=================================================================="
#define CORE_ASAN_BANNER "================================================================="
/* Begin a report: takes the report lock and the recursion guard.  Returns 0
 * (and takes nothing) if this report must be skipped: halt_on_error=0 and
 * (pc, type) was already reported, or a recursive report (one line says
 * so).  The lock's holder may begin one nested report (a signal handler or
 * the report callback on its thread): it gets its own buffer. */
int core_report_begin(uintptr_t pc, const char *type, int dedup);
/* The same, deduplicated on (pc, type, extra): KMSAN reports each
 * distinct (pc, origin) once. */
int core_report_begin_key(uintptr_t pc, const char *type, uint64_t extra,
			  int dedup);
/* The report text is built into this buffer. */
extern struct core_buf core_rbuf CORE_HIDDEN;
/* The current report's crash signature, for ksan_port_report_end (the
 * first one of a report counts; signature.c's printers call it). */
void core_note_signature(const char *text, uint64_t hash);
/*
 * The one report path, the kernel's start_report / print_report /
 * end_report: a detector begins (core_report_begin: the lock, the
 * recursion guard, the deduplication), gathers what it will print, and
 * hands the report to core_report_emit, which runs the detector's
 * suppression, the user's callback, the layout report_format chooses and
 * the end (output, halt policy).  A detector supplies its layouts as a
 * table of printers, one per report_format (FORMAT_* order); a NULL
 * printer means the kasan layout's.  Nothing outside src/core reads
 * report_format (tests/unit/layering.sh checks it).
 */
#define CORE_FORMATS 3
struct core_report_ops {
	/* 1 if the detector's suppressions (or its rate limit) drop the
	 * report: nothing printed, nothing given to the callback; NULL: none */
	int (*suppressed)(void *ctx);
	void (*print[CORE_FORMATS])(void *ctx);
	/* NULL, or called last before the report ends or is cancelled, with
	 * the lock still held: the detector lets go of its context */
	void (*done)(void *ctx);
};
/* After core_report_begin: returns 1 if printed (the report ended, halting
 * if halt), 0 if suppressed or taken by the callback (cancelled).  r NULL:
 * a print that no callback sees (a describe, a bare stack, an impossible
 * allocation's one line). */
int core_report_emit(const struct ksan_report *r, const struct core_report_ops *ops,
		     void *ctx, int halt);
/* A report of several parts (LeakSanitizer's one report for all leaks):
 * hand one part to the callback; 1 if the callback took it.  The report is
 * then printed by core_report_emit(NULL, ...). */
int core_report_emit_part(const struct ksan_report *r);
/* The layout report_format names, as an index into a table of printers
 * (FORMAT_* order; an unknown value reads as FORMAT_KASAN). */
unsigned core_report_layout(void);
/* Reports that went through core_report_emit / core_report_emit_part,
 * callbacks' included (the test of the one path reads it). */
extern unsigned long core_report_emitted CORE_HIDDEN;
/* Print the buffer, release the lock, apply halt policy (halt: the
 * detector's halt_on_error value).  Only for a report that is not a
 * report of a bug: the one path (core_report_emit) ends the others. */
void core_report_end(int halt);
/* Stop after a halting report: abort() with abort_on_error, else exit
 * with exitcode. */
void core_halt(void) __attribute__((noreturn));
/* halt_on_error as the user set it, else the detector's default. */
static inline int core_halt_on_error(int dflt)
{
	return core_opt.halt_on_error < 0 ? dflt : (int)core_opt.halt_on_error;
}
/* Abandon a begun report (a detector's own filter after begin). */
void core_report_cancel(void);
void core_report_flush(void);	/* write what is in core_rbuf so far */
#define CORE_INLINE_MAX 8	/* inlined frames shown per pc */
/* first_is_entry: 1 = pcs[0] is a runtime entry point (printed by name),
 * CORE_STACK_FAULT = pcs[0] is the faulting instruction itself (not a
 * return address), 0 = all are return addresses. */
#define CORE_STACK_FAULT 2
void core_print_stack(const uintptr_t *pcs, size_t n, int first_is_entry);
/* The same frames without the empty-stack line; addr_lead starts each line
 * with kmemleak's "    [<pc>] " instead of " ". */
void core_print_frames(const uintptr_t *pcs, size_t n, int first_is_entry, int addr_lead);
void core_print_stack_asan(const uintptr_t *pcs, size_t n, int first_is_entry);
/* A depot stack of the malloc family (first frame is the entry point), in
 * the kasan (asan = 0) or asan layout. */
void core_print_depot(depot_handle_t h, int asan);
/* f without the strip_path_prefix option's prefix: every path a report prints. */
const char *core_file(const char *f);
/* How many of a stack's frames are the thread's own: those above the first
 * C library frame that started it (start_thread, clone3, or for the main
 * thread __libc_start_call_main, _start), as ThreadSanitizer's stacks end
 * at the thread's start routine (or main); n if there is none. */
size_t core_stack_thread_len(const uintptr_t *pcs, size_t n, int first_is_entry);
/* The kernel's layout of a memory-safety report, its shared lines: the
 * access ("Read of size 8 at addr 0x... by task name/tid", "Write at addr"
 * when the size is unknown, "Free of addr"), the call trace between empty
 * lines, and an object's allocation or free stack ("Allocated by task N:",
 * the stack, an empty line). */
void core_print_access(const struct ksan_report *r, const char *task);
void core_print_call_trace(const uintptr_t *pcs, size_t n, int first_is_entry);
/* kernel layout, a report with no access: "WARNING: CPU: c PID: p at file:line fn+0x../0x.."
 * then "<detector>: <type> in fn+0x../0x.." (report_warning.c) */
void core_print_warning(const char *detector, const char *type, uintptr_t pc, int is_ret);
/* kernel layout, a fault known only to a range [lo, hi] or not at all: the
 * kernel's "general protection fault" header, range, task and RIP lines */
void core_print_gpf(const char *detector, const char *type, uintptr_t lo, uintptr_t hi,
		    int range_known, uintptr_t pc, int is_ret);
void core_print_track(const char *what, uint32_t tid, depot_handle_t h);
/* JSON pieces every detector's json layout uses. */
void core_json_str(const char *s);
void core_json_frames(const uintptr_t *pcs, size_t n, int first_is_entry);
/* ,"key":[frames]: a stack as a member of the report's object, given as
 * frames or as a depot handle (first_is_entry as core_print_stack's). */
void core_json_key_frames(const char *key, const uintptr_t *pcs, size_t n,
			  int first_is_entry);
void core_json_key_depot(const char *key, depot_handle_t h, int first_is_entry);
/* "SUMMARY: <tool>: <type> file:line:col in fn" for the frame at pc (a
 * return address; 0: none), the asan layout's last line. */
void core_print_summary_asan(const char *tool, const char *type, uintptr_t pc);
/* Where a lies from the region [start, start + size), in the kernel's
 * words ("to the left of", "to the right of", "inside of"), and how far
 * (*dist: bytes before start, past the end, or from start). */
const char *core_relation(uintptr_t a, uintptr_t start, size_t size, size_t *dist);
/* "fn+0x5a/0xb0" for pc into buf. */
void core_format_function(char *buf, size_t len, uintptr_t pc, int is_ret);
/* Current task words "name/tid". */
void core_task_name(char *buf, size_t len);
/* ASan's words for a thread: "T0", "T3 (worker)" (buf of 48 bytes is enough). */
const char *core_thread_word(uint32_t tid, char *buf, size_t len);
extern unsigned long core_reports CORE_HIDDEN;

/* ---- signature.c: the crash signature of a report --------------------- */
/* "<bug>[ Read|Write] | f1 | f2 | f3": the bug type (the kernel's word)
 * and the program's top CORE_SIG_FRAMES frames, function names only
 * (which frames and how they are named: signature.c and
 * docs/report-format.md), and a 64-bit FNV-1a hash of that text.  A race
 * has two stacks: each side's frames, the sides in byte order, joined by
 * " / ". */
#define CORE_SIG_FRAMES 3
#define CORE_SIG_LEN 512
#define CORE_SIG_NO_ACCESS (-1)	/* access: no Read/Write word */
struct core_sig_stack {
	const uintptr_t *pcs;
	size_t n;
	int first_is_entry;	/* as core_print_stack's */
};
struct core_sig {
	char text[CORE_SIG_LEN];
	uint64_t hash;
};
/* access: KSAN_READ or KSAN_WRITE adds " Read" or " Write" after bug
 * (anything else: nothing).  nst: 1, or 2 for a race. */
void core_signature(struct core_sig *s, const char *bug, int access,
		    const struct core_sig_stack *st, unsigned nst);
/* The kasan and asan layouts' line, "Crash signature: <hash> <text>". */
void core_print_signature(const struct core_sig *s);
/* The json layout's keys: ,"signature":"<text>","signature_hash":"<hash>". */
void core_json_signature(const struct core_sig *s);
/* core_signature of one stack, then its line (json = 0) or its keys. */
void core_report_signature(int json, const char *bug, int access,
			   const uintptr_t *pcs, size_t n, int first_is_entry);

/* ---- suppress.c: suppression patterns of compiler-rt's kinds --------- */
enum core_supp_kind {
	CORE_SUPP_LEAK,		/* leak:, LeakSanitizer's */
	CORE_SUPP_VIA_FUN,	/* interceptor_via_fun:, ASan's */
	CORE_SUPP_VIA_LIB,	/* interceptor_via_lib:, ASan's */
	CORE_SUPP_NAME,		/* interceptor_name:, ASan's */
	CORE_SUPP_ODR,		/* odr_violation:, ASan's (nothing to suppress) */
	CORE_SUPP_NKINDS
};
#define CORE_SUPP_ALL ((1u << CORE_SUPP_NKINDS) - 1)
#define CORE_SUPP_STRICT (1u << 31)	/* parse: a line of another kind is an error */
struct core_supp {
	const char *p, *pe;	/* the pattern, in the caller's text */
	char name[128];		/* a NUL-terminated copy, for messages */
	unsigned kind;
	size_t hits, bytes;	/* what it suppressed (the kind's owner counts) */
};
/* compiler-rt's template match of [p, pe) against s (see suppress.c). */
int core_template_match(const char *p, const char *pe, const char *s);
/* The kind named by [k, k+n), or -1; a kind's name. */
int core_supp_kind(const char *k, size_t n);
const char *core_supp_kind_name(unsigned kind);
/* Keep the <kind>:<pattern> lines of text (which lives on) whose kind is
 * in the mask kinds (1 << kind); other lines are left to their parsers
 * (with CORE_SUPP_STRICT in kinds they are errors, but for comments and
 * blank lines).  -1 with a message naming path and the line when a
 * pattern is missing. */
int core_supp_parse(const char *text, const char *path, unsigned kinds, char *err,
		    size_t errlen);
int core_supp_have(unsigned kinds);	/* 1 if a line of these kinds was given */
unsigned core_supp_count(void);
struct core_supp *core_supp_at(unsigned i);
/* The first pattern of the kinds that matches s, or NULL. */
struct core_supp *core_supp_match(unsigned kinds, const char *s);
/* The first pattern matching a frame of the stack: its functions (inlined
 * ones included) against fn_kinds, their files against file_kinds, its
 * module against module_kinds.  first_exact: pcs[0] is an address itself
 * (an entry point), not a return address. */
struct core_supp *core_supp_match_stack(const uintptr_t *pcs, size_t n, int first_exact,
					unsigned fn_kinds, unsigned file_kinds,
					unsigned module_kinds);

/* Runtime failure that cannot go on (out of metadata, broken invariant). */
void core_fatal(const char *msg) __attribute__((noreturn));

#endif /* KSAN_CORE_H */
