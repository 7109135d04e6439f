/*
 * This file contains KMSAN's model of the C library's multibyte and wide
 * character conversions: what they store into the program's memory is
 * initialised, exactly as many characters as they report.
 *
 *   mbrtowc mbtowc            *pwc when a character was converted (not
 *                             for (size_t)-1 or -2); mbrtowc's *ps
 *   mbrlen mblen              mbrlen's *ps
 *   mbsrtowcs mbsnrtowcs      the count of wide characters, plus the
 *                             terminating L'\0' when the whole string was
 *                             converted (*src became NULL); *src, *ps
 *   mbstowcs                  the count, plus L'\0' when it fitted
 *   wcrtomb wctomb            the count of bytes; wcrtomb's *ps
 *   wcsrtombs wcsnrtombs      the count of bytes, plus the NUL when *src
 *                             became NULL; *src, *ps
 *   wcstombs                  the count, plus the NUL when it fitted
 * Not modelled: mbrtoc16 mbrtoc32 c16rtomb c32rtomb (uchar.h).
 *
 * Dynamic executables call the C library's functions (dlsym(RTLD_NEXT));
 * static ones glibc's other names (__mbrtowc, __mbsrtowcs...), which
 * ksan-cc keeps in a static KMSAN link (-u); the non-restartable forms
 * are built on them with a state of their own, as the C library keeps
 * one.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <wchar.h>
#include "libc.h"

#define W sizeof(wchar_t)
#define FAILED ((size_t)-1)

/* glibc's other names: exported by libc.so (the first two), in libc.a
 * (all); weak where libc.so lacks them */
size_t __mbrtowc(wchar_t *, const char *, size_t, mbstate_t *);
size_t __mbrlen(const char *, size_t, mbstate_t *);
size_t __mbsrtowcs(wchar_t *, const char **, size_t, mbstate_t *) __attribute__((weak));
size_t __mbsnrtowcs(wchar_t *, const char **, size_t, size_t, mbstate_t *)
	__attribute__((weak));
size_t __wcrtomb(char *, wchar_t, mbstate_t *) __attribute__((weak));
size_t __wcsrtombs(char *, const wchar_t **, size_t, mbstate_t *) __attribute__((weak));
size_t __wcsnrtombs(char *, const wchar_t **, size_t, size_t, mbstate_t *)
	__attribute__((weak));

/* ---- fallbacks for the non-restartable forms ---------------------------- */

static mbstate_t tomb_state, towc_state, len_state;

static int own_mbtowc(wchar_t *pwc, const char *s, size_t n)
{
	size_t r;

	if (!s) {
		memset(&towc_state, 0, sizeof(towc_state));
		return 0;	/* UTF-8 and the C locale: stateless */
	}
	r = __mbrtowc(pwc, s, n, &towc_state);
	if (r == FAILED || r == (size_t)-2) {
		memset(&towc_state, 0, sizeof(towc_state));
		return -1;
	}
	return (int)r;
}

static int own_mblen(const char *s, size_t n)
{
	size_t r;

	if (!s) {
		memset(&len_state, 0, sizeof(len_state));
		return 0;
	}
	r = __mbrlen(s, n, &len_state);
	if (r == FAILED || r == (size_t)-2) {
		memset(&len_state, 0, sizeof(len_state));
		return -1;
	}
	return (int)r;
}

static int own_wctomb(char *s, wchar_t wc)
{
	if (!s) {
		memset(&tomb_state, 0, sizeof(tomb_state));
		return 0;
	}
	return (int)__wcrtomb(s, wc, &tomb_state);
}

static size_t own_mbstowcs(wchar_t *d, const char *s, size_t n)
{
	mbstate_t st = { 0 };

	return __mbsrtowcs(d, &s, n, &st);
}

static size_t own_wcstombs(char *d, const wchar_t *s, size_t n)
{
	mbstate_t st = { 0 };

	return __wcsrtombs(d, &s, n, &st);
}

/* ---- the C library's versions, once known ----------------------------- */

static size_t (*real_mbrtowc)(wchar_t *, const char *, size_t, mbstate_t *) = __mbrtowc;
static size_t (*real_mbrlen)(const char *, size_t, mbstate_t *) = __mbrlen;
static size_t (*real_mbsrtowcs)(wchar_t *, const char **, size_t, mbstate_t *) = __mbsrtowcs;
static size_t (*real_mbsnrtowcs)(wchar_t *, const char **, size_t, size_t, mbstate_t *) =
	__mbsnrtowcs;
static size_t (*real_wcrtomb)(char *, wchar_t, mbstate_t *) = __wcrtomb;
static size_t (*real_wcsrtombs)(char *, const wchar_t **, size_t, mbstate_t *) = __wcsrtombs;
static size_t (*real_wcsnrtombs)(char *, const wchar_t **, size_t, size_t, mbstate_t *) =
	__wcsnrtombs;
static int (*real_mbtowc)(wchar_t *, const char *, size_t) = own_mbtowc;
static int (*real_mblen)(const char *, size_t) = own_mblen;
static int (*real_wctomb)(char *, wchar_t) = own_wctomb;
static size_t (*real_mbstowcs)(wchar_t *, const char *, size_t) = own_mbstowcs;
static size_t (*real_wcstombs)(char *, const wchar_t *, size_t) = own_wcstombs;

