/*
 * This file contains ksan's public interface: annotations for a program's own
 * allocators, a structured report callback and address queries.
 *
 * Use the upper-case macros in code that must also build without ksan: they
 * compile to nothing unless the translation unit is built by ksan-cc (which
 * defines __KSAN__) or with -fsanitize=address.
 */
#ifndef KSAN_KSAN_H
#define KSAN_KSAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KSAN_VERSION_MAJOR 0
#define KSAN_VERSION_MINOR 1
#define KSAN_VERSION_PATCH 0

/* Access direction of a report. */
enum ksan_access {
	KSAN_READ = 0,
	KSAN_WRITE = 1,
	KSAN_FREE = 2,	/* a free()/realloc() of a bad pointer */
	KSAN_COMPARE = 3,	/* KSAN_BUG_POINTER_PAIR: addr < other_addr, ... */
	KSAN_SUBTRACT = 4,	/* KSAN_BUG_POINTER_PAIR: addr - other_addr */
};

/* What a report is about (struct ksan_report's kind). */
enum ksan_bug {
	KSAN_BUG_MEMORY = 0,	/* a bad access or free (KASAN, KFENCE) */
	KSAN_BUG_UNINIT = 1,	/* KMSAN: an uninitialised value was used */
	KSAN_BUG_INFOLEAK = 2,	/* KMSAN: uninitialised bytes left the program */
	KSAN_BUG_RACE = 3,	/* KCSAN: a data race (or a failed assertion) */
	KSAN_BUG_LEAK = 4,	/* leak detection: heap objects nothing points to */
	KSAN_BUG_POINTER_PAIR = 5,	/* KASAN: pointers into different objects
					 * compared or subtracted (-fsanitize=
					 * pointer-compare, pointer-subtract) */
};

/* A report as the runtime hands it to a callback, before printing. */
struct ksan_report {
	const char *detector;	/* "KASAN" */
	const char *bug_type;	/* kernel word: "slab-out-of-bounds", ... */
	const char *asan_type;	/* AddressSanitizer word: "heap-buffer-overflow" */
	uintptr_t addr;		/* the bad address */
	size_t size;		/* bytes accessed (0 for frees) */
	enum ksan_access access;
	uintptr_t pc;		/* instruction that made the access */
	/* The heap object the address belongs to (object == 0 if none). */
	uintptr_t object;
	size_t object_size;	/* requested size */
	const char *cache;	/* "kmalloc-128", "kmalloc-large" */
	int object_freed;	/* the object was freed */
	enum ksan_bug kind;	/* KSAN_BUG_MEMORY unless KMSAN's */
	/* KMSAN: the value's origin (a depot handle, 0 = unknown); for an
	 * infoleak, addr/size are the uninitialised bytes. */
	uint32_t origin;
	/* KCSAN: addr/size/access/pc are the access printed first (the one
	 * that ran into the other's watchpoint, or the watched one for a race
	 * of unknown origin); other_pc is the other side's (0 if unknown). */
	uintptr_t other_pc;
	/* KSAN_BUG_LEAK (detector "KMEMLEAK", bug_type "memory-leak",
	 * asan_type "Direct leak" or "Indirect leak"): the objects allocated
	 * from one stack; addr/object and object_size are the lowest-addressed
	 * one's, size the bytes of them all, pc the allocator's caller.  A
	 * callback that handles a leak takes it out of the report and of the
	 * exit status. */
	/* KSAN_BUG_POINTER_PAIR (bug_type and asan_type "invalid-pointer-pair",
	 * access KSAN_COMPARE or KSAN_SUBTRACT, size 0): addr and other_addr
	 * are the two pointers in the order the program gave them; object...
	 * describe addr's heap object, if any. */
	uintptr_t other_addr;
};

/*
 * Called for every report, before anything is printed, from the thread that
 * found the bug, with the report lock held: it must not allocate through ksan
 * in a way that can report again.  Return nonzero to mark the report handled:
 * nothing is printed and halt_on_error does not apply.  NULL removes it.
 */
