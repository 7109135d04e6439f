/*
 * This file contains the C library's own functions behind the port's
 * interceptors and signal code, reached under whatever name the C library
 * gives them (libc.h says why they differ), and port_real(), the lookup of
 * a dynamic executable's C library function by name.  The interceptors call these
 * in static executables and before port_intercept_init() has looked the
 * functions up (dynamic ones).
 *
 * glibc exports a second name for each (_IO_fwrite, __vsnprintf,
 * __sigaction...), defined beside the intercepted one, so ksan's
 * definition of the public name does not hide it.  musl has no second
 * name, so:
 * - static executables: ksan-musl-libc.o, made at build time from musl's
 *   own libc.a (Makefile: MUSL_COPIES), holds its members for these
 *   functions with their public names renamed __ksan_musl_<name>; ksan-cc
 *   links it into static musl executables only (its code calls musl's
 *   internal functions, which libc.so does not export);
 * - dynamic executables: libc.so's function, looked up (dlsym RTLD_NEXT)
 *   on first use;
 * - sigaction and pthread_create are musl's __sigaction and
 *   __pthread_create in libc.a (ksan-cc's -u flags pull them in) and
 *   looked up in libc.so.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/auxv.h>
#include <wchar.h>
#include "libc.h"
#include "../linux.h"

extern void *dlsym(void *, const char *) __attribute__((weak));

void *port_real(const char *name)
{
	/* static (and static-pie) executables have no libc.so to look in */
	if (!dlsym || !getauxval(AT_BASE))
		return 0;
	return dlsym(RTLD_NEXT, name);
}

#ifdef PORT_LIBC_GLIBC

/* glibc's other exported names: the same code as the intercepted ones */
size_t _IO_fread(void *, size_t, size_t, FILE *);
size_t _IO_fwrite(const void *, size_t, size_t, FILE *);
char *_IO_fgets(char *, int, FILE *);
int _IO_fputs(const char *, FILE *);
int _IO_puts(const char *);
int __vsnprintf(char *, size_t, const char *, va_list);
int _IO_vsprintf(char *, const char *, va_list);
int __vsscanf(const char *, const char *, va_list);
/* formats like vswprintf when its flag is 0 and the object size is the
 * buffer size */
int __vswprintf_chk(wchar_t *, size_t, int, size_t, const wchar_t *, va_list);
extern int __sigaction(int, const struct sigaction *, struct sigaction *);
/* the static link's (ksan-cc adds -u __pthread_create_2_1 for -static) */
extern int __pthread_create_2_1(pthread_t *, const pthread_attr_t *,
				void *(*)(void *), void *) __attribute__((weak));
extern void *dlvsym(void *, const char *, const char *) __attribute__((weak));

#define LIBC(glibc, musl) glibc
#define VSWPRINTF(s, n, fmt, ap) __vswprintf_chk(s, n, 0, n, fmt, ap)

port_pthread_create_t port_libc_pthread_create(void)
{
	void *f = 0;

	if (__pthread_create_2_1)
		return __pthread_create_2_1;
	if (dlvsym)	/* the current version, not the oldest */
		f = dlvsym(RTLD_NEXT, "pthread_create", "GLIBC_2.34");
	return f ? (port_pthread_create_t)f : (port_pthread_create_t)port_real("pthread_create");
}

#else	/* musl */

/* static links: ksan-musl-libc.o's copies; dynamic links have none */
#define MUSL_COPY(ret, name, args) extern ret __ksan_musl_##name args __attribute__((weak))
MUSL_COPY(size_t, fread, (void *, size_t, size_t, FILE *));
MUSL_COPY(size_t, fwrite, (const void *, size_t, size_t, FILE *));
MUSL_COPY(char *, fgets, (char *, int, FILE *));
MUSL_COPY(int, fputs, (const char *, FILE *));
MUSL_COPY(int, puts, (const char *));
MUSL_COPY(int, vsnprintf, (char *, size_t, const char *, va_list));
MUSL_COPY(int, vsprintf, (char *, const char *, va_list));
MUSL_COPY(int, vsscanf, (const char *, const char *, va_list));
MUSL_COPY(int, vswprintf, (wchar_t *, size_t, const wchar_t *, va_list));
/* libc.a's names (hidden there, not exported by libc.so) */
extern int __sigaction(int, const struct sigaction *, struct sigaction *) __attribute__((weak));
extern int __pthread_create(pthread_t *, const pthread_attr_t *,
			    void *(*)(void *), void *) __attribute__((weak));

/* the copy, else libc.so's function (looked up once; a race looks it up
 * twice and stores the same value) */
