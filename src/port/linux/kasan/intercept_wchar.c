/*
 * This file contains the checked wide-character functions of <wchar.h>
 * (wcslen ... wmemcmp, swprintf, vswprintf), which ASan does not check.
 * The rules are intercept_str.c's, in units of wchar_t: the ranges the
 * standard says are read and written, measured before the call, reads
 * checked before writes, at most one report per call; after a report a
 * function that writes is not performed, one that only reads still is.
 *
 * swprintf and vswprintf cannot measure their output without writing it
 * (vswprintf has no (NULL, 0) mode and returns -1 when the output does not
 * fit), so they check the whole destination the caller declares, n wide
 * characters, as the kernel checks a copy_to_user.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <wchar.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "string_ops.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the plain loops must not become calls to (checked) memset/memcpy */
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif

#define W sizeof(wchar_t)

/* ---- ksan's own versions: static executables and early calls --------- */

static size_t own_wcslen(const wchar_t *s) { return str_len(s, W); }
static size_t own_wcsnlen(const wchar_t *s, size_t max) { return str_nlen(s, max, W); }
static wchar_t *own_wcscpy(wchar_t *d, const wchar_t *s) { str_copy(d, s, W); return d; }
static wchar_t *own_wcsncpy(wchar_t *d, const wchar_t *s, size_t n)
{ return str_ncopy(d, s, n, W); }
static wchar_t *own_wcscat(wchar_t *d, const wchar_t *s) { return str_ncat(d, s, (size_t)-1, W); }
static wchar_t *own_wcsncat(wchar_t *d, const wchar_t *s, size_t n) { return str_ncat(d, s, n, W); }
static wchar_t *own_wcschr(const wchar_t *s, wchar_t c) { return str_chr(s, (uint32_t)c, 0, W); }
static wchar_t *own_wcsrchr(const wchar_t *s, wchar_t c) { return str_chr(s, (uint32_t)c, 1, W); }
static wchar_t *own_wcsstr(const wchar_t *h, const wchar_t *n) { return str_str(h, n, W); }

static int own_wmemcmp(const wchar_t *a, const wchar_t *b, size_t n)
{
	for (; n; n--, a++, b++)
		if (*a != *b)
			return *a < *b ? -1 : 1;
	return 0;
}

static wchar_t *own_wmemcpy(wchar_t *d, const wchar_t *s, size_t n)
{
	real_memcpy(d, s, n * W);
	return d;
}

static wchar_t *own_wmemmove(wchar_t *d, const wchar_t *s, size_t n)
{
	real_memmove(d, s, n * W);
	return d;
}

static wchar_t *own_wmemset(wchar_t *d, wchar_t c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		d[i] = c;
	return d;
}

static int own_vswprintf(wchar_t *s, size_t n, const wchar_t *fmt, va_list ap)
{
	return port_libc_vswprintf(s, n, fmt, ap);
}

/* ---- the C library's versions, once known ----------------------------- */

static size_t (*real_wcslen)(const wchar_t *) = own_wcslen;
static size_t (*real_wcsnlen)(const wchar_t *, size_t) = own_wcsnlen;
static wchar_t *(*real_wcscpy)(wchar_t *, const wchar_t *) = own_wcscpy;
static wchar_t *(*real_wcsncpy)(wchar_t *, const wchar_t *, size_t) = own_wcsncpy;
static wchar_t *(*real_wcscat)(wchar_t *, const wchar_t *) = own_wcscat;
static wchar_t *(*real_wcsncat)(wchar_t *, const wchar_t *, size_t) = own_wcsncat;
static wchar_t *(*real_wcschr)(const wchar_t *, wchar_t) = own_wcschr;
static wchar_t *(*real_wcsrchr)(const wchar_t *, wchar_t) = own_wcsrchr;
static wchar_t *(*real_wcsstr)(const wchar_t *, const wchar_t *) = own_wcsstr;
static wchar_t *(*real_wmemcpy)(wchar_t *, const wchar_t *, size_t) = own_wmemcpy;
static wchar_t *(*real_wmemmove)(wchar_t *, const wchar_t *, size_t) = own_wmemmove;
static wchar_t *(*real_wmemset)(wchar_t *, wchar_t, size_t) = own_wmemset;
static int (*real_wmemcmp)(const wchar_t *, const wchar_t *, size_t) = own_wmemcmp;
static int (*real_vswprintf)(wchar_t *, size_t, const wchar_t *, va_list) = own_vswprintf;