typedef int (*ksan_report_fn)(const struct ksan_report *report, void *arg);
void ksan_set_report_callback(ksan_report_fn fn, void *arg);

/* Mark [addr, addr+size) not addressable (use-after-poison on access) or
 * addressable again.  For a program's own pools and allocators.  Shadow has
 * 8-byte granules: poisoning from the middle of a granule keeps its leading
 * bytes valid and poisons the rest of it; a granule only partly covered at
 * the end of the range stays addressable unless its bytes after the range
 * are not addressable already (then it is poisoned), as with ASan's
 * interface.
 * Under KMSAN (no addressability), these calls and the ones below keep the
 * meaning they can have: ksan_poison makes the range uninitialised (its
 * contents are dead; the call is the origin's link), ksan_unpoison changes
 * nothing (addressable is not initialised: a pool object handed out again
 * reads as uninitialised until written, like fresh malloc memory), the
 * queries find nothing poisoned, ksan_check_read/write report nothing (use
 * ksan_check_memory for uninitialised bytes leaving the program) and
 * ksan_record_aux_stack keeps nothing. */
void ksan_poison(const volatile void *addr, size_t size);
void ksan_unpoison(const volatile void *addr, size_t size);

/* The first poisoned address in [addr, addr+size), or NULL if all of it is
 * addressable. */
void *ksan_region_is_poisoned(const volatile void *addr, size_t size);
/* 1 if the byte at addr is poisoned, else 0. */
int ksan_address_is_poisoned(const volatile void *addr);

/* Check a range as the instrumentation would; reports if it is bad. */
void ksan_check_read(const volatile void *addr, size_t size);
void ksan_check_write(const volatile void *addr, size_t size);

/* Record the current stack for the heap object holding ptr (work queued
 * on it, a callback that will free it...).  Reports about the object print
 * the last two as "Last potentially related work creation". */
void ksan_record_aux_stack(const volatile void *ptr);

/*
 * KMSAN (ksan-cc --ksan=kmsan): report each run of uninitialised bytes of
 * [addr, addr+size) as "BUG: KMSAN: kernel-infoleak in ksan_check_memory+0x..",
 * with a line "Data passed to <what>", as the kernel
 * checks what goes to user space or a USB device; for a program's own
 * boundaries (a device, a wire protocol).  Mark a range (un)initialised.
 * Without KMSAN, use the KSAN_CHECK_MEMORY-style macros below.
 */
void ksan_check_memory(const volatile void *addr, size_t size, const char *what);
void ksan_unpoison_memory(const volatile void *addr, size_t size);
void ksan_poison_memory(const volatile void *addr, size_t size);
/* MemorySanitizer's names for the same (msan_interface.h). */
void __msan_unpoison(const volatile void *addr, size_t size);
void __msan_poison(const volatile void *addr, size_t size);
void __msan_check_mem_is_initialized(const volatile void *addr, size_t size);
/* offset of the first uninitialised byte of [addr, addr+size), or -1 */
intptr_t __msan_test_shadow(const volatile void *addr, size_t size);

/*
 * KCSAN (ksan-cc --ksan=kcsan): the kernel's annotations, through the
 * macros below (no-ops in a build without KCSAN).
 *   KSAN_DATA_RACE(expr)  an intentional race: accesses in expr are not
 *                         checked; the value of expr
 *   KSAN_ASSERT_EXCLUSIVE_WRITER(var)  no other thread writes var now
 *   KSAN_ASSERT_EXCLUSIVE_ACCESS(var)  no other thread reads or writes it
 *   KSAN_ASSERT_EXCLUSIVE_BITS(var, mask)  no other thread changes those
 *                         bits of var (others may change the rest)
 * A failed assertion is reported as "assert: race" (sampled like races).
 */
