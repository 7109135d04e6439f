/*
 * This file contains the checked output functions of <stdio.h> and
 * <wchar.h>: puts, fputs, fputs_unlocked, fwrite_unlocked, fputws,
 * fputws_unlocked, and the printf and wprintf families with their
 * _FORTIFY_SOURCE (__*_chk) entry points.  The rules are intercept_str.c's;
 * what each function is known to touch:
 *
 * - Output reads memory: the string of puts/fputs (strlen+1 bytes), the
 *   format (read whole) and every %s argument of a printf (strlen+1 bytes,
 *   or with a precision min(strnlen(s, prec)+1, prec): "%.3s" of three
 *   unterminated bytes reads three), %ls and %S likewise in wide
 *   characters (a precision counts output bytes, and each wide character
 *   makes at least one: at most prec are read).  A NULL %s prints "(null)"
 *   in glibc and is not checked.  %n's destination is a write of its type's
 *   size.  Positional arguments (%1$s) end the walk.  This is what ASan's
 *   printf interceptors check; GCC turns printf("%s\n", s) into puts(s) and
 *   fprintf(f, "%s", s) into fputs(s, f), so both must be checked.
 * - Output to a stream or descriptor after a report is not performed (as
 *   write() in intercept_io.c: printing out-of-bounds bytes is the leak):
 *   -1 or EOF with errno EFAULT.
 * - snprintf/vsnprintf write min(len+1, size) bytes and sprintf/vsprintf
 *   len+1, len being the formatted length.  When the whole declared buffer
 *   is addressable (the common case) there is nothing more to know; else
 *   the length is measured first with vsnprintf(NULL, 0, ...) and exactly
 *   the bytes the call would write are checked, before it, after the reads.
 *   After a report nothing is written and -1 returned.
 *
 * Dynamic executables call the C library's functions (dlsym(RTLD_NEXT)).
 * Static ones cannot reach glibc's vfprintf, fputws and the __*_chk
 * functions under another name (their objects define the intercepted names
 * strongly too), so there ksan formats with the C library's vsnprintf (or
 * vswprintf) into memory and writes the result with its fwrite (or
 * fputwc_unlocked), all reached through libc.c; the __*_chk forms then
 * behave as the plain ones.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "printf_reads.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define W sizeof(wchar_t)

/* ---- ksan's own versions: static executables and early calls --------- */

static int own_vsnprintf(char *s, size_t n, const char *fmt, va_list ap)
{
	return port_libc_vsnprintf(s, n, fmt, ap);
}

static int own_vsprintf(char *s, const char *fmt, va_list ap)
{
	return port_libc_vsprintf(s, fmt, ap);
}

static int own___vsnprintf_chk(char *s, size_t n, int flag, size_t slen, const char *fmt,
			       va_list ap)
{
	(void)flag;
	(void)slen;
	return port_libc_vsnprintf(s, n, fmt, ap);
}

static int own___vsprintf_chk(char *s, int flag, size_t slen, const char *fmt, va_list ap)
{
	(void)flag;
	(void)slen;
	return port_libc_vsprintf(s, fmt, ap);
}

/* The output of fmt in a new buffer, its length in *len; NULL on error. */
static char *format_alloc(const char *fmt, va_list ap, int *len)
{
	va_list aq;
	char *b;
	int n;

	va_copy(aq, ap);
	n = port_libc_vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0 || !(b = malloc((size_t)n + 1)))
		return NULL;
	*len = port_libc_vsnprintf(b, (size_t)n + 1, fmt, ap);
	return b;
}

static int own_vfprintf(FILE *f, const char *fmt, va_list ap)
{
	int n = -1;
	char *b = format_alloc(fmt, ap, &n);

	if (!b)
		return -1;
	if (port_libc_fwrite(b, 1, (size_t)n, f) != (size_t)n)
		n = -1;
	free(b);
	return n;
}

static int own___vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	return own_vfprintf(f, fmt, ap);
}

