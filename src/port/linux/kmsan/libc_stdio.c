/*
 * This file contains KMSAN's model of the C library's formatting: the
 * scanf family's stores (each assigned %-conversion target, found with the
 * format walk KASAN's sscanf checks use, scanf_format.h), the printf
 * family's output to memory (the bytes written and the NUL), and the time
 * conversions that fill a struct tm or a string (localtime, gmtime, their
 * _r forms, strftime; mktime is in kmsan-libc/libc_time.c).
 *
 * Dynamic executables call the C library's functions (dlsym(RTLD_NEXT));
 * static ones glibc's other exported names for the same code (__vsscanf,
 * __vfscanf, __vsnprintf, _IO_vsprintf, __gmtime_r, __strftime_l); there the
 * _FORTIFY_SOURCE __*_chk forms behave as the plain ones, and "%as" is
 * read as GNU's allocating form by the __isoc99_ names too.
 */
#define _GNU_SOURCE
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "libc.h"
#include "../platform/scanf_format.h"

/* ---- fallbacks: glibc's other names ------------------------------------ */

int __vsscanf(const char *, const char *, va_list);
int __vfscanf(FILE *, const char *, va_list);
int __vsnprintf(char *, size_t, const char *, va_list);
int _IO_vsprintf(char *, const char *, va_list);
struct tm *__gmtime_r(const time_t *, struct tm *);
size_t __strftime_l(char *, size_t, const char *, const struct tm *, locale_t);
/* not exported by libc.so: a weak reference, which a static link only
 * resolves when something pulls glibc's localtime.o in (ksan-cc's -u) */
extern struct tm *__localtime_r(const time_t *, struct tm *) __attribute__((weak));

static int own_vsnprintf_chk(char *s, size_t n, int flag, size_t slen, const char *fmt,
			     va_list ap)
{
	return __vsnprintf(s, n, fmt, ap);
}

static int own_vsprintf_chk(char *s, int flag, size_t slen, const char *fmt, va_list ap)
{
	return _IO_vsprintf(s, fmt, ap);
}

static int own_vasprintf(char **p, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = __vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0 || !(*p = malloc((size_t)n + 1)))
		return -1;
	return __vsnprintf(*p, (size_t)n + 1, fmt, ap);
}

static struct tm *own_localtime_r(const time_t *t, struct tm *tm)
{
	/* without glibc's localtime.o (see above): UTC, not a crash */
	return __localtime_r ? __localtime_r(t, tm) : __gmtime_r(t, tm);
}

static struct tm *own_localtime(const time_t *t)
{
	static struct tm tm;

	return own_localtime_r(t, &tm);
}

static struct tm *own_gmtime(const time_t *t)
{
	static struct tm tm;

	return __gmtime_r(t, &tm);
}

/* The thread's locale; the global one is a marker that __strftime_l
 * cannot take, so a copy of it is made once (a later setlocale is not
 * seen by static executables' strftime). */
static size_t own_strftime(char *s, size_t n, const char *fmt, const struct tm *tm)
{
	static locale_t global;
	locale_t loc = uselocale((locale_t)0);

	if (loc == LC_GLOBAL_LOCALE) {
		if (!global)
			global = duplocale(LC_GLOBAL_LOCALE);
		if (!(loc = global))
			return 0;
	}
	return __strftime_l(s, n, fmt, tm, loc);
}

/* ---- the C library's versions, once known ----------------------------- */

static int (*real_vsscanf)(const char *, const char *, va_list) = __vsscanf;
static int (*real_isoc99_vsscanf)(const char *, const char *, va_list) = __vsscanf;
static int (*real_vfscanf)(FILE *, const char *, va_list) = __vfscanf;
static int (*real_isoc99_vfscanf)(FILE *, const char *, va_list) = __vfscanf;
static int (*real_vsnprintf)(char *, size_t, const char *, va_list) = __vsnprintf;
static int (*real_vsprintf)(char *, const char *, va_list) = _IO_vsprintf;
static int (*real___vsnprintf_chk)(char *, size_t, int, size_t, const char *, va_list) =
	own_vsnprintf_chk;
static int (*real___vsprintf_chk)(char *, int, size_t, const char *, va_list) =
	own_vsprintf_chk;
static int (*real_vasprintf)(char **, const char *, va_list) = own_vasprintf;
static struct tm *(*real_localtime)(const time_t *) = own_localtime;
static struct tm *(*real_localtime_r)(const time_t *, struct tm *) = own_localtime_r;
static struct tm *(*real_gmtime)(const time_t *) = own_gmtime;
static struct tm *(*real_gmtime_r)(const time_t *, struct tm *) = __gmtime_r;
static size_t (*real_strftime)(char *, size_t, const char *, const struct tm *) = own_strftime;