#define KSAN_KCSAN_WRITE 0x1
#define KSAN_KCSAN_ASSERT 0x8
void ksan_kcsan_disable_current(void);
void ksan_kcsan_enable_current(void);
/* type: 0 (read) or KSAN_KCSAN_WRITE, | KSAN_KCSAN_ASSERT */
void ksan_kcsan_check_access(const volatile void *ptr, size_t size, int type);
void ksan_kcsan_set_access_mask(unsigned long long mask);
void ksan_kcsan_atomic_next(int n);

/* kasan_multi_shot at run time (the kernel's kasan_save_enable_multi_shot):
 * with halt_on_error=0, 1 makes KASAN report every bad access, also again
 * from a call site that reported before; 0 goes back to once per (pc,
 * type).  Returns the previous setting. */
int ksan_set_multi_shot(int on);

/* Number of reports made so far in this process. */
unsigned long ksan_report_count(void);

/*
 * Intra-object red zones (KASAN).  A gap declared inside a struct with
 * KSAN_INTRA_REDZONE is padding; once an object is armed with its type's
 * description, an access into a gap is reported as
 * "intra-object-out-of-bounds", naming the struct, the gap and the member
 * before it.  Arm an object once it is initialised:
 *
 *	struct packet {
 *		char data[14];
 *		KSAN_INTRA_REDZONE(rz0, 16);
 *		unsigned len;
 *	};
 *	KSAN_INTRA_TYPE(packet_type, struct packet,
 *			KSAN_INTRA_GAP(struct packet, data, rz0));
 *	...
 *	KSAN_INTRA_ARM(p, &packet_type);
 *
 * A gap is 8-aligned and a multiple of 8 bytes (whole shadow granules); the
 * bytes between the member before it and the gap are poisoned too.  Heap
 * objects disarm when freed; a stack object declared with KSAN_INTRA_SCOPED
 * disarms when it goes out of scope (otherwise call KSAN_INTRA_DISARM before
 * the scope ends).  Code that copies the whole object (struct assignment,
 * memcpy) runs inside KSAN_INTRA_WINDOW(obj) { ... }: the gaps are
 * addressable for every thread until the block is left, however it is left
 * but by longjmp (the block is a one-pass loop: a break or continue in it
 * leaves it, without ksan too).  Windows nest.  A report names the struct,
 * the gap and the member before it; a heap object freed, or a KFENCE
 * object's page handed out again, forgets the objects armed in it.
 * Under KMSAN, KCSAN, tag-based KASAN and the KFENCE preload the calls are
 * no-ops; under --ksan=kfence (KASAN's runtime, nothing instrumented) the
 * gaps are armed and only the checked C library functions (memcpy, strcpy,
 * ...) see them, as they see the heap's red zones there.  Without ksan the
 * macros are no-ops and KSAN_INTRA_REDZONE is a zero-size member: the
 * layout differs, so do not mix translation units built both ways.
 */
struct ksan_intra_gap {
	size_t offset, size;		/* the gap, from the object's start */
	const char *field;		/* the member before it */
	size_t field_offset, field_size;
	const char *name;		/* the gap's own name */
};
struct ksan_intra_type {
	const char *name;		/* "struct packet" */
	size_t size;
	const struct ksan_intra_gap *gaps;
	unsigned ngaps;
};
void ksan_intra_arm(const volatile void *obj, const struct ksan_intra_type *type);
void ksan_intra_disarm(const volatile void *obj);
void ksan_intra_open(const volatile void *obj);	/* gaps addressable ... */
void ksan_intra_close(const volatile void *obj);	/* ... until this */
void ksan_intra_scope_end(void *obj);		/* KSAN_INTRA_SCOPED's cleanup */

#define KSAN_INTRA_GAP(type, field, gap) {				\
	__builtin_offsetof(type, gap), sizeof(((type *)0)->gap), #field,	\
	__builtin_offsetof(type, field), sizeof(((type *)0)->field), #gap }