static int own_vdprintf(int fd, const char *fmt, va_list ap)
{
	int n = -1, done = 0;
	char *b = format_alloc(fmt, ap, &n);

	if (!b)
		return -1;
	while (done < n) {
		ssize_t w = port_sys_write(fd, b + done, (size_t)(n - done));

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			n = -1;
			break;
		}
		done += (int)w;
	}
	free(b);
	return n;
}

static int own___vdprintf_chk(int fd, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	return own_vdprintf(fd, fmt, ap);
}

static int own_vasprintf(char **p, const char *fmt, va_list ap)
{
	int n = -1;
	char *b = format_alloc(fmt, ap, &n);

	if (!b)
		return -1;
	*p = b;
	return n;
}

static int own___vasprintf_chk(char **p, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	return own_vasprintf(p, fmt, ap);
}

static int own_fputs(const char *s, FILE *f)
{
	return port_libc_fputs(s, f);
}

static size_t own_fwrite_unlocked(const void *p, size_t size, size_t n, FILE *f)
{
	return port_libc_fwrite(p, size, n, f);
}

static int put_wide(const wchar_t *s, size_t n, FILE *f)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (fputwc_unlocked(s[i], f) == WEOF)
			return -1;
	return 0;
}

static int own_fputws_unlocked(const wchar_t *s, FILE *f)
{
	size_t n = 0;

	while (s[n])
		n++;
	return put_wide(s, n, f);
}

static int own_fputws(const wchar_t *s, FILE *f)
{
	int r;

	flockfile(f);
	r = own_fputws_unlocked(s, f);
	funlockfile(f);
	return r;
}

static int own_vfwprintf(FILE *f, const wchar_t *fmt, va_list ap)
{
	size_t cap = 256;
	int n = -1;

	while (cap <= (1u << 24)) {
		wchar_t *b = malloc(cap * W);
		va_list aq;

		if (!b)
			return -1;
		va_copy(aq, ap);
		n = port_libc_vswprintf(b, cap, fmt, aq);
		va_end(aq);
		if (n >= 0) {
			flockfile(f);
			if (put_wide(b, (size_t)n, f))
				n = -1;
			funlockfile(f);
			free(b);
			return n;
		}
		free(b);
		cap *= 4;
	}
	return -1;
}

static int own___vfwprintf_chk(FILE *f, int flag, const wchar_t *fmt, va_list ap)
{
	(void)flag;
	return own_vfwprintf(f, fmt, ap);
}

/* ---- the C library's versions, once known ----------------------------- */

static int (*real_vsnprintf)(char *, size_t, const char *, va_list) = own_vsnprintf;
static int (*real_vsprintf)(char *, const char *, va_list) = own_vsprintf;
static int (*real___vsnprintf_chk)(char *, size_t, int, size_t, const char *, va_list) =
	own___vsnprintf_chk;
static int (*real___vsprintf_chk)(char *, int, size_t, const char *, va_list) =
	own___vsprintf_chk;
static int (*real_vfprintf)(FILE *, const char *, va_list) = own_vfprintf;
static int (*real___vfprintf_chk)(FILE *, int, const char *, va_list) = own___vfprintf_chk;
static int (*real_vdprintf)(int, const char *, va_list) = own_vdprintf;
static int (*real___vdprintf_chk)(int, int, const char *, va_list) = own___vdprintf_chk;
static int (*real_vasprintf)(char **, const char *, va_list) = own_vasprintf;
static int (*real___vasprintf_chk)(char **, int, const char *, va_list) = own___vasprintf_chk;
static int (*real_puts)(const char *) = port_libc_puts;
static int (*real_fputs)(const char *, FILE *) = own_fputs;
static int (*real_fputs_unlocked)(const char *, FILE *) = own_fputs;
static size_t (*real_fwrite_unlocked)(const void *, size_t, size_t, FILE *) =
	own_fwrite_unlocked;
static int (*real_fputws)(const wchar_t *, FILE *) = own_fputws;
static int (*real_fputws_unlocked)(const wchar_t *, FILE *) = own_fputws_unlocked;
static int (*real_vfwprintf)(FILE *, const wchar_t *, va_list) = own_vfwprintf;
static int (*real___vfwprintf_chk)(FILE *, int, const wchar_t *, va_list) =
	own___vfwprintf_chk;

