/*
 * This file contains the port contract: everything the freestanding ksan core
 * and its detectors need from the host (a hosted OS, a kernel, an RTOS...).
 *
 * A port implements every function declared here.  The core calls nothing
 * else outside itself except memcpy/memset/memmove/memcmp, which compilers
 * may emit on their own.  See docs/porting.md for what each must guarantee;
 * src/port/stub/stub.c is the smallest honest port.
 */
#ifndef KSAN_PORT_H
#define KSAN_PORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- memory ---------------------------------------------------------- */

/* Page-aligned, zero-filled, read-write memory for the runtime's own
 * metadata and heap.  NULL on failure (the core reports it, never crashes). */
void *ksan_port_map(size_t size);
void ksan_port_unmap(void *addr, size_t size);
/* Give the pages back but keep the range mapped and zero on next touch. */
void ksan_port_discard(void *addr, size_t size);
size_t ksan_port_page_size(void);
/* Change the access rights of whole pages [addr, addr + size) of memory
 * from ksan_port_map (KFENCE's guard pages).  Returns 0 on success; a port
 * without memory protection returns -1 and KFENCE stays off. */
#define KSAN_PROT_NONE 0
#define KSAN_PROT_READ 1
#define KSAN_PROT_WRITE 2
int ksan_port_protect(void *addr, size_t size, int prot);
/* Replace whole pages [addr, addr + size), whatever is mapped there (or
 * nothing), by an inaccessible reservation that holds no memory, so that no
 * other mapping is placed there until ksan_port_unmap() gives the range
 * back (KASAN's unmap quarantine).  Returns 0 on success; a port without
 * memory protection returns -1 and the range is unmapped as before. */
int ksan_port_reserve(void *addr, size_t size);
/* Copy n bytes from src, which may not be mapped (or be a guard page),
 * into dst without faulting: n if every byte could be read, else 0.  A
 * port that cannot tell returns 0 (what needs it prints less). */
size_t ksan_port_read(void *dst, const void *src, size_t n);

/* Make the shadow bytes for [addr, addr + size) of application memory
 * exist (mapped, zero = addressable) so the core may write them.
 * Returns 0 on success. */
int ksan_port_shadow_ensure(uintptr_t addr, size_t size);

/* ---- locks ----------------------------------------------------------- */

/* A lock is one int the core zero-initialises; the port owns its meaning. */
typedef struct ksan_lock {
	int state;
} ksan_lock_t;
#define KSAN_LOCK_INIT { 0 }
void ksan_port_lock(ksan_lock_t *lock);
void ksan_port_unlock(ksan_lock_t *lock);

/* ---- threads --------------------------------------------------------- */

/* Current thread's id as the host names it (a tid or task id). */
uint32_t ksan_port_thread_id(void);
/* Process id (0 where there is none) and the id of the first thread. */
int ksan_port_pid(void);
uint32_t ksan_port_main_tid(void);
/* Current thread's name into buf (NUL-terminated, may be ""). */
void ksan_port_thread_name(char *buf, size_t len);
/* Address of one per-thread pointer the core owns (NULL before first use).
 * The port calls core_thread_exit() with its value when the thread ends. */
void **ksan_port_thread_slot(void);

/* ---- stacks and symbols ---------------------------------------------- */

/*
 * Up to max return addresses of the current thread, newest first.  fp is a
 * frame record {saved frame pointer, return address}; with pc != 0 the
 * trace is pc, then the return addresses of the records above fp (pc is the
 * return address stored in fp's record); with pc == 0 it starts with fp's
 * own return address.  Validates every record before reading it: never
 * faults, stops at the first bad one.  Returns the count.
 */
size_t ksan_port_stack_trace(uintptr_t *pcs, size_t max, uintptr_t pc,
			     uintptr_t fp);
/*
 * The trace of a faulting instruction at pc (a fault's context: pc and its
 * frame pointer fp): pc itself, then its callers.  Code without a frame
 * record of its own (a leaf, the C library's memcpy) leaves fp naming its
 * caller's record, so a frame-pointer walk loses that caller; a port that
 * can unwind otherwise (unwind tables) finds it.  The least a port does:
 * pc, then ksan_port_stack_trace(pcs + 1, max - 1, 0, fp).
 */
size_t ksan_port_fault_stack_trace(uintptr_t *pcs, size_t max, uintptr_t pc,
				   uintptr_t fp);