void port_kmsan_libc_stdio_init(void)
{
	FIND_REAL(vsscanf);
	FIND_REAL_AS(isoc99_vsscanf, "__isoc99_vsscanf");
	FIND_REAL(vfscanf);
	FIND_REAL_AS(isoc99_vfscanf, "__isoc99_vfscanf");
	FIND_REAL(vsnprintf);
	FIND_REAL(vsprintf);
	FIND_REAL(__vsnprintf_chk);
	FIND_REAL(__vsprintf_chk);
	FIND_REAL(vasprintf);
	FIND_REAL(localtime);
	FIND_REAL(localtime_r);
	FIND_REAL(gmtime);
	FIND_REAL(gmtime_r);
	FIND_REAL(strftime);
}

/* ---- scanf family --------------------------------------------------------- */

/* One destination the call stored: its bytes, and for %ms, %m[ and %mc
 * the buffer the library allocated (ksan's malloc: poisoned) and filled,
 * sized to what it holds (%mc has no NUL to measure by). */
static int mark_store(void *ctx, void *dst, size_t size, int alloc)
{
	kmsan_wrote(dst, size);
	if (alloc && *(void **)dst) {
		size_t n = kmsan_usable_size(*(void **)dst);

		if (n != (size_t)-1)
			kmsan_wrote(*(void **)dst, n);
	}
	return 1;
}

/* After a call that returned r with arguments aq (not consumed). */
static void scanned(const char *fmt, va_list aq, int r, int gnu, FILE *f)
{
	if (unlikely(!kmsan_ready))
		return;
	if (r == EOF)
		kmsan_wrote_errno();
	scanf_each_store(fmt, aq, r, gnu, mark_store, NULL);
	kmsan_wrote_file_buffer(f);
}

/* One interceptor: a va_list form (call) and its ... form (dots). */
#define SCANF_V(name, gnu, f, call, ...)					\
	PORT_INTERCEPTOR int name(__VA_ARGS__, const char *fmt, va_list ap)	\
	{									\
		va_list aq;							\
		int r;								\
										\
		va_copy(aq, ap);						\
		r = call;							\
		scanned(fmt, aq, r, gnu, f);					\
		va_end(aq);							\
		return r;							\
	}
#define SCANF_DOTS(name, vname, ...)						\
	PORT_INTERCEPTOR int name(__VA_ARGS__, const char *fmt, ...)		\
	{									\
		va_list ap;							\
		int r;								\
										\
		va_start(ap, fmt);						\
		r = vname;							\
		va_end(ap);							\
		return r;							\
	}

/* <stdio.h> names __isoc99_sscanf "sscanf" (and so on) in C99 mode: the
 * plain (GNU) ones need other C names. */
int kmsan_vsscanf(const char *s, const char *fmt, va_list ap) __asm__("vsscanf");
int kmsan_sscanf(const char *s, const char *fmt, ...) __asm__("sscanf");
int kmsan_vfscanf(FILE *f, const char *fmt, va_list ap) __asm__("vfscanf");
int kmsan_fscanf(FILE *f, const char *fmt, ...) __asm__("fscanf");
int kmsan_vscanf(const char *fmt, va_list ap) __asm__("vscanf");
int kmsan_scanf(const char *fmt, ...) __asm__("scanf");

SCANF_V(kmsan_vsscanf, 1, NULL, real_vsscanf(s, fmt, ap), const char *s)
SCANF_V(__isoc99_vsscanf, 0, NULL, real_isoc99_vsscanf(s, fmt, ap), const char *s)
SCANF_V(kmsan_vfscanf, 1, f, real_vfscanf(f, fmt, ap), FILE *f)
SCANF_V(__isoc99_vfscanf, 0, f, real_isoc99_vfscanf(f, fmt, ap), FILE *f)

PORT_INTERCEPTOR int kmsan_vscanf(const char *fmt, va_list ap)
{
	return kmsan_vfscanf(stdin, fmt, ap);
}

PORT_INTERCEPTOR int __isoc99_vscanf(const char *fmt, va_list ap)
{
	return __isoc99_vfscanf(stdin, fmt, ap);
}

SCANF_DOTS(kmsan_sscanf, kmsan_vsscanf(s, fmt, ap), const char *s)
SCANF_DOTS(__isoc99_sscanf, __isoc99_vsscanf(s, fmt, ap), const char *s)
SCANF_DOTS(kmsan_fscanf, kmsan_vfscanf(f, fmt, ap), FILE *f)
SCANF_DOTS(__isoc99_fscanf, __isoc99_vfscanf(f, fmt, ap), FILE *f)