void port_intercept_stdio_init(void)
{
	FIND_REAL(vsnprintf);
	FIND_REAL(vsprintf);
	FIND_REAL(__vsnprintf_chk);
	FIND_REAL(__vsprintf_chk);
	FIND_REAL(vfprintf);
	FIND_REAL(__vfprintf_chk);
	FIND_REAL(vdprintf);
	FIND_REAL(__vdprintf_chk);
	FIND_REAL(vasprintf);
	FIND_REAL(__vasprintf_chk);
	FIND_REAL(puts);
	FIND_REAL(fputs);
	FIND_REAL(fputs_unlocked);
	FIND_REAL(fwrite_unlocked);
	FIND_REAL(fputws);
	FIND_REAL(fputws_unlocked);
	FIND_REAL(vfwprintf);
	FIND_REAL(__vfwprintf_chk);
}

#define READ(p, n) port_check(&cl, (p), (n), KSAN_READ)
#define WRITE(p, n) port_check(&cl, (p), (n), KSAN_WRITE)
#define FAULT() (errno = EFAULT, -1)

/* size == (size_t)-1: sprintf, no bound.  Returns 0 after a report. */
static int check_printf(const struct kasan_caller *c, char *d, size_t size,
			const char *fmt, va_list ap)
{
	const struct kasan_caller cl = *c;
	va_list aq;
	int len;

	if (!port_printf_format(c, fmt, ap))
		return 0;
	/* a whole buffer that is addressable needs no measuring (not scanned
	 * past 1 MiB: a size larger than the buffer is common) */
	if (!size || (size != (size_t)-1 && size <= (1ul << 20) &&
		      port_range_clean((uintptr_t)d, size)))
		return 1;
	va_copy(aq, ap);
	len = real_vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	return len < 0 || WRITE(d, MIN((size_t)len + 1, size));
}

/* ---- strings ----------------------------------------------------------- */

PORT_INTERCEPTOR int puts(const char *s)
{
	PORT_CALLER(cl, puts);

	if (likely(kasan_ready) && !port_printf_string(&cl, s, -1, 0))
		return FAULT();
	return real_puts(s);
}

/* Makes fputs, fputs_unlocked, fputws and fputws_unlocked: the string
 * checked as printf's %s (wide 0) or %ls (wide 1) reads it, then the C
 * library's call (real_<name>). */
#define PUT_STRING(name, type, wide)					\
PORT_INTERCEPTOR int name(const type *s, FILE *f)			\
{									\
	PORT_CALLER(cl, name);						\
									\
	if (likely(kasan_ready) && !port_printf_string(&cl, s, -1, wide)) \
		return FAULT();						\
	return real_##name(s, f);					\
}
PUT_STRING(fputs, char, 0)
PUT_STRING(fputs_unlocked, char, 0)
PUT_STRING(fputws, wchar_t, 1)
PUT_STRING(fputws_unlocked, wchar_t, 1)

#undef fwrite_unlocked	/* <stdio.h>'s macro when optimising */
PORT_INTERCEPTOR size_t fwrite_unlocked(const void *p, size_t size, size_t n, FILE *f)
{
	PORT_CALLER(cl, fwrite_unlocked);

	if (likely(kasan_ready) && size && n && !READ(p, size * n)) {
		errno = EFAULT;
		return 0;
	}
	return real_fwrite_unlocked(p, size, n, f);
}

/* ---- printf family: to streams and descriptors ------------------------- */

/*
 * OUTPUT(name, check, call, params...): an interceptor that checks, then
 * makes the call, or fails with EFAULT after a report.  VA_OUTPUT: its
 * variadic form, with ap started after the format.
 */
#define OUTPUT(name, check, call, ...)					\
	PORT_INTERCEPTOR int name(__VA_ARGS__)				\
	{								\
		PORT_CALLER(cl, name);					\
									\
		if (likely(kasan_ready) && !(check))			\
			return FAULT();					\
		return call;						\
	}
