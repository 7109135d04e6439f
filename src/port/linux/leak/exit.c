/*
 * This file contains the Linux port's leak detection calls of the program
 * (__lsan_disable, __lsan_enable) and the check at exit: it runs after the
 * program's atexit handlers and its destructors, from whichever of two
 * hooks runs last (see stop.c's opening comment); a fork child that exits
 * normally checks its own heap; leaks: stdio flushed, status 23.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "../../../leak/leak.h"

/* ---- __lsan_disable, the check at exit ---------------------------------- */

int port_leak_disabled_used;	/* a thread ever called __lsan_disable */
static __thread int disabled __attribute__((tls_model("initial-exec")));

PORT_API void __lsan_disable(void)
{
	disabled++;
	__atomic_store_n(&port_leak_disabled_used, 1, __ATOMIC_RELAXED);
}

PORT_API void __lsan_enable(void)
{
	if (disabled > 0)
		disabled--;
	else if (core_opt.verbosity)
		core_printf("ksan: __lsan_enable() without __lsan_disable()\n");
}

void port_leak_disabled_alloc(void *p)
{
	if (disabled && p)
		leak_ignore(p);
}

/* The program's hooks, as LeakSanitizer knows them. */
extern int __lsan_is_turned_off(void) __attribute__((weak));
extern const char *__lsan_default_suppressions(void) __attribute__((weak));

enum { ATEXIT_RAN = 1, DTOR_RAN = 2 };
static int exit_hooks;

static void check_at_exit(void)
{
	if (__lsan_is_turned_off && __lsan_is_turned_off())
		return;
	if (leak_at_exit() > 0) {
		fflush(0);	/* the program's output is whole, as after exit */
		leak_die();
	}
}

static void exit_hook(void)
{
	if (__atomic_fetch_or(&exit_hooks, ATEXIT_RAN, __ATOMIC_RELAXED) & DTOR_RAN)
		check_at_exit();
}

__attribute__((destructor(101))) static void exit_dtor(void)
{
	if (__atomic_fetch_or(&exit_hooks, DTOR_RAN, __ATOMIC_RELAXED) & ATEXIT_RAN)
		check_at_exit();
}

static void fork_child(void)
{
	leak_fork_child();
}

/* ksan-cc defines this absolute symbol (address 1) when it links libksan.a
 * into a program without generic KASAN's instrumentation (--ksan=kfence,
 * --ksan=ubsan) */
extern char __ksan_no_kasan[] __attribute__((weak, visibility("hidden")));

void port_leak_init(void)
{
	char err[256];

	leak_set_default(!__ksan_no_kasan);

	atexit(exit_hook);
	pthread_atfork(0, 0, fork_child);
	if (__lsan_default_suppressions) {
		const char *text = __lsan_default_suppressions();

		if (text && leak_set_suppressions(text, "__lsan_default_suppressions()",
							err, sizeof(err))) {
			ksan_port_write(err, core_strlen(err));
			ksan_port_write("\n", 1);
			_exit(1);
		}
	}
}