#define KSAN_INTRA_TYPE(var, type, ...)					\
	static const struct ksan_intra_gap var##_ksan_gaps_[] = { __VA_ARGS__ }; \
	static const struct ksan_intra_type var = { #type, sizeof(type),	\
		var##_ksan_gaps_,					\
		sizeof(var##_ksan_gaps_) / sizeof(var##_ksan_gaps_[0]) }

/*
 * Pools: a program's own allocators (free lists, per-thread caches, arenas,
 * lookaside slots) tell KASAN when they hand an object out and take it back.
 * Handed-out objects are addressable, with their allocation stack; taken-back
 * objects are poisoned as freed heap memory is, with their free stack; reports
 * name the pool as the cache ("which belongs to the cache conn_pool of size
 * 64").  A free of an object that is already free, or that the pool never
 * handed out (or of a pointer inside one), is reported as a double-free or
 * invalid-free.  object_size is the slot size: with object_size > size, the
 * slot's bytes past size are poisoned like a heap object's tail (objects
 * must then start at least object_size apart); 0: objects of any size.
 * Memory given to ksan_pool_add_memory() is poisoned as a heap red zone
 * (slab-out-of-bounds) until handed out, and holds no objects any more (an
 * arena's reset): records of objects in it are forgotten.
 *
 * Quarantine: with a release function, ksan_pool_free() keeps the freed
 * object in the pool's quarantine (option pool_quarantine_size, bytes per
 * pool) and returns 0: the allocator must not reuse it until ksan calls
 * release(obj, arg) (from a later ksan_pool_free() or ksan_pool_destroy(),
 * on that caller's thread, no ksan lock held: do not hold a lock there that
 * release takes), so a use after free is still caught while the allocator
 * recycles other objects.  Without one (release NULL), ksan_pool_free()
 * returns nonzero and the allocator recycles the object at once: a use
 * after free is caught until the object is handed out again.  The object
 * stays poisoned after its release until it is handed out again.
 * ksan_pool_free() returns 0 as well for a bad free (reported) and for NULL:
 * do not put that pointer on a free list.
 * Free-list links inside free objects: a free object is poisoned, so the
 * allocator reads and writes its links in small helpers built without
 * checks, as the kernel's slab keeps its freelist pointer, through a
 * volatile access (GCC at -O2 and Clang at -O3 otherwise move the load out
 * of the helper into its checked caller):
 *	__attribute__((no_sanitize_address, noinline))
 *	static void *link_of(void *obj) { return *(void *volatile *)obj; }
 * or it reads the link only after ksan_pool_alloc() and writes it before
 * ksan_pool_free().
 * ksan_pool_destroy() reports the objects still handed out (one
 * "objects-remaining" report), makes the pool's memory addressable again,
 * then releases the quarantined objects: destroy a pool before its memory
 * goes back to the heap (a heap free of memory holding pool objects forgets
 * them, so a pool over freed memory describes nothing there).
 * ksan_pool_create() returns NULL when out of memory, and every call takes
 * NULL as a pool that checks nothing (ksan_pool_free() returns 1).
 * Under KMSAN, KCSAN, tags or the KFENCE preload, and without ksan, the pool
 * calls do nothing: create returns NULL, ksan_pool_free() returns 1 (the
 * KSAN_POOL_* macros likewise).  Under --ksan=kfence (KASAN's runtime,
 * nothing instrumented) they work as under KASAN, and only the checked C
 * library functions (memcpy, strcpy...) see the poisoned objects.
 */
struct ksan_pool;
typedef void (*ksan_pool_release_fn)(void *obj, void *arg);
struct ksan_pool *ksan_pool_create(const char *name, size_t object_size,
				   ksan_pool_release_fn release, void *arg);
void ksan_pool_destroy(struct ksan_pool *pool);
void ksan_pool_alloc(struct ksan_pool *pool, const volatile void *obj, size_t size);
int ksan_pool_free(struct ksan_pool *pool, const volatile void *obj);
/* Memory the pool owns but has not handed out yet: poisoned until then. */
void ksan_pool_add_memory(struct ksan_pool *pool, const volatile void *addr, size_t size);

/*
 * Per-CPU areas (generic KASAN), as a kernel's percpu allocator keeps
 * them: one allocation is ncpus copies, CPU i's at obj + i * stride (obj is
 * CPU 0's, the __percpu pointer).  The allocator tells ksan what it hands
 * out and takes back, as with a pool (above): each copy is addressable with
 * its red zone after it (memory given to ksan_percpu_add_memory, as CPU 0's
 * range, is poisoned in every copy), a freed object is poisoned in every
 * copy with its free stack and, with a release function, quarantined
 * (ksan_percpu_free returns 0; release(obj, arg) later, obj being CPU 0's
 * copy), else ksan_percpu_free returns 1 and the space may be reused at
 * once.  Reports say "percpu-out-of-bounds" / "percpu-use-after-free" and
 * name the CPU whose copy was hit.  A bad free is "double-free" or
 * "invalid-free" (returns 0).  NULL from create (no memory, or no
 * generic KASAN: then free returns 1) makes every call a no-op.
 */
struct ksan_percpu;
struct ksan_percpu *ksan_percpu_create(const char *name, unsigned ncpus, size_t stride,
				       ksan_pool_release_fn release, void *arg);
void ksan_percpu_add_memory(struct ksan_percpu *pc, const volatile void *addr, size_t size);
void ksan_percpu_alloc(struct ksan_percpu *pc, const volatile void *obj, size_t size);
int ksan_percpu_free(struct ksan_percpu *pc, const volatile void *obj);

/*
 * Leak detection (generic KASAN's heap, the default --ksan=kasan;
 * KSAN_OPTIONS=detect_leaks=1, the default): with every thread stopped,
 * the program's data, each thread's registers, stack and thread-local
 * storage are scanned for pointers into heap objects (into any byte of one),
 * transitively; the objects nothing reaches are leaks, reported by
 * allocation stack ("unreferenced object", or LeakSanitizer's "Direct leak
 * of N byte(s) in M object(s) allocated from:" with report_format=asan).
 * At exit (leak_check_at_exit=1, the default; after atexit handlers and
 * destructors, never after _exit) leaks end the program with status 23.
 *
 * ksan_leak_check() looks now, reports and returns the number of leaked
 * objects (0 with detect_leaks=0); the program goes on.  -1 where leaks
 * cannot be looked for: KMSAN, KCSAN, tag-based KASAN, the KFENCE preload.
 */
int ksan_leak_check(void);
/* LeakSanitizer's interface (sanitizer/lsan_interface.h), as ASan has it:
 * __lsan_do_leak_check() is the check at exit, now (leaks: status 23; no
 * later check at exit); __lsan_do_recoverable_leak_check() reports and
 * returns 1 if there were leaks; objects allocated by a thread between
 * __lsan_disable() and __lsan_enable() (they nest), and the object holding
 * p given to __lsan_ignore_object(), are never leaks, and what they point
 * to is reachable. */
void __lsan_do_leak_check(void);
int __lsan_do_recoverable_leak_check(void);
void __lsan_disable(void);
void __lsan_enable(void);
void __lsan_ignore_object(const void *p);

/*
 * Type confusion (KASAN).  An object gets a type when it is allocated
 * through a typed path, and the pointer conversions the program makes
 * (container_of, a void * callback argument, a handle) are checked against
 * it: the object the pointer points into is found from the heap's geometry
 * (a checked pool's objects from the pool; typed globals and locals, at
 * most 256 at a time, from a small registry), and its type must be the type
 * the program uses it as, at the right place.  A mismatch is reported as
 * "type-confusion" with both types, where in the object the pointer points
 * and the object's allocation stack.  Untyped objects, and pointers into
 * no heap or pool object, are never reported.
 *
 *	struct timer *t = KSAN_NEW(struct timer);	(malloc, typed)
 *	KSAN_SET_TYPE(p, struct conn);		(type an object after malloc;
 *						 or an embedded member: &c->timer;
 *						 or a global: &g, at start-up)
 *	KSAN_LOCAL_TYPED(struct conn, c);	(a typed local: declares c,
 *						 typed until its scope ends)
 *	pool = KSAN_POOL_CREATE_TYPED("conn_pool", struct conn, release, arg);
 *	struct io *io = KSAN_CONTAINER_OF(node, struct io, node);
 *	KSAN_CHECK_TYPE(p, struct conn);	(p points to a struct conn)
 *	struct conn *c = KSAN_CAST(struct conn, arg);	(a checked void * cast)
 *
 * A type is its name as written (#type) with its size and alignment, from
 * the type itself at compile time: spell a type the same way where it is
 * allocated and where it is checked ("struct timer" and a typedef of it are
 * different names).  An object has a type at its start and may have typed
 * members (KSAN_SET_TYPE on an interior address of a typed object, at most
 * three): KSAN_CONTAINER_OF and KSAN_CHECK_TYPE pass when a type of the
 * object at the container's address is the type asked for (for an array
 * typed by its element, any element's address).  Types go with the object:
 * a free forgets them, realloc's new object has none.  Without ksan (and
 * under KMSAN, KCSAN, tags) the macros are the plain expressions:
 * KSAN_NEW is malloc(sizeof(type)), KSAN_CONTAINER_OF is container_of.
 */
struct ksan_type {
	const char *name;		/* "struct timer", as written */
	size_t size, align;
};
/* Neither reads the memory: GCC would take fresh malloc memory passed to
 * a const pointer for an uninitialised read (-Wmaybe-uninitialized). */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 10
#define KSAN_NO_ACCESS_(n) __attribute__((access(none, n)))
#else
#define KSAN_NO_ACCESS_(n)
#endif
void *ksan_set_type(const volatile void *obj, const struct ksan_type *type) KSAN_NO_ACCESS_(1);
void *ksan_check_type(const volatile void *ptr, const struct ksan_type *type,
		      size_t member_offset, const char *member) KSAN_NO_ACCESS_(1);
void ksan_pool_set_type(struct ksan_pool *pool, const struct ksan_type *type);
void ksan_type_scope_end(void *slot);	/* KSAN_LOCAL_TYPED's cleanup */
/* The descriptor of a type: one static object per use, compared by name,
 * size and alignment. */
#define KSAN_TYPE(type) (__extension__({					\
	static const struct ksan_type ksan_type_ = { #type, sizeof(type),	\
						     _Alignof(type) };	\
	&ksan_type_;							\
}))