#define VA_OUTPUT(name, check, call, ...)				\
	PORT_INTERCEPTOR int name(__VA_ARGS__, ...)			\
	{								\
		PORT_CALLER(cl, name);					\
		va_list ap;						\
		int r;							\
									\
		va_start(ap, fmt);					\
		r = likely(kasan_ready) && !(check) ? FAULT() : (call);	\
		va_end(ap);						\
		return r;						\
	}

VA_OUTPUT(printf, port_printf_format(&cl, fmt, ap), real_vfprintf(stdout, fmt, ap), const char *fmt)
/* <stdio.h> defines vprintf inline when optimising: another C name */
int ksan_vprintf(const char *fmt, va_list ap) __asm__("vprintf");
OUTPUT(ksan_vprintf, port_printf_format(&cl, fmt, ap), real_vfprintf(stdout, fmt, ap), const char *fmt,
       va_list ap)
VA_OUTPUT(fprintf, port_printf_format(&cl, fmt, ap), real_vfprintf(f, fmt, ap), FILE *f,
	  const char *fmt)
OUTPUT(vfprintf, port_printf_format(&cl, fmt, ap), real_vfprintf(f, fmt, ap), FILE *f, const char *fmt,
       va_list ap)
VA_OUTPUT(dprintf, port_printf_format(&cl, fmt, ap), real_vdprintf(fd, fmt, ap), int fd, const char *fmt)
OUTPUT(vdprintf, port_printf_format(&cl, fmt, ap), real_vdprintf(fd, fmt, ap), int fd, const char *fmt,
       va_list ap)
VA_OUTPUT(asprintf, WRITE(p, sizeof(*p)) && port_printf_format(&cl, fmt, ap),
	  real_vasprintf(p, fmt, ap), char **p, const char *fmt)
OUTPUT(vasprintf, WRITE(p, sizeof(*p)) && port_printf_format(&cl, fmt, ap), real_vasprintf(p, fmt, ap),
       char **p, const char *fmt, va_list ap)

VA_OUTPUT(__printf_chk, port_printf_format(&cl, fmt, ap), real___vfprintf_chk(stdout, flag, fmt, ap),
	  int flag, const char *fmt)
OUTPUT(__vprintf_chk, port_printf_format(&cl, fmt, ap), real___vfprintf_chk(stdout, flag, fmt, ap),
       int flag, const char *fmt, va_list ap)
VA_OUTPUT(__fprintf_chk, port_printf_format(&cl, fmt, ap), real___vfprintf_chk(f, flag, fmt, ap),
	  FILE *f, int flag, const char *fmt)
OUTPUT(__vfprintf_chk, port_printf_format(&cl, fmt, ap), real___vfprintf_chk(f, flag, fmt, ap),
       FILE *f, int flag, const char *fmt, va_list ap)
VA_OUTPUT(__dprintf_chk, port_printf_format(&cl, fmt, ap), real___vdprintf_chk(fd, flag, fmt, ap),
	  int fd, int flag, const char *fmt)
OUTPUT(__vdprintf_chk, port_printf_format(&cl, fmt, ap), real___vdprintf_chk(fd, flag, fmt, ap),
       int fd, int flag, const char *fmt, va_list ap)
VA_OUTPUT(__asprintf_chk, WRITE(p, sizeof(*p)) && port_printf_format(&cl, fmt, ap),
	  real___vasprintf_chk(p, flag, fmt, ap), char **p, int flag, const char *fmt)
OUTPUT(__vasprintf_chk, WRITE(p, sizeof(*p)) && port_printf_format(&cl, fmt, ap),
       real___vasprintf_chk(p, flag, fmt, ap), char **p, int flag, const char *fmt, va_list ap)

/* ---- wprintf family ----------------------------------------------------- */

VA_OUTPUT(wprintf, port_printf_wformat_on(&cl, stdout, fmt, ap), real_vfwprintf(stdout, fmt, ap),
	  const wchar_t *fmt)