/*
 * Traces the caller asks for again and again from the same places (every
 * malloc and free): the caller keeps memos, the port fills one with the
 * frame records its walk read, and later checks those records where they
 * are (all at once, no chain of dependent loads) instead of walking again.
 * ksan_port_stack_trace_memo walks as ksan_port_stack_trace (pc != 0) and
 * remembers the walk in m (or empties m, nrec = 0, when it cannot).
 * ksan_port_memo_same: 1 when m remembers a walk from (pc, fp, max) whose
 * records are unchanged, so the trace is that walk's (m->n frames).  A
 * memo is one thread's, used by one call at a time.  A port without memos
 * empties m and answers 0 (KSAN_PORT_NO_TRACE_MEMOS below).
 */
#define KSAN_MEMO_FRAMES 32
struct ksan_trace_memo {
	uintptr_t pc, fp, max, hi;	/* the call it remembers; hi: the port's */
	uint32_t n;			/* return addresses in that trace */
	uint32_t nrec;			/* records read: 0 = empty */
	uintptr_t rec[KSAN_MEMO_FRAMES + 1][2];	/* {next, return address} */
};
size_t ksan_port_stack_trace_memo(uintptr_t *pcs, size_t max, uintptr_t pc,
				  uintptr_t fp, struct ksan_trace_memo *m);
int ksan_port_memo_same(const struct ksan_trace_memo *m, uintptr_t pc, uintptr_t fp,
			size_t max);
/* A port that remembers no walks writes KSAN_PORT_NO_TRACE_MEMOS once, at
 * file scope, after its ksan_port_stack_trace. */
#define KSAN_PORT_NO_TRACE_MEMOS						\
size_t ksan_port_stack_trace_memo(uintptr_t *pcs, size_t max, uintptr_t pc,	\
				  uintptr_t fp, struct ksan_trace_memo *m)	\
{										\
	m->nrec = 0;								\
	return ksan_port_stack_trace(pcs, max, pc, fp);				\
}										\
int ksan_port_memo_same(const struct ksan_trace_memo *m, uintptr_t pc,		\
			uintptr_t fp, size_t max)				\
{										\
	(void)m, (void)pc, (void)fp, (void)max;					\
	return 0;								\
}

/* Bounds of the current thread's stack: [*lo, *hi).  Returns 0 if known. */
int ksan_port_current_stack(uintptr_t *lo, uintptr_t *hi);
/* Which thread's stack holds addr: its id and name.  Returns 0 if known. */
int ksan_port_stack_owner(uintptr_t addr, uint32_t *tid, char *name, size_t len);

/* What the host knows of a thread, for reports (0 if anything is known). */
struct ksan_thread_info {
	uint32_t tid;
	uint32_t seq;		/* 0 for the first thread, then 1, 2... */
	uint32_t parent;	/* tid of the creator, 0 if unknown */
	uint32_t create_stack;	/* stack depot handle of the creation, 0 if none */
	char name[16];
};
int ksan_port_thread_info(uint32_t tid, struct ksan_thread_info *ti);

struct ksan_symbol {
	const char *function;	/* NULL when unknown */
	uintptr_t offset;	/* pc - function start */
	uintptr_t size;		/* function size, 0 when unknown */
	const char *file;	/* NULL when unknown */
	unsigned line, column;
	const char *module;	/* NULL when unknown */
	uintptr_t module_offset;
};
/* Describe pc.  Strings stay valid until the next call. Returns 0 if any
 * field was filled.  is_return_address: pc follows a call (look at pc-1). */
int ksan_port_symbolize(uintptr_t pc, int is_return_address,
			struct ksan_symbol *sym);
/* All frames at pc, innermost (inlined) first, the last one being the real
 * function that contains pc.  Returns how many were written (0..max); each
 * entry is filled like ksan_port_symbolize's (function, file, line, column;
 * offset/size/module only meaningful for the last, outermost one, which must
 * equal what ksan_port_symbolize returns, but for its file:line:column when
 * pc is in inlined code: there the last frame's is the call site, while
 * ksan_port_symbolize gives pc's own, the first frame's).  With more frames
 * than max, the innermost max - 1 and the last.  Strings stay valid for the
 * process lifetime. */
int ksan_port_symbolize_frames(uintptr_t pc, int is_return_address,
			       struct ksan_symbol *syms, int max);

/* ---- output and ending ----------------------------------------------- */

/* Write a finished report chunk (never buffered by stdio). */
void ksan_port_write(const char *buf, size_t len);
/* What one report is about, for a port that logs each report as one
 * structured entry (the Linux port's log_path=journal).  Strings are ""
 * when unknown and valid during the call only. */
