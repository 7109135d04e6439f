/*
 * This file contains what intercept_str.c (char) and intercept_wchar.c
 * (wchar_t) share: one routine per string function, generic over the
 * element size w (1, or sizeof(wchar_t)), for ksan's own loops (where the
 * C library's are not known: static executables, calls before
 * port_intercept_init) and for the checks of the interceptors (the ranges
 * read and written, in elements, measured with the C library's functions
 * through the caller's str_measure).  Every routine is always inlined and
 * every caller passes a constant w, so each gets the code of its own type.
 * A NUL is the element 0; a character compares as an element of its width
 * (strchr's (char)c).  Include after linux.h.
 */
#ifndef KSAN_PORT_LINUX_KASAN_STRING_OPS_H
#define KSAN_PORT_LINUX_KASAN_STRING_OPS_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

_Static_assert(sizeof(wchar_t) == 4, "wchar_t is 32 bits on both architectures");

#define STRLOOP static inline __attribute__((always_inline))

STRLOOP uint32_t str_at(const void *s, size_t i, size_t w)
{
	return w == 1 ? ((const unsigned char *)s)[i] : ((const uint32_t *)s)[i];
}

STRLOOP void str_set(void *d, size_t i, size_t w, uint32_t v)
{
	if (w == 1)
		((unsigned char *)d)[i] = (unsigned char)v;
	else
		((uint32_t *)d)[i] = v;
}

/* c as an element of width w */
STRLOOP uint32_t str_elem(uint32_t c, size_t w)
{
	return w == 1 ? (unsigned char)c : c;
}

STRLOOP size_t str_nlen(const void *s, size_t max, size_t w)
{
	size_t n = 0;

	while (n < max && str_at(s, n, w))
		n++;
	return n;
}

STRLOOP size_t str_len(const void *s, size_t w)
{
	size_t n = 0;

	while (str_at(s, n, w))
		n++;
	return n;
}

/* copies s with its NUL to d: the address of d's NUL (stpcpy) */
STRLOOP void *str_copy(void *d, const void *s, size_t w)
{
	size_t i = 0;
	uint32_t v;

	do {
		v = str_at(s, i, w);
		str_set(d, i++, w, v);
	} while (v);
	return (char *)d + (i - 1) * w;
}

/* strncpy: at most n elements of s, then NULs up to n */
STRLOOP void *str_ncopy(void *d, const void *s, size_t n, size_t w)
{
	size_t i = 0;

	for (; i < n && str_at(s, i, w); i++)
		str_set(d, i, w, str_at(s, i, w));
	for (; i < n; i++)
		str_set(d, i, w, 0);
	return d;
}

/* strncat (n (size_t)-1: strcat) */
STRLOOP void *str_ncat(void *d, const void *s, size_t n, size_t w)
{
	char *e = (char *)d + str_len(d, w) * w;
	size_t i = 0;

	for (; i < n && str_at(s, i, w); i++)
		str_set(e, i, w, str_at(s, i, w));
	str_set(e, i, w, 0);
	return d;
}

/* strchr (last 0) and strrchr (last 1); the NUL itself can be found */
STRLOOP void *str_chr(const void *s, uint32_t c, int last, size_t w)
{
	const void *found = 0;
	uint32_t v;

	c = str_elem(c, w);
	for (size_t i = 0;; i++) {
		v = str_at(s, i, w);
		if (v == c) {
			found = (const char *)s + i * w;
			if (!last)
				break;
		}
		if (!v)
			break;
	}
	return (void *)found;
}

/* strstr: equality only, so a byte compare serves both widths */
STRLOOP void *str_str(const void *h, const void *n, size_t w)
{
	size_t nl = str_len(n, w);
	const char *p = h;

	for (; str_at(p, 0, w); p += w)
		if (!core_memcmp(p, n, nl * w))
			return (void *)p;
	return nl ? 0 : (void *)p;
}

/* ---- the interceptors' checks ------------------------------------------ */

/* a string's length, at most max elements (STR_NO_MAX: none), with the C
 * library's function of the caller's type */
typedef size_t str_measure_fn(const void *s, size_t max);
#define STR_NO_MAX ((size_t)-1)

STRLOOP int str_read(const struct kasan_caller *cl, const void *p, size_t n, size_t w)
{
	return port_check(cl, p, n * w, KSAN_READ);
}

/* strlen (max STR_NO_MAX) and strnlen: reads the string and its NUL, at
 * most max elements; returns the length */
STRLOOP size_t str_len_checked(const struct kasan_caller *cl, const void *s, size_t max, size_t w,
			       str_measure_fn *measure)
{
	size_t n = measure(s, max);

	if (likely(kasan_ready))
		str_read(cl, s, n + 1 < max ? n + 1 : max, w);
	return n;
}

/* strchr's and strrchr's (last) read, given the result r: up to the match
 * (strchr), else the whole string */
STRLOOP void str_chr_checked(const struct kasan_caller *cl, const void *s, const void *r, int last,
			     size_t w, str_measure_fn *measure)
{
	if (likely(kasan_ready))
		str_read(cl, s, r && !last ? (size_t)((const char *)r - (const char *)s) / w + 1 :
				measure(s, STR_NO_MAX) + 1, w);
}

/* strstr's reads, given the result r: the haystack up to the end of the
 * match, else all of it, then the needle */
STRLOOP void str_str_checked(const struct kasan_caller *cl, const void *h, const void *n,
			     const void *r, size_t w, str_measure_fn *measure)
{
	size_t nl;

	if (unlikely(!kasan_ready))
		return;
	nl = measure(n, STR_NO_MAX);
	(void)(str_read(cl, h, r ? (size_t)((const char *)r - (const char *)h) / w + nl :
				  measure(h, STR_NO_MAX) + 1, w) &&
	       str_read(cl, n, nl + 1, w));
}

/* strcpy and stpcpy (n STR_NO_MAX) and strncpy (n elements): 1 if the copy
 * may be made, 0 after a report (s's elements read, then d's written, then
 * the overlap of the two) */
STRLOOP int str_copy_checked(const struct kasan_caller *cl, const char *fn, void *d, const void *s,
			     size_t n, size_t w, str_measure_fn *measure)
{
	size_t sn, dn;

	if (unlikely(!kasan_ready) || !n)
		return 1;
	sn = measure(s, n) + 1;
	dn = n == STR_NO_MAX ? sn : n;
	if (sn > n)	/* strncpy reads no more than n */
		sn = n;
	return str_read(cl, s, sn, w) && port_check(cl, d, dn * w, KSAN_WRITE) &&
	       !port_overlap(cl, fn, d, sn * w, s, sn * w);
}

/* strcat (n STR_NO_MAX) and strncat: 1 if s (at most n elements) may be
 * appended to d, with its NUL */
STRLOOP int str_cat_checked(const struct kasan_caller *cl, const char *fn, void *d, const void *s,
			    size_t n, size_t w, str_measure_fn *measure)
{
	size_t sl, sn, dl;

	if (unlikely(!kasan_ready))
		return 1;
	sl = measure(s, n);
	sn = sl + 1 < n ? sl + 1 : n;	/* elements of s read */
	dl = measure(d, STR_NO_MAX);
	return (!sn || str_read(cl, s, sn, w)) && str_read(cl, d, dl + 1, w) &&
	       port_check(cl, (char *)d + dl * w, (sl + 1) * w, KSAN_WRITE) &&
	       !(sl && port_overlap(cl, fn, d, (dl + sl + 1) * w, s, sn * w));
}

#endif
