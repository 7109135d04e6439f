/*
 * This file contains the glue of libksan-kfence.so, KFENCE for programs
 * nobody recompiled (LD_PRELOAD): the malloc family (kfence/malloc.c)
 * samples into KFENCE and otherwise forwards to the C library's own
 * allocator (glibc's or musl's),
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
#include "../platform/libc.h"
#include "../linux.h"
#include "../../../kfence/kfence.h"

void port_signal_init(void);
void port_threads_init(void);
void port_set_log_path(const char *path);
void port_fork_init(void);

static int state;	/* 0 not started, 1 starting (forward everything), 2 up */
static ksan_lock_t init_lock;

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
	return port_libc_sigaction(sig, act, oact);
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
static void at_exit(void)
{
	kfence_print_stats();
}

static __attribute__((noinline)) void init(void)
{
	extern char **environ;
	char err[256];

	ksan_port_lock(&init_lock);
	if (state) {
		ksan_port_unlock(&init_lock);
		return;
	}
	__atomic_store_n(&state, 1, __ATOMIC_RELAXED);
	if (port_options_load(environ, err, sizeof(err))) {
		ksan_port_write(err, core_strlen(err));
		ksan_port_write("\n", 1);
		_exit(1);
	}
	if (core_opt.help) {
		core_options_print_help();
		_exit(0);
	}
	port_set_log_path(core_opt.log_path);
	core_options_print_notes();
	port_threads_init();
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

/* kfence/malloc.c: sampling starts once start-up is done (or, from the
 * first allocation, here); start-up's own allocations go to glibc */
int port_kfence_heap_start(void)
{
	if (likely(__atomic_load_n(&state, __ATOMIC_ACQUIRE) == 2))
		return 1;
	if (state)
		return 0;
	init();
	return 1;
}