#if defined(__KSAN__) || defined(__SANITIZE_ADDRESS__)
#define KSAN_ENABLED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KSAN_ENABLED 1
#endif
#endif

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define KSAN_KMSAN_ENABLED 1	/* clang -fsanitize=kernel-memory or memory */
#endif
#endif
#ifdef KSAN_KMSAN_ENABLED
#define KSAN_CHECK_MEMORY(addr, size, what) ksan_check_memory((addr), (size), (what))
#define KSAN_UNPOISON_MEMORY(addr, size) ksan_unpoison_memory((addr), (size))
#define KSAN_POISON_MEMORY(addr, size) ksan_poison_memory((addr), (size))
#else
#define KSAN_CHECK_MEMORY(addr, size, what) ((void)(addr), (void)(size), (void)(what))
#define KSAN_UNPOISON_MEMORY(addr, size) ((void)(addr), (void)(size))
#define KSAN_POISON_MEMORY(addr, size) ((void)(addr), (void)(size))
/* without KMSAN the check is nothing (a runtime's own definition writes
 * the name in parentheses) */
#define ksan_check_memory(addr, size, what) ((void)(addr), (void)(size), (void)(what))
#endif

#if defined(__KSAN_KCSAN__) || defined(__SANITIZE_THREAD__)
#define KSAN_KCSAN_ENABLED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define KSAN_KCSAN_ENABLED 1
#endif
#endif
#ifdef KSAN_KCSAN_ENABLED
#define KSAN_DATA_RACE(expr) __extension__({				\
	ksan_kcsan_disable_current();					\
	__auto_type ksan_v_ = (expr);					\
	ksan_kcsan_enable_current();					\
	ksan_v_;							\
})
#define KSAN_ASSERT_EXCLUSIVE_WRITER(var) \
	ksan_kcsan_check_access(&(var), sizeof(var), KSAN_KCSAN_ASSERT)