PORT_INTERCEPTOR int kmsan_scanf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = kmsan_vfscanf(stdin, fmt, ap);
	va_end(ap);
	return r;
}

PORT_INTERCEPTOR int __isoc99_scanf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = __isoc99_vfscanf(stdin, fmt, ap);
	va_end(ap);
	return r;
}

/* ---- printf family into memory -------------------------------------------- */

/* A call that formatted r bytes into s of size n (n == (size_t)-1:
 * unbounded, sprintf): min(r, n-1) bytes and the NUL were stored. */
static int printed(char *s, size_t n, int r)
{
	if (r < 0) {
		kmsan_wrote_errno();
		return r;
	}
	if (n)
		kmsan_wrote(s, ((size_t)r < n - 1 ? (size_t)r : n - 1) + 1);
	return r;
}

PORT_INTERCEPTOR int vsnprintf(char *s, size_t n, const char *fmt, va_list ap)
{
	return printed(s, n, real_vsnprintf(s, n, fmt, ap));
}

PORT_INTERCEPTOR int snprintf(char *s, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = printed(s, n, real_vsnprintf(s, n, fmt, ap));
	va_end(ap);
	return r;
}

PORT_INTERCEPTOR int vsprintf(char *s, const char *fmt, va_list ap)
{
	return printed(s, (size_t)-1, real_vsprintf(s, fmt, ap));
}

PORT_INTERCEPTOR int sprintf(char *s, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = printed(s, (size_t)-1, real_vsprintf(s, fmt, ap));
	va_end(ap);
	return r;
}

PORT_INTERCEPTOR int __vsnprintf_chk(char *s, size_t n, int flag, size_t slen,
				     const char *fmt, va_list ap)
{
	return printed(s, n, real___vsnprintf_chk(s, n, flag, slen, fmt, ap));
}

PORT_INTERCEPTOR int __snprintf_chk(char *s, size_t n, int flag, size_t slen,
				    const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = printed(s, n, real___vsnprintf_chk(s, n, flag, slen, fmt, ap));
	va_end(ap);
	return r;
}

PORT_INTERCEPTOR int __vsprintf_chk(char *s, int flag, size_t slen, const char *fmt,
				    va_list ap)
{
	return printed(s, (size_t)-1, real___vsprintf_chk(s, flag, slen, fmt, ap));
}

PORT_INTERCEPTOR int __sprintf_chk(char *s, int flag, size_t slen, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = printed(s, (size_t)-1, real___vsprintf_chk(s, flag, slen, fmt, ap));
	va_end(ap);
	return r;
}

/* The buffer comes from the library's malloc (ksan's: poisoned). */
PORT_INTERCEPTOR int vasprintf(char **p, const char *fmt, va_list ap)
{
	int r = real_vasprintf(p, fmt, ap);

	if (r >= 0) {
		kmsan_wrote(p, sizeof(*p));
		kmsan_wrote(*p, (size_t)r + 1);
	} else {
		kmsan_wrote_errno();
	}
	return r;
}

PORT_INTERCEPTOR int asprintf(char **p, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vasprintf(p, fmt, ap);
	va_end(ap);
	return r;
}

/* ---- time conversions ------------------------------------------------------ */

/* A struct tm the library filled; tm_zone points at a time-zone name the
 * library built with ksan's malloc (tzset), read by the program. */
static struct tm *converted(struct tm *tm)
{
	if (!tm) {
		kmsan_wrote_errno();
		return tm;
	}
	kmsan_wrote(tm, sizeof(*tm));
	kmsan_wrote_str(tm->tm_zone);
	return tm;
}

PORT_INTERCEPTOR struct tm *localtime(const time_t *t)
{
	return converted(real_localtime(t));
}

PORT_INTERCEPTOR struct tm *localtime_r(const time_t *t, struct tm *tm)
{
	return converted(real_localtime_r(t, tm));
}

PORT_INTERCEPTOR struct tm *gmtime(const time_t *t)
{
	return converted(real_gmtime(t));
}

PORT_INTERCEPTOR struct tm *gmtime_r(const time_t *t, struct tm *tm)
{
	return converted(real_gmtime_r(t, tm));
}

PORT_INTERCEPTOR size_t strftime(char *s, size_t n, const char *fmt, const struct tm *tm)
{
	size_t r = real_strftime(s, n, fmt, tm);

	if (r)
		kmsan_wrote(s, r + 1);
	return r;
}