OUTPUT(vwprintf, port_printf_wformat_on(&cl, stdout, fmt, ap), real_vfwprintf(stdout, fmt, ap), const wchar_t *fmt,
       va_list ap)
VA_OUTPUT(fwprintf, port_printf_wformat_on(&cl, f, fmt, ap), real_vfwprintf(f, fmt, ap), FILE *f,
	  const wchar_t *fmt)
OUTPUT(vfwprintf, port_printf_wformat_on(&cl, f, fmt, ap), real_vfwprintf(f, fmt, ap), FILE *f,
       const wchar_t *fmt, va_list ap)
VA_OUTPUT(__wprintf_chk, port_printf_wformat_on(&cl, stdout, fmt, ap), real___vfwprintf_chk(stdout, flag, fmt, ap),
	  int flag, const wchar_t *fmt)
OUTPUT(__vwprintf_chk, port_printf_wformat_on(&cl, stdout, fmt, ap), real___vfwprintf_chk(stdout, flag, fmt, ap),
       int flag, const wchar_t *fmt, va_list ap)
VA_OUTPUT(__fwprintf_chk, port_printf_wformat_on(&cl, f, fmt, ap), real___vfwprintf_chk(f, flag, fmt, ap),
	  FILE *f, int flag, const wchar_t *fmt)
OUTPUT(__vfwprintf_chk, port_printf_wformat_on(&cl, f, fmt, ap), real___vfwprintf_chk(f, flag, fmt, ap),
       FILE *f, int flag, const wchar_t *fmt, va_list ap)

/* ---- printf family: into memory ---------------------------------------- */

/*
 * MEMORY(name, size, call, params...): the snprintf/sprintf forms: reads,
 * then the bytes written (size (size_t)-1: no bound); -1 after a report,
 * nothing written.
 */
#define MEMORY(name, size, call, ...)					\
	PORT_INTERCEPTOR int name(__VA_ARGS__)				\
	{								\
		PORT_CALLER(cl, name);					\
									\
		if (likely(kasan_ready) && !check_printf(&cl, d, size, fmt, ap)) \
			return -1;					\
		return call;						\
	}
#define VA_MEMORY(name, size, call, ...)				\
	PORT_INTERCEPTOR int name(__VA_ARGS__, ...)			\
	{								\
		PORT_CALLER(cl, name);					\
		va_list ap;						\
		int r = -1;						\
									\
		va_start(ap, fmt);					\
		if (unlikely(!kasan_ready) || check_printf(&cl, d, size, fmt, ap)) \
			r = call;					\
		va_end(ap);						\
		return r;						\
	}

MEMORY(vsnprintf, size, real_vsnprintf(d, size, fmt, ap), char *d, size_t size,
       const char *fmt, va_list ap)
VA_MEMORY(snprintf, size, real_vsnprintf(d, size, fmt, ap), char *d, size_t size,
	  const char *fmt)
MEMORY(vsprintf, (size_t)-1, real_vsprintf(d, fmt, ap), char *d, const char *fmt, va_list ap)
VA_MEMORY(sprintf, (size_t)-1, real_vsprintf(d, fmt, ap), char *d, const char *fmt)
MEMORY(__vsnprintf_chk, size, real___vsnprintf_chk(d, size, flag, slen, fmt, ap), char *d,
       size_t size, int flag, size_t slen, const char *fmt, va_list ap)
VA_MEMORY(__snprintf_chk, size, real___vsnprintf_chk(d, size, flag, slen, fmt, ap), char *d,
	  size_t size, int flag, size_t slen, const char *fmt)
MEMORY(__vsprintf_chk, (size_t)-1, real___vsprintf_chk(d, flag, slen, fmt, ap), char *d,
       int flag, size_t slen, const char *fmt, va_list ap)
VA_MEMORY(__sprintf_chk, (size_t)-1, real___vsprintf_chk(d, flag, slen, fmt, ap), char *d,
	  int flag, size_t slen, const char *fmt)
