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

#if defined(__GNUC__) && !defined(__clang__)
/* the plain loops must not become calls to (checked) memset/memcpy */
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif

#define W sizeof(wchar_t)
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* ---- ksan's own versions: static executables and early calls --------- */

static size_t own_wcslen(const wchar_t *s)
{
	const wchar_t *p = s;

	while (*p)
		p++;
	return (size_t)(p - s);
}

static size_t own_wcsnlen(const wchar_t *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

static wchar_t *own_wcscpy(wchar_t *d, const wchar_t *s)
{
	wchar_t *r = d;

	while ((*d++ = *s++))
		;
	return r;
}

static wchar_t *own_wcsncpy(wchar_t *d, const wchar_t *s, size_t n)
{
	size_t i = 0;

	for (; i < n && s[i]; i++)
		d[i] = s[i];
	for (; i < n; i++)
		d[i] = 0;
	return d;
}

static wchar_t *own_wcscat(wchar_t *d, const wchar_t *s)
{
	own_wcscpy(d + own_wcslen(d), s);
	return d;
}

static wchar_t *own_wcsncat(wchar_t *d, const wchar_t *s, size_t n)
{
	wchar_t *e = d + own_wcslen(d);
	size_t i = 0;

	for (; i < n && s[i]; i++)
		e[i] = s[i];
	e[i] = 0;
	return d;
}

static wchar_t *own_wcschr(const wchar_t *s, wchar_t c)
{
	for (;; s++) {
		if (*s == c)
			return (wchar_t *)s;
		if (!*s)
			return 0;
	}
}

static wchar_t *own_wcsrchr(const wchar_t *s, wchar_t c)
{
	const wchar_t *last = 0;

	for (;; s++) {
		if (*s == c)
			last = s;
		if (!*s)
			return (wchar_t *)last;
	}
}

static int own_wmemcmp(const wchar_t *a, const wchar_t *b, size_t n)
{
	for (; n; n--, a++, b++)
		if (*a != *b)
			return *a < *b ? -1 : 1;
	return 0;
}

static wchar_t *own_wcsstr(const wchar_t *h, const wchar_t *n)
{
	size_t nl = own_wcslen(n);

	for (; *h; h++)
		if (!own_wmemcmp(h, n, nl))
			return (wchar_t *)h;
	return nl ? 0 : (wchar_t *)h;
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

/* ---- read-only: checked, then always performed ------------------------- */

PORT_INTERCEPTOR size_t wcslen(const wchar_t *s)
{
	PORT_CALLER(cl, wcslen);
	size_t n = real_wcslen(s);

	if (likely(kasan_ready))
		READ(s, n + 1);
	return n;
}

PORT_INTERCEPTOR size_t wcsnlen(const wchar_t *s, size_t max)
{
	PORT_CALLER(cl, wcsnlen);
	size_t n = real_wcsnlen(s, max);

	if (likely(kasan_ready))
		READ(s, MIN(n + 1, max));
	return n;
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

	if (likely(kasan_ready))
		READ(s, r ? (size_t)(r - s) + 1 : real_wcslen(s) + 1);
	return r;
}

PORT_INTERCEPTOR wchar_t *wcsrchr(const wchar_t *s, wchar_t c)
{
	PORT_CALLER(cl, wcsrchr);
	wchar_t *r = real_wcsrchr(s, c);

	if (likely(kasan_ready))
		READ(s, real_wcslen(s) + 1);
	return r;
}

static wchar_t *checked_wcsstr(const struct kasan_caller *c, const wchar_t *h,
			       const wchar_t *n)
{
	const struct kasan_caller cl = *c;
	wchar_t *r = real_wcsstr(h, n);

	if (likely(kasan_ready)) {
		size_t nl = real_wcslen(n);

		(void)(READ(h, r ? (size_t)(r - h) + nl : real_wcslen(h) + 1) &&
		       READ(n, nl + 1));
	}
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
	size_t n;

	if (unlikely(!kasan_ready))
		return real_wcscpy(d, s);
	n = real_wcslen(s) + 1;
	if (!READ(s, n) || !WRITE(d, n) || port_overlap(&cl, "wcscpy", d, n * W, s, n * W))
		return d;
	return real_wcscpy(d, s);
}

PORT_INTERCEPTOR wchar_t *wcsncpy(wchar_t *d, const wchar_t *s, size_t n)
{
	PORT_CALLER(cl, wcsncpy);
	size_t sn;

	if (unlikely(!kasan_ready) || !n)
		return real_wcsncpy(d, s, n);
	sn = MIN(real_wcsnlen(s, n) + 1, n);
	if (!READ(s, sn) || !WRITE(d, n) ||
	    port_overlap(&cl, "wcsncpy", d, sn * W, s, sn * W))
		return d;
	return real_wcsncpy(d, s, n);
}

PORT_INTERCEPTOR wchar_t *wcscat(wchar_t *d, const wchar_t *s)
{
	PORT_CALLER(cl, wcscat);
	size_t sl, dl;

	if (unlikely(!kasan_ready))
		return real_wcscat(d, s);
	sl = real_wcslen(s);
	dl = real_wcslen(d);
	if (!READ(s, sl + 1) || !READ(d, dl + 1) || !WRITE(d + dl, sl + 1) ||
	    (sl && port_overlap(&cl, "wcscat", d, (dl + sl + 1) * W, s, (sl + 1) * W)))
		return d;
	return real_wcscat(d, s);
}

PORT_INTERCEPTOR wchar_t *wcsncat(wchar_t *d, const wchar_t *s, size_t n)
{
	PORT_CALLER(cl, wcsncat);
	size_t sl, dl, sn;

	if (unlikely(!kasan_ready))
		return real_wcsncat(d, s, n);
	sl = real_wcsnlen(s, n);
	sn = MIN(sl + 1, n);	/* wide characters of s read */
	dl = real_wcslen(d);
	if ((sn && !READ(s, sn)) || !READ(d, dl + 1) || !WRITE(d + dl, sl + 1) ||
	    (sl && port_overlap(&cl, "wcsncat", d, (dl + sl + 1) * W, s, sn * W)))
		return d;
	return real_wcsncat(d, s, n);
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
