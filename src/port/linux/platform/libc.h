/*
 * This file contains what differs between the two C libraries the Linux
 * port runs on, glibc and musl (README: "musl"), in one place: the kernel
 * constants musl's headers leave out, and the names under which the port
 * reaches the C library's own functions behind its interceptors.
 *
 * The rest of the port is written against what both provide.  Where a
 * function differs, the port references both libraries' names weakly and
 * takes whichever the link resolved, so one source builds both runtimes:
 * glibc's (make) and musl's (make's musl sub-make, built with musl-gcc).
 * musl defines no macro of its own; "not glibc" is taken to mean musl.
 */
#ifndef KSAN_PORT_LINUX_LIBC_H
#define KSAN_PORT_LINUX_LIBC_H

#include <features.h>

#ifdef __GLIBC__
#define PORT_LIBC_GLIBC 1
#else
#define PORT_LIBC_MUSL 1
#endif

/* <linux/futex.h> is a kernel header, which musl-gcc's include path does
 * not have; these are the kernel's ABI values */
#ifndef FUTEX_WAIT_PRIVATE
#define FUTEX_WAIT_PRIVATE 128	/* FUTEX_WAIT | FUTEX_PRIVATE_FLAG */
#define FUTEX_WAKE_PRIVATE 129	/* FUTEX_WAKE | FUTEX_PRIVATE_FLAG */
#endif

/* libgcc's unwinder (unwind.c's fallback past C library frames): gcc takes
 * it from libgcc_eh.a for a musl link, and Debian's build of that calls
 * glibc's _dl_find_object, so musl's runtime references it weakly (used
 * only if the program brings it) */
#ifdef PORT_LIBC_MUSL
#define PORT_UNWINDER __attribute__((weak))
#define port_have_unwinder() (&_Unwind_Backtrace != 0)
#else
#define PORT_UNWINDER
#define port_have_unwinder() 1
#endif

/* a signal handler (glibc's __sighandler_t, musl's sighandler_t under
 * _GNU_SOURCE only) */
typedef void (*port_sighandler_t)(int);

/* libc.c: the C library's own functions behind the interceptors, whatever
 * it names them (static executables, and calls before the port has looked
 * the dynamic ones up) */
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <wchar.h>
size_t port_libc_fread(void *p, size_t size, size_t n, FILE *f);
size_t port_libc_fwrite(const void *p, size_t size, size_t n, FILE *f);
char *port_libc_fgets(char *s, int n, FILE *f);
int port_libc_fputs(const char *s, FILE *f);
int port_libc_puts(const char *s);
int port_libc_vsnprintf(char *s, size_t n, const char *fmt, va_list ap);
int port_libc_vsprintf(char *s, const char *fmt, va_list ap);
int port_libc_vsscanf(const char *s, const char *fmt, va_list ap);
int port_libc_vswprintf(wchar_t *s, size_t n, const wchar_t *fmt, va_list ap);
/* sigaction itself, not ksan's (signal.c keeps the program's handlers) */
int port_libc_sigaction(int sig, const struct sigaction *act, struct sigaction *oact);
typedef int (*port_pthread_create_t)(pthread_t *, const pthread_attr_t *,
				     void *(*)(void *), void *);
/* pthread_create itself, not ksan's (threads.c), or NULL */
port_pthread_create_t port_libc_pthread_create(void);

/* kfence/malloc.c: the C library's allocator behind KFENCE's malloc family
 * (the preload and --ksan=kcsan,kfence, dynamic executables only): glibc's
 * __libc_malloc and friends, called directly (the entry points tail-call
 * them); musl's public functions, looked up in libc.so (libc.c), which
 * lets the preload replace malloc (the dynamic linker then takes the
 * program's malloc, calloc and aligned_alloc for replaced) */
#ifdef PORT_LIBC_GLIBC
void *__libc_malloc(size_t);
void __libc_free(void *);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void *__libc_memalign(size_t, size_t);
void *__libc_valloc(size_t);
void *__libc_pvalloc(size_t);
#define port_libc_malloc __libc_malloc
#define port_libc_free __libc_free
#define port_libc_calloc __libc_calloc
#define port_libc_realloc __libc_realloc
#define port_libc_memalign __libc_memalign
#define port_libc_valloc __libc_valloc
#define port_libc_pvalloc __libc_pvalloc
#else
void *port_libc_malloc(size_t size);
void port_libc_free(void *p);
void *port_libc_calloc(size_t n, size_t size);
void *port_libc_realloc(void *p, size_t size);
void *port_libc_memalign(size_t align, size_t size);
void *port_libc_valloc(size_t size);
void *port_libc_pvalloc(size_t size);	/* musl has none: memalign of whole pages */
#endif

#endif
