/*
 * This file contains the glue of libksan-kfence.so, KFENCE for programs
 * nobody recompiled (LD_PRELOAD): the malloc family samples into KFENCE and
 * otherwise forwards to glibc's own allocator (__libc_malloc and friends),
 * start-up reads KSAN_OPTIONS and installs the port's SIGSEGV handler
 * (signal.c built without KASAN), and the few port functions that the
 * KASAN runtime's files would bring are answered here without KASAN.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "linux.h"
#include "../../kfence/kfence.h"

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

void port_signal_init(void);
void port_threads_init(void);
void port_set_log_path(const char *path);
void port_fork_init(void);

static size_t (*real_usable_size)(void *);
static int state;	/* 0 not started, 1 starting (forward everything), 2 up */
static ksan_lock_t init_lock;

#define ENTRY PORT_API __attribute__((noinline))
#define RA ((uintptr_t)__builtin_return_address(0))

/* ---- what the KASAN runtime's files would define ---------------------- */
void kasan_unpoison_stack(void) {}
void port_thread_exited(uint32_t tid) { (void)tid; }
void port_thread_register(uintptr_t lo, uintptr_t hi) { (void)lo; (void)hi; }
int ksan_port_stack_owner(uintptr_t addr, uint32_t *tid, char *name, size_t len)
{
	return -1;
}
/* no shadow to map: the program's masks stay as they are, and no user
 * context is followed */
int port_sigaction_masked(int sig, const struct sigaction *act, struct sigaction *oact)
{
	extern int __sigaction(int, const struct sigaction *, struct sigaction *);

	return __sigaction(sig, act, oact);
}
int port_user_stack(uintptr_t addr, uintptr_t *lo, uintptr_t *hi)
{
	return -1;
}
/* The preload sees no thread being created: it knows the main thread
 * alone (T0 in the asan layout); others go by their tid. */
int ksan_port_thread_info(uint32_t tid, struct ksan_thread_info *ti)
{
	if (tid != (uint32_t)ksan_port_pid())
		return -1;
	core_memset(ti, 0, sizeof(*ti));
	ti->tid = tid;
	return 0;
}

/* ---- start-up ---------------------------------------------------------- */
static const char *options_string(void)
{
	extern char **environ;

	return port_options_string(environ);
}

static void at_exit(void)
{
	kfence_print_stats();
}