#define KSAN_ASSERT_EXCLUSIVE_ACCESS(var) \
	ksan_kcsan_check_access(&(var), sizeof(var), KSAN_KCSAN_ASSERT | KSAN_KCSAN_WRITE)
#define KSAN_ASSERT_EXCLUSIVE_BITS(var, mask) do {			\
	ksan_kcsan_set_access_mask(mask);				\
	ksan_kcsan_check_access(&(var), sizeof(var), KSAN_KCSAN_ASSERT);	\
	ksan_kcsan_set_access_mask(0);					\
	ksan_kcsan_atomic_next(1);					\
} while (0)
#else
#define KSAN_DATA_RACE(expr) (expr)
#define KSAN_ASSERT_EXCLUSIVE_WRITER(var) ((void)sizeof(var))
#define KSAN_ASSERT_EXCLUSIVE_ACCESS(var) ((void)sizeof(var))
#define KSAN_ASSERT_EXCLUSIVE_BITS(var, mask) ((void)sizeof(var), (void)(mask))
#endif

#ifdef KSAN_ENABLED
#define KSAN_POISON(addr, size)   ksan_poison((addr), (size))
#define KSAN_UNPOISON(addr, size) ksan_unpoison((addr), (size))
#define KSAN_CHECK_READ(addr, size)  ksan_check_read((addr), (size))
#define KSAN_CHECK_WRITE(addr, size) ksan_check_write((addr), (size))
#define KSAN_RECORD_AUX_STACK(ptr) ksan_record_aux_stack(ptr)
#define KSAN_INTRA_REDZONE(name, bytes) \
	struct { unsigned char b_[((bytes) + 7) & ~(size_t)7]; } __attribute__((aligned(8))) name