static void *musl_lookup(void *copy, void **cache, const char *name)
{
	void *f = __atomic_load_n(cache, __ATOMIC_RELAXED);

	if (f)
		return f;
	if (!(f = copy) && !(f = port_real(name))) {
		core_printf("ksan: musl's %s is missing (a static executable linked "
			    "without ksan-musl-libc.o?)\n", name);
		core_fatal("the C library's function is not linked in");
	}
	__atomic_store_n(cache, f, __ATOMIC_RELAXED);
	return f;
}
#define LIBC(glibc, musl)						\
	({								\
		static void *cache_;					\
		(__typeof__(&__ksan_musl_##musl))musl_lookup(		\
			(void *)__ksan_musl_##musl, &cache_, #musl);	\
	})
#define VSWPRINTF(s, n, fmt, ap) LIBC(__vswprintf_chk, vswprintf)(s, n, fmt, ap)

/* (LIBC pastes a copy's name: these two have libc.a's own) */
#define __ksan_musl_sigaction __sigaction
#define __ksan_musl_pthread_create __pthread_create

port_pthread_create_t port_libc_pthread_create(void)
{
	return LIBC(__pthread_create_2_1, pthread_create);
}

/* the allocator behind KFENCE (kfence/malloc.c: dynamic executables, so
 * always libc.so's) */
MUSL_COPY(void *, malloc, (size_t));
MUSL_COPY(void, free, (void *));
MUSL_COPY(void *, calloc, (size_t, size_t));
MUSL_COPY(void *, realloc, (void *, size_t));
MUSL_COPY(void *, aligned_alloc, (size_t, size_t));

void *port_libc_malloc(size_t size)
{
	return LIBC(__libc_malloc, malloc)(size);
}

void port_libc_free(void *p)
{
	LIBC(__libc_free, free)(p);
}

void *port_libc_calloc(size_t n, size_t size)
{
	return LIBC(__libc_calloc, calloc)(n, size);
}

void *port_libc_realloc(void *p, size_t size)
{
	return LIBC(__libc_realloc, realloc)(p, size);
}

/* musl's memalign and valloc call aligned_alloc through its public name,
 * which is KFENCE's, which would call memalign again: aligned_alloc itself
 * (it takes any power of two, and any size) */
void *port_libc_memalign(size_t align, size_t size)
{
	return LIBC(__libc_memalign, aligned_alloc)(align, size);
}

void *port_libc_valloc(size_t size)
{
	return port_libc_memalign(4096, size);
}

void *port_libc_pvalloc(size_t size)
{
	size_t rounded = (size + 4095) & ~(size_t)4095;

	if (rounded < size) {
		errno = ENOMEM;
		return 0;
	}
	return port_libc_memalign(4096, rounded ? rounded : 4096);
}

#endif

size_t port_libc_fread(void *p, size_t size, size_t n, FILE *f)
{
	return LIBC(_IO_fread, fread)(p, size, n, f);
}

size_t port_libc_fwrite(const void *p, size_t size, size_t n, FILE *f)
{
	return LIBC(_IO_fwrite, fwrite)(p, size, n, f);
}

char *port_libc_fgets(char *s, int n, FILE *f)
{
	return LIBC(_IO_fgets, fgets)(s, n, f);
}

int port_libc_fputs(const char *s, FILE *f)
{
	return LIBC(_IO_fputs, fputs)(s, f);
}

int port_libc_puts(const char *s)
{
	return LIBC(_IO_puts, puts)(s);
}

int port_libc_vsnprintf(char *s, size_t n, const char *fmt, va_list ap)
{
	return LIBC(__vsnprintf, vsnprintf)(s, n, fmt, ap);
}

int port_libc_vsprintf(char *s, const char *fmt, va_list ap)
{
	return LIBC(_IO_vsprintf, vsprintf)(s, fmt, ap);
}

/* glibc's __vsscanf reads "%as" and "%a[" as GNU's allocating form, as
 * glibc's plain vsscanf does (not __isoc99_vsscanf); musl has one */
int port_libc_vsscanf(const char *s, const char *fmt, va_list ap)
{
	return LIBC(__vsscanf, vsscanf)(s, fmt, ap);
}

int port_libc_vswprintf(wchar_t *s, size_t n, const wchar_t *fmt, va_list ap)
{
	return VSWPRINTF(s, n, fmt, ap);
}

int port_libc_sigaction(int sig, const struct sigaction *act, struct sigaction *oact)
{
	return LIBC(__sigaction, sigaction)(sig, act, oact);
}