static __attribute__((noinline)) void init(void)
{
	char err[256];

	ksan_port_lock(&init_lock);
	if (state) {
		ksan_port_unlock(&init_lock);
		return;
	}
	__atomic_store_n(&state, 1, __ATOMIC_RELAXED);
	core_options_defaults();
	if (core_options_parse(options_string(), err, sizeof(err))) {
		ksan_port_write(err, core_strlen(err));
		ksan_port_write("\n", 1);
		_exit(1);
	}
	if (core_opt.help) {
		core_options_print_help();
		_exit(0);
	}
	port_set_log_path(core_opt.log_path);
	port_threads_init();
	real_usable_size = (size_t (*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
	if (!kfence_init("malloc")) {
		port_signal_init();
		/* the core's locks and the child's new ids, then KFENCE's lock
		 * (taken first before fork, released last after it) */
		port_fork_init();
		core_fork_add_lock(&init_lock, CORE_FORK_OUTER);
		pthread_atfork(kfence_fork_prepare, kfence_fork_parent, kfence_fork_child);
	}
	atexit(at_exit);
	if (core_opt.verbosity)
		core_printf("ksan: KFENCE preload initialised (pid %d)\n", ksan_port_pid());
	__atomic_store_n(&state, 2, __ATOMIC_RELEASE);
	ksan_port_unlock(&init_lock);
}

__attribute__((constructor)) static void preload_ctor(void)
{
	if (!state)
		init();
}

/*
 * The entry points are built without frame pointers, so that the common
 * case (not sampled) is the counter test and a tail call into glibc.  Their
 * caller's frame pointer is still in rbp: the slow paths below make the
 * frame record {caller's frame, return address} that the entry point did
 * not make, for the allocation and free stacks.
 */
#define CALLER_FP() ({ uintptr_t f_; __asm__ volatile("mov %%rbp, %0" : "=r"(f_)); f_; })

/* A sampled object, or NULL: then the caller forwards to glibc. */
static __attribute__((noinline)) void *sampled(size_t size, size_t align, uintptr_t entry,
					       uintptr_t ra, uintptr_t caller_fp)
{
	uintptr_t rec[2] = { caller_fp, ra };

	if (unlikely(__atomic_load_n(&state, __ATOMIC_ACQUIRE) != 2)) {
		if (state)
			return 0;	/* start-up's own allocations */
		init();
	}
	return kfence_alloc_slow(size, align, entry, ra, (uintptr_t)rec);
}

static __attribute__((noinline)) void release(void *p, uintptr_t entry, uintptr_t ra,
					      uintptr_t caller_fp)
{
	uintptr_t rec[2] = { caller_fp, ra };

	kfence_free(p, entry, ra, (uintptr_t)rec);
}

#define SAMPLE(size, align, fn) \
	(likely(kfence_skip()) ? 0 : sampled(size, align, (uintptr_t)(fn), RA, CALLER_FP()))

/* ---- the malloc family ------------------------------------------------- */
ENTRY void *malloc(size_t size)
{
	void *p;

	if (likely(kfence_skip()))
		return __libc_malloc(size);
	p = sampled(size, 0, (uintptr_t)malloc, RA, CALLER_FP());
	return p ? p : __libc_malloc(size);
}

ENTRY void free(void *p)
{
	if (unlikely(is_kfence_address(p)))
		release(p, (uintptr_t)free, RA, CALLER_FP());
	else
		__libc_free(p);
}

ENTRY void *calloc(size_t n, size_t size)
{
	size_t total;
	void *p;

	if (likely(kfence_skip()) || __builtin_mul_overflow(n, size, &total))
		return __libc_calloc(n, size);	/* glibc sets ENOMEM on overflow */
	p = sampled(total, 0, (uintptr_t)calloc, RA, CALLER_FP());
	return p ? p : __libc_calloc(n, size);	/* KFENCE objects start zeroed */
}

static __attribute__((noinline)) void *realloc_kfence(void *p, size_t size, uintptr_t ra,
						      uintptr_t caller_fp)
{
	uintptr_t rec[2] = { caller_fp, ra }, fp = (uintptr_t)rec, entry = (uintptr_t)realloc;
	size_t old;
	void *q;

	if (!size) {
		kfence_free(p, entry, ra, fp);
		return 0;
	}
	old = kfence_realloc_size(p, entry, ra, fp);
	if (old == (size_t)-1)
		return 0;
	q = kfence_skip() ? 0 : kfence_alloc_slow(size, 0, entry, ra, fp);
	if (!q)
		q = __libc_malloc(size);
	if (!q)
		return 0;
	core_memcpy(q, p, old < size ? old : size);
	kfence_free(p, entry, ra, fp);
	return q;
}

ENTRY void *realloc(void *p, size_t size)
{
	void *q;

	if (unlikely(is_kfence_address(p)))
		return realloc_kfence(p, size, RA, CALLER_FP());
	if (p)
		return __libc_realloc(p, size);
	q = SAMPLE(size, 0, realloc);
	return q ? q : __libc_malloc(size);
}

ENTRY void *reallocarray(void *p, size_t n, size_t size)
{
	size_t total;

	if (__builtin_mul_overflow(n, size, &total)) {
		errno = ENOMEM;
		return 0;
	}
	if (unlikely(is_kfence_address(p)))
		return realloc_kfence(p, total, RA, CALLER_FP());
	return __libc_realloc(p, total);
}

ENTRY void *memalign(size_t align, size_t size)
{
	void *p = 0;

	if (!(align & (align - 1)))	/* else glibc's answer */
		p = SAMPLE(size, align, memalign);
	return p ? p : __libc_memalign(align, size);
}

ENTRY void *aligned_alloc(size_t align, size_t size)
{
	void *p;

	if (!align || (align & (align - 1))) {
		errno = EINVAL;
		return 0;
	}
	p = SAMPLE(size, align, aligned_alloc);
	return p ? p : __libc_memalign(align, size);
}

ENTRY int posix_memalign(void **out, size_t align, size_t size)
{
	int e = errno;
	void *p;

	if (!align || (align & (align - 1)) || align % sizeof(void *))
		return EINVAL;
	p = SAMPLE(size, align, posix_memalign);
	if (!p)
		p = __libc_memalign(align, size);
	if (!p) {
		errno = e;
		return ENOMEM;
	}
	*out = p;
	return 0;
}

ENTRY void *valloc(size_t size)
{
	void *p = SAMPLE(size, 4096, valloc);

	return p ? p : __libc_valloc(size);
}

ENTRY void *pvalloc(size_t size)
{
	/* pvalloc rounds up to whole pages: the guard page would be wasted */
	return __libc_pvalloc(size);
}

ENTRY size_t malloc_usable_size(void *p)
{
	if (unlikely(is_kfence_address(p)))
		return kfence_ksize(p);
	return p && real_usable_size ? real_usable_size(p) : 0;
}
