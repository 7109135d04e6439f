/*
 * This file contains the Linux port's private interface: what its files
 * share (initialisation state, the real mem* functions, the signal code).
 */
#ifndef KSAN_PORT_LINUX_H
#define KSAN_PORT_LINUX_H

#include <sys/types.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../../kasan/kasan.h"
#ifdef KSAN_PORT_KMSAN
#include "../../kmsan/kmsan.h"
#endif
#ifdef KSAN_PORT_TAGS
/* libksan-tags.a: tag-based KASAN (software or hardware tags, aarch64) */
#include "../../tags/tags.h"
#endif
#ifdef KSAN_PORT_KCSAN
/* libksan-kcsan.a: KCSAN, KFENCE and UBSAN over the C library's own heap;
 * no shadow (faults are KFENCE's or the program's, as in the preload) */
#include "../../kcsan/kcsan.h"
#ifndef KSAN_PORT_KFENCE_ONLY
#define KSAN_PORT_KFENCE_ONLY 1
#endif
#endif

#define PORT_API __attribute__((visibility("default")))

/* The heap behind the malloc family: heap.h's contract, defined by the
 * runtime's own room (kasan/heap.c, kmsan/heap.c, tags/heap.c;
 * kcsan/port.c: start-up only). */
#include "heap.h"
#ifdef KSAN_PORT_TAGS
/* tags/port.c: SIGSEGV cases of tags (MTE faults, tag shadow to map);
 * 1 = handled, retry */
int port_tags_fault(int sig, void *info, void *uctx);
#endif

/* kfence/malloc.c's host: 1 once KFENCE may sample (start-up done) */
int port_kfence_heap_start(void);

/* init.c */
void port_init(void);
static inline void port_ensure_init(void)
{
	extern int port_init_state;

	if (unlikely(port_init_state != 2))
		port_init();
}

/* The runtime's own mappings never go through the program's mmap and
 * munmap (intercept_mmap.c records and quarantines those): the system
 * calls.  KMSAN's port keeps its mmap (kmsan/libc.c), which also drops the
 * range's metadata. */
#if defined(KSAN_PORT_KMSAN)
#define port_sys_mmap mmap
#define port_sys_munmap munmap
#else
static inline void *port_sys_mmap(void *addr, size_t len, int prot, int flags, int fd, long off)
{
	long r = syscall(SYS_mmap, addr, len, prot, flags, fd, off);

	return r == -1 ? (void *)-1 : (void *)r;	/* errno set by syscall() */
}
static inline int port_sys_munmap(void *addr, size_t len)
{
	return (int)syscall(SYS_munmap, addr, len);
}
#endif

/* mem.c: the C library's implementations (or ksan's own before they are
 * known, e.g. in static executables) */
extern void *(*real_memcpy)(void *, const void *, size_t);
extern void *(*real_memmove)(void *, const void *, size_t);
extern void *(*real_memset)(void *, int, size_t);
void port_mem_init(void);
/* symbolize/elf.c: fn, a function of the C library that has no symbol of
 * its own (an IFUNC's variant), is to be called name in reports. */
void port_sym_alias(const void *fn, const char *name);

/* intercept_str.c, intercept_wchar.c, intercept_io.c: the other checked
 * libc functions.  PORT_CALLER records the interceptor itself (a report's
 * first frame) and its caller (the BUG line); it must be expanded in the
 * exported function, which must not be inlined. */
/* Weak: a program's own definition of a C library function (GCC's asan
 * tests define strlen) replaces the checked one instead of failing the link. */
#define PORT_INTERCEPTOR PORT_API __attribute__((noinline, weak))
#define PORT_CALLER(cl, fn)						\
	const struct kasan_caller cl = { (uintptr_t)(fn),		\
		(uintptr_t)__builtin_return_address(0),			\
		(uintptr_t)__builtin_frame_address(0), 0 }
#if defined(KSAN_PORT_KMSAN) || defined(KSAN_PORT_KCSAN)
/* KMSAN (libksan-kmsan.a) and KCSAN have no addressability to check. */
static inline int port_check(const struct kasan_caller *cl, const void *addr,
			     size_t size, int write)
{
	return 1;
}
#else
#ifdef KSAN_PORT_TAGS
/* software tags: the pointer's tag against the memory's (MTE checks
 * libc's accesses itself) */
static inline int port_range_clean(uintptr_t a, size_t n)
{
	return tags_range_ok(a, n);
}
static inline int port_check_range(uintptr_t a, size_t n, int write, uintptr_t pc,
				   uintptr_t fp, uintptr_t entry)
{
	return tags_check_range(a, n, write, pc, fp, entry);
}
#else
/* every byte of [a, a+n) addressable (n > 0): kasan.h */
static inline int port_range_clean(uintptr_t a, size_t n)
{
	return kasan_range_clean(a, n);
}
static inline int port_check_range(uintptr_t a, size_t n, int write, uintptr_t pc,
				   uintptr_t fp, uintptr_t entry)
{
	return kasan_check_range(a, n, write, pc, fp, entry);
}
#endif
/* 1 if [addr, addr+size) may be accessed, else 0 after a report.  The
 * runtime's own calls made while it prints a report are never refused. */
