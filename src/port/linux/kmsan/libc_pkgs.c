/*
 * This file contains KMSAN's model of the C library functions that real
 * packages' test suites needed beyond the rest of the model
 * (tests/packages/RESULTS.md): syscall(2), the generic system-call entry.
 *
 * syscall(SYS_getrandom, buf, n, flags) is how expat seeds its hash salt
 * where the C library has no arc4random_buf or getrandom wrapper (glibc
 * before 2.36 and 2.25; expat's writeRandomBytes_getrandom_nonblock): the
 * kernel fills buf, no instrumented store does, and the salt was reported
 * as uninitialised (MemorySanitizer has no interceptor for syscall either:
 * expat ships an ignore list for it).  The interceptor passes the call on
 * unchanged and marks what the kernel wrote for SYS_getrandom: the count
 * it returns.  Every other number is passed on untouched: the runtime
 * itself makes its own system calls through syscall(), also from signal
 * handlers and from inside malloc, where the shadow must not be touched.
 *
 * syscall() is variadic: it takes the six argument registers whatever the
 * number needs, as the C library's own syscall() does (it loads all six).
 * Before start-up found the C library's syscall, and in static executables
 * (whose syscall is this one), the call is made here directly.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <sys/syscall.h>
#include "libc.h"

/* The system call itself, result as syscall() returns it: -1 and errno. */
static long raw_syscall(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
{
	long r;
#if defined(__x86_64__)
	register long r10 __asm__("r10") = a3;
	register long r8 __asm__("r8") = a4;
	register long r9 __asm__("r9") = a5;

	__asm__ volatile("syscall"
			 : "=a"(r)
			 : "a"(nr), "D"(a0), "S"(a1), "d"(a2), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
#elif defined(__aarch64__)
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a0;
	register long x1 __asm__("x1") = a1;
	register long x2 __asm__("x2") = a2;
	register long x3 __asm__("x3") = a3;
	register long x4 __asm__("x4") = a4;
	register long x5 __asm__("x5") = a5;

	__asm__ volatile("svc 0"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			 : "memory");
	r = x0;
#else
#error "kmsan/libc_pkgs.c: no system call sequence for this architecture"
#endif
	if (r < 0 && r > -4096) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

static long (*real_syscall)(long, ...);

/* From .preinit_array, as kmsan_start.c's entry: the runtime first. */
static void libc_pkgs_start(int argc, char **argv, char **envp)
{
	port_ensure_init();
	FIND_REAL(syscall);
}

__attribute__((section(".preinit_array"), used))
static void (*const libc_pkgs_entry)(int, char **, char **) = libc_pkgs_start;

PORT_INTERCEPTOR long syscall(long nr, ...)
{
	long a[6], r;
	va_list ap;
	int i;

	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (real_syscall)
		r = real_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	else
		r = raw_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	if (nr == SYS_getrandom)
		kmsan_wrote_count((const void *)a[0], r);
	return r;
}