void port_intercept_wchar_init(void)
{
	FIND_REAL(wcslen);
	FIND_REAL(wcsnlen);
	FIND_REAL(wcscpy);
	FIND_REAL(wcsncpy);
	FIND_REAL(wcscat);
	FIND_REAL(wcsncat);
	FIND_REAL(wcschr);
	FIND_REAL(wcsrchr);
	FIND_REAL(wcsstr);
	FIND_REAL(wmemcpy);
	FIND_REAL(wmemmove);
	FIND_REAL(wmemset);
	FIND_REAL(wmemcmp);
	FIND_REAL(vswprintf);
}

/* Checks in wide characters. */
#define READ(p, n) port_check(&cl, (p), (n) * W, KSAN_READ)
#define WRITE(p, n) port_check(&cl, (p), (n) * W, KSAN_WRITE)

/* string_ops.h's measure: the C library's wcsnlen, or wcslen (no max) */
static size_t measure(const void *s, size_t max)
{
	return max == STR_NO_MAX ? real_wcslen(s) : real_wcsnlen(s, max);
}

/* ---- read-only: checked, then always performed ------------------------- */

PORT_INTERCEPTOR size_t wcslen(const wchar_t *s)
{
	PORT_CALLER(cl, wcslen);

	return str_len_checked(&cl, s, STR_NO_MAX, W, measure);
}

PORT_INTERCEPTOR size_t wcsnlen(const wchar_t *s, size_t max)
{
	PORT_CALLER(cl, wcsnlen);

	return str_len_checked(&cl, s, max, W, measure);
}

PORT_INTERCEPTOR int wcscmp(const wchar_t *a, const wchar_t *b)
{
	PORT_CALLER(cl, wcscmp);
	size_t i = 0;

	while (a[i] && a[i] == b[i])
		i++;
	if (likely(kasan_ready))
		(void)(READ(a, i + 1) && READ(b, i + 1));
	return a[i] == b[i] ? 0 : a[i] < b[i] ? -1 : 1;
}

PORT_INTERCEPTOR int wcsncmp(const wchar_t *a, const wchar_t *b, size_t n)
{
	PORT_CALLER(cl, wcsncmp);
	size_t i = 0;

	if (!n)
		return 0;
	while (i < n - 1 && a[i] && a[i] == b[i])
		i++;
	if (likely(kasan_ready))
		(void)(READ(a, i + 1) && READ(b, i + 1));
	return a[i] == b[i] ? 0 : a[i] < b[i] ? -1 : 1;
}

PORT_INTERCEPTOR wchar_t *wcschr(const wchar_t *s, wchar_t c)
{
	PORT_CALLER(cl, wcschr);
	wchar_t *r = real_wcschr(s, c);

	str_chr_checked(&cl, s, r, 0, W, measure);
	return r;
}

PORT_INTERCEPTOR wchar_t *wcsrchr(const wchar_t *s, wchar_t c)
{
	PORT_CALLER(cl, wcsrchr);
	wchar_t *r = real_wcsrchr(s, c);

	str_chr_checked(&cl, s, r, 1, W, measure);
	return r;
}

static wchar_t *checked_wcsstr(const struct kasan_caller *cl, const wchar_t *h,
			       const wchar_t *n)
{
	wchar_t *r = real_wcsstr(h, n);

	str_str_checked(cl, h, n, r, W, measure);
	return r;
}

PORT_INTERCEPTOR wchar_t *wcsstr(const wchar_t *h, const wchar_t *n)
{
	PORT_CALLER(cl, wcsstr);

	return checked_wcsstr(&cl, h, n);
}