static inline int port_check(const struct kasan_caller *cl, const void *addr,
			     size_t size, int write)
{
	if (likely(!size || port_range_clean((uintptr_t)addr, size)) ||
	    port_check_range((uintptr_t)addr, size, write, cl->pc, cl->fp, cl->entry))
		return 1;
	return core_thread_get()->in_report;
}
#endif
/* 1 after reporting "<fn>-param-overlap" if the ranges overlap, else 0. */
int port_overlap(const struct kasan_caller *cl, const char *fn, const void *dst,
		 size_t dsize, const void *src, size_t ssize);
/* The C library's definition of name in a dynamic executable (the next
 * one after ours), NULL in a static one. */
void *port_real(const char *name);
/* Point real_<var> at libc's symbol sym when the C library has it; else
 * the pointer keeps its own fallback.  FIND_REAL(x): var and symbol alike. */
#define FIND_REAL_AS(var, sym)						\
	do {								\
		void *p_ = port_real(sym);				\
		if (p_)							\
			real_##var = (__typeof__(real_##var))p_;	\
	} while (0)
#define FIND_REAL(name) FIND_REAL_AS(name, #name)
void port_intercept_init(void);		/* from port_init, after port_mem_init */
/* The runtime's own I/O: system calls, never the checked read and write,
 * which read shadow (the runtime also runs in malloc and signal handlers,
 * where shadow that is not mapped yet cannot be faulted in). */
ssize_t port_sys_read(int fd, void *buf, size_t n);
ssize_t port_sys_write(int fd, const void *buf, size_t n);
void port_intercept_cmp_init(void);
void port_intercept_wchar_init(void);
void port_intercept_io_init(void);
void port_intercept_mmap_init(void);	/* intercept_mmap.c */
void port_intercept_stdio_init(void);

/* options.c: defaults, then every text of options in order (envp: the
 * environment, or 0 before libc has set environ); -1 with a message in err
 * when a strict text (ksan's own) is wrong. */
int port_options_load(char **envp, char *err, size_t errlen);

/* secure.c: secure mode, decided once (set-user-ID and the like: no input
 * from the environment, reports to stderr, no program started); may the
 * runtime start a program now (says once why not); "ksan: " a b c as one
 * line on stderr, never log_path (b and c may be 0): the runtime's refusals */
int port_secure(void);
int port_may_exec(void);
void port_say_line(const char *a, const char *b, const char *c);

/* noproc.c: what is known without /proc; port_noproc_notice says once per
 * kind (one of NOPROC_*) what is lost, if /proc is indeed missing, at once
 * (ENV) or in the next report (port_noproc_flush, from the symbolizer) */
enum { NOPROC_EXE = 1, NOPROC_STACK = 2, NOPROC_NAMES = 4, NOPROC_ENV = 8 };
void port_noproc_notice(unsigned what);
void port_noproc_flush(void);
int port_proc_missing(void);
void port_noproc_init(void);		/* before main: the working directory */
const char *port_exe_path(void);	/* "" if unknown */
/* logsink.c: log_path=syslog or journal.  select: 1 if path names a
 * sink (it then takes every write); write: 1 if the sink took buf. */
int port_logsink_select(const char *log_path);
int port_logsink_write(const char *buf, size_t len);
char **port_start_envp(void);		/* from the initial stack, or NULL */
int port_main_stack(uintptr_t *lo, uintptr_t *hi);

/* written.c: the pages of a range the process ever wrote (pagemap), for
 * the leak check's data roots; -1: unknown, ranges go whole */
int port_written_open(void);
void port_written_close(int fd);
void port_scan_written(int fd, void (*fn)(void *arg, uintptr_t lo, uintptr_t hi, int kind),
		       void *arg, uintptr_t lo, uintptr_t hi, int kind);

/* port.c: map zeroed pages over [lo, hi), keeping pages already there */
int port_map_fixed(uintptr_t lo, uintptr_t hi);
/* 1 if every page of [lo, hi) is mapped (port.c) */
int port_range_mapped(uintptr_t lo, uintptr_t hi);
#ifdef KSAN_PORT_KMSAN
/* kmsan/shadow.c: metadata for the application memory at app, a chunk
 * around it (0, or -1 if it cannot be mapped) */
int port_kmsan_map_meta(uintptr_t app);
void port_kmsan_clean_stack(void);
void port_kmsan_context_forget(void);	/* kmsan/context.c */
/* called as the thread ends, before its core state is freed */
static inline void port_clean_stack(void)
{
	port_kmsan_clean_stack();
	port_kmsan_context_forget();
}
/* The C library wrote [p, p+n) for the program (pthread_create's
 * pthread_t): initialised, for KMSAN. */