void port_kmsan_libc_wchar_init(void)
{
	FIND_REAL(mbrtowc);
	FIND_REAL(mbrlen);
	FIND_REAL(mbsrtowcs);
	FIND_REAL(mbsnrtowcs);
	FIND_REAL(wcrtomb);
	FIND_REAL(wcsrtombs);
	FIND_REAL(wcsnrtombs);
	FIND_REAL(mbtowc);
	FIND_REAL(mblen);
	FIND_REAL(wctomb);
	FIND_REAL(mbstowcs);
	FIND_REAL(wcstombs);
}

/* ---- single characters -------------------------------------------------- */

static void wrote_state(mbstate_t *ps)
{
	if (ps)
		kmsan_wrote(ps, sizeof(*ps));
}

PORT_INTERCEPTOR size_t mbrtowc(wchar_t *pwc, const char *s, size_t n, mbstate_t *ps)
{
	size_t r = real_mbrtowc(pwc, s, n, ps);

	if (s && pwc && r != FAILED && r != (size_t)-2)
		kmsan_wrote(pwc, W);
	if (r == FAILED)
		kmsan_wrote_errno();
	wrote_state(ps);
	return r;
}

/* wchar.h has an extern inline mbrlen when optimising: the interceptor
 * takes the symbol by its assembler name */
PORT_INTERCEPTOR size_t intercept_mbrlen(const char *s, size_t n, mbstate_t *ps)
	__asm__("mbrlen");
PORT_INTERCEPTOR size_t intercept_mbrlen(const char *s, size_t n, mbstate_t *ps)
{
	size_t r = real_mbrlen(s, n, ps);

	if (r == FAILED)
		kmsan_wrote_errno();
	wrote_state(ps);
	return r;
}

PORT_INTERCEPTOR int mbtowc(wchar_t *pwc, const char *s, size_t n)
{
	int r = real_mbtowc(pwc, s, n);

	if (s && pwc && r >= 0)
		kmsan_wrote(pwc, W);
	if (r < 0)
		kmsan_wrote_errno();
	return r;
}

PORT_INTERCEPTOR int mblen(const char *s, size_t n)
{
	int r = real_mblen(s, n);

	if (r < 0)
		kmsan_wrote_errno();
	return r;
}

PORT_INTERCEPTOR size_t wcrtomb(char *s, wchar_t wc, mbstate_t *ps)
{
	size_t r = real_wcrtomb(s, wc, ps);

	if (r == FAILED)
		kmsan_wrote_errno();
	else if (s)
		kmsan_wrote(s, r);
	wrote_state(ps);
	return r;
}

PORT_INTERCEPTOR int wctomb(char *s, wchar_t wc)
{
	int r = real_wctomb(s, wc);

	if (r < 0)
		kmsan_wrote_errno();
	else if (s)
		kmsan_wrote(s, (size_t)r);
	return r;
}

/* ---- strings ------------------------------------------------------------ */

/* A string conversion's result: r units of size u at d, and the
 * terminator when ended says the whole string was converted. */
static void wrote_units(void *d, size_t r, size_t u, int ended)
{
	if (r == FAILED)
		kmsan_wrote_errno();
	else if (d)
		kmsan_wrote(d, (r + (ended ? 1 : 0)) * u);
}

PORT_INTERCEPTOR size_t mbsrtowcs(wchar_t *d, const char **src, size_t n, mbstate_t *ps)
{
	size_t r = real_mbsrtowcs(d, src, n, ps);

	wrote_units(d, r, W, d && !*src);
	if (d)
		kmsan_wrote(src, sizeof(*src));
	wrote_state(ps);
	return r;
}

PORT_INTERCEPTOR size_t mbsnrtowcs(wchar_t *d, const char **src, size_t nms, size_t n,
				   mbstate_t *ps)
{
	size_t r = real_mbsnrtowcs(d, src, nms, n, ps);

	wrote_units(d, r, W, d && !*src);
	if (d)
		kmsan_wrote(src, sizeof(*src));
	wrote_state(ps);
	return r;
}

PORT_INTERCEPTOR size_t mbstowcs(wchar_t *d, const char *s, size_t n)
{
	size_t r = real_mbstowcs(d, s, n);

	wrote_units(d, r, W, r < n);
	return r;
}

PORT_INTERCEPTOR size_t wcsrtombs(char *d, const wchar_t **src, size_t n, mbstate_t *ps)
{
	size_t r = real_wcsrtombs(d, src, n, ps);

	wrote_units(d, r, 1, d && !*src);
	if (d)
		kmsan_wrote(src, sizeof(*src));
	wrote_state(ps);
	return r;
}

PORT_INTERCEPTOR size_t wcsnrtombs(char *d, const wchar_t **src, size_t nwc, size_t n,
				   mbstate_t *ps)
{
	size_t r = real_wcsnrtombs(d, src, nwc, n, ps);

	wrote_units(d, r, 1, d && !*src);
	if (d)
		kmsan_wrote(src, sizeof(*src));
	wrote_state(ps);
	return r;
}

PORT_INTERCEPTOR size_t wcstombs(char *d, const wchar_t *s, size_t n)
{
	size_t r = real_wcstombs(d, s, n);

	wrote_units(d, r, 1, r < n);
	return r;
}
