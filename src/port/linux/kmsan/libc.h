/*
 * This file contains what KMSAN's model of the C library (kmsan_libc_*.c,
 * kmsan/infoleak.c, kmsan/start.c) shares: how an interceptor marks what the
 * uninstrumented library wrote, and the start-up calls that point each
 * file's real_* at the C library.
 *
 * The model: the C library is not instrumented, so its stores leave the
 * program's shadow as it was (often poisoned: a fresh local or malloc).
 * Each interceptor calls the real function, then marks exactly the bytes
 * it is known to have written as initialised (kmsan_wrote), or, where the
 * library copies the program's own bytes, copies their shadow and origins
 * (kmsan_copy_meta).  Where bytes leave the program (infoleak.c) they are
 * checked instead.  Nothing is done before kmsan_ready: the metadata cannot
 * be mapped yet.
 */
#ifndef KSAN_PORT_KMSAN_LIBC_H
#define KSAN_PORT_KMSAN_LIBC_H

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include "../linux.h"

/* [p, p+n) was written by the C library: initialised. */
static inline void kmsan_wrote(const void *p, size_t n)
{
	if (likely(kmsan_ready) && p && n)
		kmsan_unpoison(p, n);
}

/* A C string the library wrote or returned (its bytes and the NUL). */
static inline void kmsan_wrote_str(const char *s)
{
	if (likely(kmsan_ready) && s)
		kmsan_unpoison(s, strlen(s) + 1);
}

/*
 * errno is the C library's thread-local int: the library sets it with
 * plain stores, and the program reads it through __errno_location().  A
 * failing call marks it initialised, so a read of errno after any
 * intercepted call is never a report (its TLS slot may lie in memory whose
 * shadow is stale: a reused thread stack).
 */
static inline void kmsan_wrote_errno(void)
{
	if (likely(kmsan_ready))
		kmsan_unpoison(&errno, sizeof(errno));
}

/* Result of a call returning a count or -1: n bytes at p written. */
static inline void kmsan_wrote_count(const void *p, long n)
{
	if (n > 0)
		kmsan_wrote(p, (size_t)n);
	else if (n < 0)
		kmsan_wrote_errno();
}

/*
 * A stream's buffer: the C library allocates it (with ksan's malloc, so it
 * starts poisoned) and fills it with plain stores; the program then reads
 * it inline (getc_unlocked, getchar_unlocked are macros over _IO_read_ptr).
 * Once the whole buffer is marked initialised it stays so (the library's
 * refills do not touch shadow), so the check is two shadow bytes.  Called
 * after each intercepted input function on the stream.
 */
static inline void kmsan_wrote_file_buffer(FILE *f)
{
	char *lo, *hi;

	if (unlikely(!kmsan_ready) || !f || !(lo = f->_IO_buf_base) ||
	    (hi = f->_IO_buf_end) <= lo)
		return;
	if (!kmsan_first_uninit(lo, 1) || !kmsan_first_uninit(hi - 1, 1))
		kmsan_unpoison(lo, (size_t)(hi - lo));
}

/* kmsan/libc_io.c: a received message of r bytes (recvmsg, recvmmsg);
 * name_len and ctl_len are its buffers' sizes before the call */
void kmsan_wrote_msghdr(struct msghdr *m, size_t r, socklen_t name_len, size_t ctl_len);

/* kmsan/start.c calls these from .preinit_array, after port_init: dynamic
 * executables find the C library's functions; static ones keep the
 * fallbacks each file names (system calls, glibc's other names). */
void port_kmsan_libc_io_init(void);
void port_kmsan_libc_sys_init(void);
void port_kmsan_libc_str_init(void);
void port_kmsan_libc_stdio_init(void);
void port_kmsan_libc_math_init(void);
void port_kmsan_libc_cmp_init(void);
void port_kmsan_libc_wchar_init(void);
void port_kmsan_libc_random_init(void);
void port_kmsan_libc_thread_init(void);
void port_kmsan_leak_init(void);
/* call_stubs.c: PLT calls to what ksan does not model, for the hint */
void port_kmsan_calls_init(void);

/* kmsan/libc.c: the C library's code (libc.so, the loader; libc.a's) */
void port_kmsan_libc_text_init(void);
int port_kmsan_from_libc(uintptr_t pc);
/* 1 if the C library's code was found: libc.so's mapping, or in a static
 * executable libc.a's range (0 when it was linked without ksan-cc's
 * script: there the library's calls cannot be told from the program's) */
int port_kmsan_libc_found(void);

#endif