static inline void port_libc_wrote(const void *p, size_t n)
{
	kmsan_unpoison(p, n);
}
#elif defined(KSAN_PORT_KCSAN) || defined(KSAN_PORT_TAGS)
/* tags: instrumented frames retag their own locals on entry */
static inline void port_clean_stack(void)
{
}
static inline void port_libc_wrote(const void *p, size_t n)
{
}
#else
static inline void port_clean_stack(void)
{
	kasan_unpoison_stack();
}
static inline void port_libc_wrote(const void *p, size_t n)
{
}
#endif
/* leak/: leak detection, with generic KASAN's heap only (libksan.a) */
#if defined(KSAN_PORT_KMSAN) || defined(KSAN_PORT_KFENCE_ONLY) || defined(KSAN_PORT_TAGS)
static inline void port_leak_init(void)
{
}
static inline int port_leak_stop_signal(int sig, const void *info, void *uctx)
{
	return 0;
}
static inline void port_leak_note_alloc(void *p)
{
}
static inline void port_leak_ignore(void *p)
{
}
static inline int port_leak_suppressions(const char *text, const char *path, char *err,
					 size_t errlen)
{
	return 0;	/* leak: lines mean nothing without the detector */
}
#else
/* From port_init: the hooks at exit and fork, __lsan_default_suppressions. */
void port_leak_init(void);
/* From the SIGBUS handler, first: 1 if the signal was the leak detector's
 * request to stop this thread (now done: the world runs again). */
int port_leak_stop_signal(int sig, const void *info, void *uctx);
/* The malloc family's new objects: ignored while the thread is inside
 * __lsan_disable() (one load while no thread ever was). */
extern int port_leak_disabled_used;
void port_leak_disabled_alloc(void *p);
static inline void port_leak_note_alloc(void *p)
{
	if (unlikely(__atomic_load_n(&port_leak_disabled_used, __ATOMIC_RELAXED)))
		port_leak_disabled_alloc(p);
}
/* The runtime's own heap object (pthread_create's start record): never a
 * leak. */
int leak_ignore(const void *p);
static inline void port_leak_ignore(void *p)
{
	leak_ignore(p);
}
int leak_set_suppressions(const char *text, const char *path, char *err,
				size_t errlen);
static inline int port_leak_suppressions(const char *text, const char *path, char *err,
					 size_t errlen)
{
	return leak_set_suppressions(text, path, err, errlen);
}
#endif
/* threads.c, for leak/stop.c, with the thread registry's lock held (the world
 * stopped under fork's locks): the live threads' ids, a thread's stack. */
size_t port_thread_ids_locked(uint32_t *tids, size_t max);
int port_thread_stack_locked(uint32_t tid, uintptr_t *lo, uintptr_t *hi);

/* threads.c: a thread is about to be created (KCSAN: from now on a
 * watchpoint may have somebody to wait for) */
static inline void port_thread_created(void)
{
#ifdef KSAN_PORT_KCSAN
	__atomic_store_n(&kcsan_single_threaded, 0, __ATOMIC_RELAXED);
#endif
}

/* signal.c */
void port_signal_init(void);
void port_altstack_init(void);
void port_altstack_release(void);

/* port.c */
void port_threads_init(void);
void port_set_log_path(const char *path);
void port_set_report_fd(int fd);	/* reports to fd (fd < 0: log_path again) */

/* sanitizer.c: what fuzzers hand the runtime (sanitizer-common interface) */
void port_run_death_callback(void);	/* before the process ends on a bug */
extern int port_heap_hooks;		/* malloc and free hooks installed */
void port_run_malloc_hooks(const void *p, size_t size);
void port_run_free_hooks(const void *p);

/* sigmask.c: SIGSEGV/SIGBUS are never really blocked; the program's view
 * of them ("held", HELD_* bits) is kept per thread */
#define PORT_HELD_SEGV 1u
#define PORT_HELD_BUS 2u
struct sigaction;
int port_sigaction_masked(int sig, const struct sigaction *act, struct sigaction *oact);
#ifdef KSAN_PORT_KMSAN
/* kmsan/context.c: the program's handlers run with a context state of
 * their own.  wrap: act (a copy) gets ksan's trampoline in place of the
 * program's handler; unwrap: oact shows the program's handler again. */
void port_handler_wrap(int sig, struct sigaction *act);
void port_handler_unwrap(int sig, struct sigaction *oact);
/* Call the program's handler fn (siginfo: with three arguments). */
void port_run_handler(void *fn, int siginfo, int sig, void *info, void *uctx);
#else
static inline void port_handler_wrap(int sig, struct sigaction *act)
{
}
static inline void port_handler_unwrap(int sig, struct sigaction *oact)
{
}
static inline void port_run_handler(void *fn, int siginfo, int sig, void *info,
				    void *uctx)
{
	if (siginfo)
		((void (*)(int, void *, void *))fn)(sig, info, uctx);
	else
		((void (*)(int))fn)(sig);
}
#endif
unsigned port_sigmask_held(void);
void port_sigmask_set_held(unsigned bits);
void port_sigmask_adopt(void);	/* really blocked ones become held */
/* ucontext.c: 0 and the bounds if addr is on this thread's user stack */
int port_user_stack(uintptr_t addr, uintptr_t *lo, uintptr_t *hi);

#endif