struct ksan_report_summary {
	const char *detector;	/* "KASAN", "UBSAN", ... */
	const char *bug_type;	/* kernel word: "slab-out-of-bounds" */
	const char *signature;	/* the crash signature's text */
	uint64_t signature_hash;	/* and its hash (0: no signature) */
};
/* A report starts: the ksan_port_write calls until ksan_port_report_end
 * are its text.  Reports never overlap (the core holds its report lock);
 * a port that writes straight through does nothing here. */
void ksan_port_report_begin(void);
/* The report whose text ksan_port_report_begin started is complete
 * (before the process halts, if it does); s says what it was about. */
void ksan_port_report_end(const struct ksan_report_summary *s);
void ksan_port_exit(int status) __attribute__((noreturn));
void ksan_port_abort(void) __attribute__((noreturn));
/* 1 if the process runs with privileges the user who started it lacks
 * (a set-user-ID program: the Linux port's secure mode), else 0.  Reports
 * then withhold the program's memory contents (hex dumps, corrupted
 * bytes): their reader may be that user.  Shadow and metadata still print. */
int ksan_port_secure(void);

/* ---- time and randomness --------------------------------------------- */

uint64_t ksan_port_time_ns(void);
uint64_t ksan_port_random(void);
/* Wait about us microseconds (KCSAN's stall on a watchpoint): sleeping or
 * spinning, either is right; other threads must be able to run meanwhile. */
void ksan_port_delay_us(unsigned us);
/* The CPU the caller runs on, for reports; -1 if unknown. */
int ksan_port_cpu_id(void);
/* 1 if the runtime reading [addr, addr + size) of program memory could
 * fault or trip another detector (KFENCE's guard and freed pages), else 0.
 * KCSAN reads a watched value only when 0 (the program is about to access
 * it anyway); a port without such memory returns 0. */
int ksan_port_read_unsafe(uintptr_t addr, size_t size);
/* 1 if a fault of the current thread on an unmapped or non-canonical
 * address (the access right after a null-ptr-deref or wild-memory-access
 * report) ends only that thread and the host goes on (a kernel's oops that
 * kills the task), so the report need not halt; 0 if such a fault ends the
 * program (a hosted process's SIGSEGV), and the report halts first. */
int ksan_port_fault_survivable(void);

/* ---- leak detection (kmemleak) --------------------------------------- */
/*
 * Run fn(arg) with every other thread of the program stopped where it
 * stands and the runtime's locks held (those fork() takes: the port calls
 * core_fork_prepare() before stopping and core_fork_parent() after), so no
 * stopped thread is inside the runtime.  Inside fn nothing may take a
 * runtime lock: no allocation, no report, no symbolizing.  What the port
 * needs to name the roots it gathers before taking the locks.  Returns 0
 * after fn ran, -1 if the port cannot stop threads or name roots (fn not
 * run: leak detection is unavailable).  A port without threads runs fn.
 */
int ksan_port_stop_the_world(void (*fn)(void *arg), void *arg);
/* Inside fn: call root(arg, lo, hi, kind) for every range of memory whose
 * aligned words may point to heap objects the program still uses: the
 * writable data of every loaded module, each thread's registers, its stack
 * from the stack pointer up, and its thread-local storage.  The thread
 * that stopped the world is scanned from ksan_port_stop_the_world's frame
 * up (its callee-saved registers spilled there), not through the check's
 * own frames below it.  A range must be readable whole (the port copies
 * what it is unsure of). */
enum ksan_root_kind {
	KSAN_ROOT_DATA = 0,	/* a module's data and bss */
	KSAN_ROOT_STACK = 1,	/* a thread's stack (live part) */
	KSAN_ROOT_REGISTERS = 2,	/* a copy of a thread's registers */
	KSAN_ROOT_TLS = 3,	/* a thread's static TLS and thread descriptor */
};
void ksan_port_for_each_root(void (*root)(void *arg, uintptr_t lo, uintptr_t hi, int kind),
			     void *arg);
/* 1 if pc is in the host's dynamic loader, else 0: the objects it
 * allocates (dynamic TLS blocks, reachable through its own memory) are
 * never leaks, and what they point to is reachable (LeakSanitizer's rule). */
int ksan_port_pc_in_loader(uintptr_t pc);

#ifdef __cplusplus
}
#endif
#endif /* KSAN_PORT_H */