#define KSAN_INTRA_ARM(obj, type) ksan_intra_arm((obj), (type))
#define KSAN_INTRA_DISARM(obj) ksan_intra_disarm(obj)
#define KSAN_INTRA_SCOPED __attribute__((cleanup(ksan_intra_scope_end)))
#define KSAN_INTRA_WINDOW(obj) KSAN_INTRA_WINDOW_(obj, __COUNTER__)
#define KSAN_INTRA_WINDOW_(obj, n) KSAN_INTRA_WINDOW__(obj, n)
/* the window closes in the cleanup of the loop's variable: also when a
 * break, goto or return leaves the block */
struct ksan_intra_window_ {
	const volatile void *obj;
	int once;
};
static inline struct ksan_intra_window_ ksan_intra_window_open_(const volatile void *obj)
{
	struct ksan_intra_window_ w = { obj, 1 };

	ksan_intra_open(obj);
	return w;
}
static inline void ksan_intra_window_close_(struct ksan_intra_window_ *w)
{
	ksan_intra_close(w->obj);
}
#define KSAN_INTRA_WINDOW__(obj, n)					\
	for (struct ksan_intra_window_ ksan_w_##n			\
	     __attribute__((cleanup(ksan_intra_window_close_))) =	\
		ksan_intra_window_open_(obj);				\
	     ksan_w_##n.once; ksan_w_##n.once = 0)
#define KSAN_POOL_CREATE(name, size, release, arg) ksan_pool_create((name), (size), (release), (arg))
#define KSAN_POOL_DESTROY(pool) ksan_pool_destroy(pool)
#define KSAN_POOL_ALLOC(pool, obj, size) ksan_pool_alloc((pool), (obj), (size))
#define KSAN_POOL_FREE(pool, obj) ksan_pool_free((pool), (obj))
#define KSAN_POOL_ADD_MEMORY(pool, addr, size) ksan_pool_add_memory((pool), (addr), (size))
#define KSAN_NEW(type) ((type *)ksan_set_type(malloc(sizeof(type)), KSAN_TYPE(type)))
#define KSAN_SET_TYPE(obj, type) ((void)ksan_set_type((obj), KSAN_TYPE(type)))
#define KSAN_POOL_CREATE_TYPED(name, type, release, arg) \
	ksan_pool_create_typed_((name), sizeof(type), KSAN_TYPE(type), (release), (arg))
static inline struct ksan_pool *ksan_pool_create_typed_(const char *name, size_t size,
							const struct ksan_type *type,
							ksan_pool_release_fn release, void *arg)
{
	struct ksan_pool *pool = ksan_pool_create(name, size, release, arg);

	ksan_pool_set_type(pool, type);
	return pool;
}
#define KSAN_CONTAINER_OF(ptr, type, member) \
	((type *)ksan_check_type((ptr), KSAN_TYPE(type), __builtin_offsetof(type, member), #member))
#define KSAN_CHECK_TYPE(ptr, type) ((void)ksan_check_type((ptr), KSAN_TYPE(type), 0, 0))
#define KSAN_CAST(type, ptr) ((type *)ksan_check_type((ptr), KSAN_TYPE(type), 0, 0))
#define KSAN_LOCAL_TYPED(type, name)					\
	type name;							\
	void *ksan_tl_##name __attribute__((cleanup(ksan_type_scope_end), unused)) = \
		ksan_set_type(&name, KSAN_TYPE(type))
#else
#define KSAN_POISON(addr, size)   ((void)(addr), (void)(size))
#define KSAN_UNPOISON(addr, size) ((void)(addr), (void)(size))
#define KSAN_CHECK_READ(addr, size)  ((void)(addr), (void)(size))
#define KSAN_CHECK_WRITE(addr, size) ((void)(addr), (void)(size))
#define KSAN_RECORD_AUX_STACK(ptr) ((void)(ptr))
#define KSAN_INTRA_REDZONE(name, bytes) unsigned char name[0]
#define KSAN_INTRA_ARM(obj, type) ((void)(obj), (void)(type))
#define KSAN_INTRA_DISARM(obj) ((void)(obj))
#define KSAN_INTRA_SCOPED
#define KSAN_INTRA_WINDOW(obj) KSAN_INTRA_WINDOW_(obj, __COUNTER__)
#define KSAN_INTRA_WINDOW_(obj, n) KSAN_INTRA_WINDOW__(obj, n)
#define KSAN_INTRA_WINDOW__(obj, n)					\
	for (int ksan_w_##n = ((void)(obj), 1); ksan_w_##n; ksan_w_##n = 0)
#define KSAN_POOL_CREATE(name, size, release, arg) \
	((void)(name), (void)(size), (void)(release), (void)(arg), (struct ksan_pool *)0)
#define KSAN_POOL_DESTROY(pool) ((void)(pool))
#define KSAN_POOL_ALLOC(pool, obj, size) ((void)(pool), (void)(obj), (void)(size))
#define KSAN_POOL_FREE(pool, obj) ((void)(pool), (void)(obj), 1)
#define KSAN_POOL_ADD_MEMORY(pool, addr, size) ((void)(pool), (void)(addr), (void)(size))
#define KSAN_NEW(type) ((type *)malloc(sizeof(type)))
#define KSAN_SET_TYPE(obj, type) ((void)(obj))
#define KSAN_POOL_CREATE_TYPED(name, type, release, arg) \
	((void)(name), (void)sizeof(type), (void)(release), (void)(arg), (struct ksan_pool *)0)
#define KSAN_CONTAINER_OF(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - __builtin_offsetof(type, member)))
#define KSAN_CHECK_TYPE(ptr, type) ((void)(ptr), (void)sizeof(type))
#define KSAN_CAST(type, ptr) ((type *)(ptr))
#define KSAN_LOCAL_TYPED(type, name) type name
#endif

#ifdef __cplusplus
}
#endif
#endif /* KSAN_KSAN_H */