/* The old name: in a static link, a call of wcswcs() would otherwise bring
 * in libc.a's wcsstr.o, whose wcsstr clashes with ours. */
PORT_INTERCEPTOR wchar_t *wcswcs(const wchar_t *h, const wchar_t *n)
{
	PORT_CALLER(cl, wcswcs);

	return checked_wcsstr(&cl, h, n);
}

PORT_INTERCEPTOR int wmemcmp(const wchar_t *a, const wchar_t *b, size_t n)
{
	PORT_CALLER(cl, wmemcmp);

	if (likely(kasan_ready) && n)
		(void)(READ(a, n) && READ(b, n));
	return real_wmemcmp(a, b, n);
}

/* ---- writers: not performed after a report ---------------------------- */

PORT_INTERCEPTOR wchar_t *wcscpy(wchar_t *d, const wchar_t *s)
{
	PORT_CALLER(cl, wcscpy);

	return str_copy_checked(&cl, "wcscpy", d, s, STR_NO_MAX, W, measure) ?
	       real_wcscpy(d, s) : d;
}

PORT_INTERCEPTOR wchar_t *wcsncpy(wchar_t *d, const wchar_t *s, size_t n)
{
	PORT_CALLER(cl, wcsncpy);

	return str_copy_checked(&cl, "wcsncpy", d, s, n, W, measure) ? real_wcsncpy(d, s, n) : d;
}

PORT_INTERCEPTOR wchar_t *wcscat(wchar_t *d, const wchar_t *s)
{
	PORT_CALLER(cl, wcscat);

	return str_cat_checked(&cl, "wcscat", d, s, STR_NO_MAX, W, measure) ? real_wcscat(d, s) : d;
}

PORT_INTERCEPTOR wchar_t *wcsncat(wchar_t *d, const wchar_t *s, size_t n)
{
	PORT_CALLER(cl, wcsncat);

	return str_cat_checked(&cl, "wcsncat", d, s, n, W, measure) ? real_wcsncat(d, s, n) : d;
}

PORT_INTERCEPTOR wchar_t *wmemcpy(wchar_t *d, const wchar_t *s, size_t n)
{
	PORT_CALLER(cl, wmemcpy);

	if (likely(kasan_ready) && n &&
	    (!READ(s, n) || !WRITE(d, n) ||
	     (d != s && port_overlap(&cl, "wmemcpy", d, n * W, s, n * W))))
		return d;
	return real_wmemcpy(d, s, n);
}

PORT_INTERCEPTOR wchar_t *wmemmove(wchar_t *d, const wchar_t *s, size_t n)
{
	PORT_CALLER(cl, wmemmove);

	if (likely(kasan_ready) && n && (!READ(s, n) || !WRITE(d, n)))
		return d;
	return real_wmemmove(d, s, n);
}

PORT_INTERCEPTOR wchar_t *wmemset(wchar_t *d, wchar_t c, size_t n)
{
	PORT_CALLER(cl, wmemset);

	if (likely(kasan_ready) && n && !WRITE(d, n))
		return d;
	return real_wmemset(d, c, n);
}

/* The declared destination, n wide characters (see the file comment); on a
 * bad one nothing is written and -1 returned, as for output that does not
 * fit. */
static int checked_vswprintf(const struct kasan_caller *c, wchar_t *s, size_t n,
			     const wchar_t *fmt, va_list ap)
{
	const struct kasan_caller cl = *c;

	if (likely(kasan_ready) && n && !WRITE(s, n))
		return -1;
	return real_vswprintf(s, n, fmt, ap);
}

PORT_INTERCEPTOR int vswprintf(wchar_t *s, size_t n, const wchar_t *fmt, va_list ap)
{
	PORT_CALLER(cl, vswprintf);

	return checked_vswprintf(&cl, s, n, fmt, ap);
}

PORT_INTERCEPTOR int swprintf(wchar_t *s, size_t n, const wchar_t *fmt, ...)
{
	PORT_CALLER(cl, swprintf);
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = checked_vswprintf(&cl, s, n, fmt, ap);
	va_end(ap);
	return r;
}
