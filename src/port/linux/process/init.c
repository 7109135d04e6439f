/*
 * This file contains the Linux port's start-up: the options, the signal
 * handler, thread hooks, the heap and the real mem* functions, ready before
 * any instrumented code runs.  It runs from .preinit_array (before every
 * constructor, of the executable and of its libraries; musl: from the
 * executable's first constructor) or from the first malloc/memcpy,
 * whichever comes first: static glibc allocates before any constructor
 * runs.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <pthread.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "../../../kfence/kfence.h"

int port_init_state;	/* 0 not started, 1 running, 2 done */
static ksan_lock_t init_lock;
static uint32_t init_owner;	/* tid running port_init(), for re-entry */

void port_fork_init(void);

/* ksan-cc --ksan=...,kfence defines this absolute symbol (address 1) */
extern char __ksan_kfence_enabled[] __attribute__((weak, visibility("hidden")));

static void kfence_at_exit(void)
{
	kfence_print_stats();
}

/* KFENCE inside libksan: after the heap, with its own fork handlers
 * (registered after the core's: its lock is taken first, released last) */
static void port_kfence_init(void)
{
	if (!__ksan_kfence_enabled || kfence_init(0))
		return;
	pthread_atfork(kfence_fork_prepare, kfence_fork_parent, kfence_fork_child);
	atexit(kfence_at_exit);
}
int port_suppressions_init(char *err, size_t errlen);

static void die_options(const char *msg)
{
	ksan_port_write(msg, core_strlen(msg));
	ksan_port_write("\n", 1);
	_exit(1);
}

static char **start_envp;	/* from .preinit_array: environ is not set yet */

/* environ, else preinit's envp, else (the dynamic loader allocates before
 * libc has set environ) the initial stack's */
static char **start_environ(void)
{
	extern char **environ;

	return environ ? environ : start_envp ? start_envp : port_start_envp();
}

void port_init(void)
{
	char err[256];

	if (__atomic_load_n(&port_init_state, __ATOMIC_ACQUIRE) == 2)
		return;
	/* libc may allocate from inside our own start-up (dlsym's error
	 * path does): the heap is up by then, so just go on */
	if (__atomic_load_n(&init_owner, __ATOMIC_RELAXED) == ksan_port_thread_id())
		return;
	ksan_port_lock(&init_lock);
	init_owner = ksan_port_thread_id();
	if (port_init_state) {
		/* done by another thread, or re-entered from our own init */
		ksan_port_unlock(&init_lock);
		return;
	}
	port_init_state = 1;
	if (port_options_load(start_environ(), err, sizeof(err)))
		die_options(err);
	if (core_opt.help) {
		core_options_print_help();
		_exit(0);
	}
	port_set_log_path(core_opt.log_path);
	core_options_print_notes();
	if (port_suppressions_init(err, sizeof(err)))
		die_options(err);
	port_threads_init();
	port_signal_init();
	port_sigmask_adopt();	/* SIGSEGV blocked across execve: unblock it */
	port_heap_init();
	port_mem_init();
	port_intercept_init();
	port_fork_init();
	core_fork_add_lock(&init_lock, CORE_FORK_OUTER);	/* held around everything */
	port_kfence_init();
	port_leak_init();
#ifdef KSAN_PORT_KCSAN
	if (core_opt.verbosity)
		core_printf("ksan: initialised (pid %d, KCSAN)\n", ksan_port_pid());
#elif defined(KSAN_PORT_KMSAN)
	if (core_opt.verbosity)	/* MemorySanitizer's layout (kmsan.h) */
		core_printf("ksan: initialised (pid %d, KMSAN: shadow = addr ^ 0x%lx, origins = shadow + 0x%lx)\n",
			    ksan_port_pid(), (unsigned long)KMSAN_SHADOW_XOR,
			    (unsigned long)KMSAN_ORIGIN_ADD);
#elif defined(KSAN_PORT_TAGS)
	if (core_opt.verbosity)	/* the mode and offset: tags/port.c's port_heap_init's line */
		core_printf("ksan: initialised (pid %d, tag-based KASAN)\n", ksan_port_pid());
#else
	if (core_opt.verbosity)
		core_printf("ksan: initialised (pid %d, shadow offset 0x%lx)\n",
			    ksan_port_pid(), (unsigned long)KASAN_SHADOW_OFFSET);
#endif
	__atomic_store_n(&port_init_state, 2, __ATOMIC_RELEASE);
	init_owner = 0;
	ksan_port_unlock(&init_lock);
}

static void preinit(int argc, char **argv, char **envp)
{
	uintptr_t lo, hi;

	(void)argc;
	(void)argv;
	start_envp = envp;
	port_init();
	/* while the working directory is the one execve() saw */
	port_noproc_init();
	/* the main thread's stack is known to other threads' reports */
	ksan_port_current_stack(&lo, &hi);
}

/* Runs before every constructor; only executables have this section. */
__attribute__((section(".preinit_array"), used))
static void (*const ksan_preinit)(int, char **, char **) = preinit;

/* The start-up, for an instrumented library's first constructor (shlib/stubs.c):
 * with musl, whose dynamic loader runs the libraries' constructors before
 * the executable's, it is how the runtime is up before a library registers
 * its globals; with glibc, .preinit_array has run already. */
PORT_API void __ksan_init(void)
{
	port_ensure_init();
}

#ifdef PORT_LIBC_MUSL
/* musl runs no .preinit_array: its first constructor instead (the lowest
 * priority runs first: before the compilers' module constructors, at 1
 * and 99), with environ already set */
static void musl_preinit(void)
{
	extern char **environ;

	preinit(0, 0, environ);
}
__attribute__((section(".init_array.00000"), used))
static void (*const ksan_musl_preinit)(void) = musl_preinit;
#endif
