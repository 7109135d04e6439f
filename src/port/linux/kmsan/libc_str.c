/*
 * This file contains KMSAN's model of the C library's string functions:
 * copies carry the shadow and origins of the bytes they move (strcpy of a
 * partly uninitialised string yields the same partly uninitialised
 * string, with its origins chained to the copy), qsort moves each element
 * with its shadow, and what the library stores or returns of its own
 * (strtol's *endptr, getenv's string, strerror's message) is initialised.
 *
 * The copies are ksan's own: the length is measured with the C library's
 * strlen/strnlen/memchr/wcslen, the bytes move with the C library's memcpy
 * (real_memcpy), then the metadata with kmsan_copy_meta, whose origin
 * chains name the interceptor's caller (so kmsan_copy_meta is called from
 * the exported function itself).  Dynamic and static executables alike:
 * nothing to look up.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <unistd.h>
#include <wchar.h>
#include "libc.h"

#define W sizeof(wchar_t)

/* Move n bytes and their metadata; the exported caller's frame is the
 * one kmsan_copy_meta chains origins to, so this must be inlined. */
static inline __attribute__((always_inline)) void move(void *d, const void *s, size_t n)
{
	real_memcpy(d, s, n);
	if (likely(kmsan_ready))
		kmsan_copy_meta(d, s, n);
}

/* ---- copies ------------------------------------------------------------ */

PORT_INTERCEPTOR char *strcpy(char *d, const char *s)
{
	move(d, s, strlen(s) + 1);
	return d;
}

PORT_INTERCEPTOR char *stpcpy(char *d, const char *s)
{
	size_t n = strlen(s);

	move(d, s, n + 1);
	return d + n;
}

PORT_INTERCEPTOR char *__stpcpy(char *d, const char *s)
{
	size_t n = strlen(s);

	move(d, s, n + 1);
	return d + n;
}

/* strncpy: min(strnlen(s, n), n) bytes copied, the rest of n zeroed. */
PORT_INTERCEPTOR char *strncpy(char *d, const char *s, size_t n)
{
	size_t k = strnlen(s, n);

	move(d, s, k);
	real_memset(d + k, 0, n - k);
	kmsan_wrote(d + k, n - k);
	return d;
}

PORT_INTERCEPTOR char *stpncpy(char *d, const char *s, size_t n)
{
	size_t k = strnlen(s, n);

	move(d, s, k);
	real_memset(d + k, 0, n - k);
	kmsan_wrote(d + k, n - k);
	return d + k;
}

PORT_INTERCEPTOR char *strcat(char *d, const char *s)
{
	move(d + strlen(d), s, strlen(s) + 1);
	return d;
}

/* strncat: at most n bytes of s, then always a NUL. */
PORT_INTERCEPTOR char *strncat(char *d, const char *s, size_t n)
{
	char *e = d + strlen(d);
	size_t k = strnlen(s, n);

	move(e, s, k);
	e[k] = 0;
	kmsan_wrote(e + k, 1);
	return d;
}

PORT_INTERCEPTOR void *memccpy(void *d, const void *s, int c, size_t n)
{
	const char *hit = memchr(s, c, n);
	size_t k = hit ? (size_t)(hit - (const char *)s) + 1 : n;

	move(d, s, k);
	return hit ? (char *)d + k : NULL;
}

PORT_INTERCEPTOR void *mempcpy(void *d, const void *s, size_t n)
{
	move(d, s, n);
	return (char *)d + n;
}

PORT_INTERCEPTOR void *__mempcpy(void *d, const void *s, size_t n)
{
	move(d, s, n);
	return (char *)d + n;
}

/* strdup and strndup allocate with ksan's malloc (the allocation stack
 * starts at the caller, as for malloc), then copy with the metadata. */
static inline __attribute__((always_inline)) char *copy_string(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (!d)
		return NULL;
	move(d, s, n);
	d[n] = 0;
	kmsan_wrote(d + n, 1);
	return d;
}

PORT_INTERCEPTOR char *strdup(const char *s)
{
	return copy_string(s, strlen(s));
}

PORT_INTERCEPTOR char *__strdup(const char *s)
{
	return copy_string(s, strlen(s));
}

PORT_INTERCEPTOR char *strndup(const char *s, size_t n)
{
	return copy_string(s, strnlen(s, n));
}

PORT_INTERCEPTOR char *__strndup(const char *s, size_t n)
{
	return copy_string(s, strnlen(s, n));
}

/* ---- wide copies ------------------------------------------------------- */

PORT_INTERCEPTOR wchar_t *wcscpy(wchar_t *d, const wchar_t *s)
{
	move(d, s, (wcslen(s) + 1) * W);
	return d;
}

PORT_INTERCEPTOR wchar_t *wcsncpy(wchar_t *d, const wchar_t *s, size_t n)
{
	size_t k = wcsnlen(s, n);
	size_t i;

	move(d, s, k * W);
	for (i = k; i < n; i++)
		d[i] = 0;
	kmsan_wrote(d + k, (n - k) * W);
	return d;
}

PORT_INTERCEPTOR wchar_t *wcscat(wchar_t *d, const wchar_t *s)
{
	move(d + wcslen(d), s, (wcslen(s) + 1) * W);
	return d;
}

PORT_INTERCEPTOR wchar_t *wcsncat(wchar_t *d, const wchar_t *s, size_t n)
{
	wchar_t *e = d + wcslen(d);
	size_t k = wcsnlen(s, n);

	move(e, s, k * W);
	e[k] = 0;
	kmsan_wrote(e + k, W);
	return d;
}

PORT_INTERCEPTOR wchar_t *wcsdup(const wchar_t *s)
{
	size_t n = (wcslen(s) + 1) * W;
	wchar_t *d = malloc(n);

	if (d)
		move(d, s, n);
	return d;
}

PORT_INTERCEPTOR wchar_t *wmemcpy(wchar_t *d, const wchar_t *s, size_t n)
{
	move(d, s, n * W);
	return d;
}

PORT_INTERCEPTOR wchar_t *wmempcpy(wchar_t *d, const wchar_t *s, size_t n)
{
	move(d, s, n * W);
	return d + n;
}

PORT_INTERCEPTOR wchar_t *wmemmove(wchar_t *d, const wchar_t *s, size_t n)
{
	real_memmove(d, s, n * W);
	if (likely(kmsan_ready))
		kmsan_copy_meta(d, s, n * W);
	return d;
}

PORT_INTERCEPTOR wchar_t *wmemset(wchar_t *d, wchar_t c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		d[i] = c;
	kmsan_wrote(d, n * W);
	return d;
}

/* ---- qsort: elements move with their shadow ---------------------------- */

/*
 * The C library's qsort moves elements with its own copies (and through
 * a temporary buffer the comparator is shown), none of which carry shadow:
 * afterwards an element's shadow would be whatever its slot had.  So ksan
 * sorts pointers to the elements, in place, with its own merge sort (as
 * glibc's, stable), calling the comparator on the elements where they lie;
 * then moves each element to its final slot through a scratch copy, data
 * and metadata together.  The comparator sees the program's own bytes and
 * their true shadow: comparing an uninitialised key is reported, as it
 * should be.  Without memory for the pointers, the C library sorts and
 * the elements keep their slots' shadow.
 */
struct sort_ctx {
	int (*cmp)(const void *, const void *, void *);
	int (*cmp2)(const void *, const void *);	/* qsort's, or NULL */
	void *arg;
};

static inline int compare(const struct sort_ctx *c, const void *a, const void *b)
{
	return c->cmp2 ? c->cmp2(a, b) : c->cmp(a, b, c->arg);
}

/* Sort p[0..n) (pointers to elements) stably, with tmp as scratch. */
static void merge_sort(const void **p, const void **tmp, size_t n, const struct sort_ctx *c)
{
	size_t h = n / 2, i = 0, j = h, k = 0;

	if (n < 2)
		return;
	merge_sort(p, tmp, h, c);
	merge_sort(p + h, tmp, n - h, c);
	if (compare(c, p[h - 1], p[h]) <= 0)
		return;		/* already in order */
	while (i < h && j < n)
		tmp[k++] = compare(c, p[i], p[j]) <= 0 ? p[i++] : p[j++];
	while (i < h)
		tmp[k++] = p[i++];
	real_memcpy(p, tmp, k * sizeof(*p));	/* p[j..n) already in place */
}

/* Swap two elements with their metadata, through a small buffer. */
static void swap_elems(char *a, char *b, size_t size)
{
	char t[64];

	while (size) {
		size_t k = size < sizeof(t) ? size : sizeof(t);

		real_memcpy(t, a, k);
		real_memcpy(a, b, k);
		real_memcpy(b, t, k);
		if (likely(kmsan_ready)) {
			kmsan_copy_meta(t, a, k);
			kmsan_copy_meta(a, b, k);
			kmsan_copy_meta(b, t, k);
		}
		a += k;
		b += k;
		size -= k;
	}
}

/* Without memory for the pointers: in place, slowly, still carrying the
 * metadata. */
static void insertion_sort(char *base, size_t n, size_t size, const struct sort_ctx *c)
{
	size_t i, j;

	for (i = 1; i < n; i++)
		for (j = i; j && compare(c, base + (j - 1) * size, base + j * size) > 0; j--)
			swap_elems(base + (j - 1) * size, base + j * size, size);
}

static void sort(void *base, size_t n, size_t size, const struct sort_ctx *c)
{
	const void **p;
	char *out;
	size_t i;

	if (n < 2 || !size)
		return;
	p = n <= SIZE_MAX / size && n <= SIZE_MAX / (2 * sizeof(*p)) ?
	    malloc(2 * n * sizeof(*p)) : NULL;
	out = p ? malloc(n * size) : NULL;
	if (!out) {
		free(p);
		insertion_sort(base, n, size, c);
		return;
	}
	for (i = 0; i < n; i++)
		p[i] = (char *)base + i * size;
	merge_sort(p, p + n, n, c);
	for (i = 0; i < n; i++) {
		real_memcpy(out + i * size, p[i], size);
		if (likely(kmsan_ready))
			kmsan_copy_meta(out + i * size, p[i], size);
	}
	real_memcpy(base, out, n * size);
	if (likely(kmsan_ready))
		kmsan_copy_meta(base, out, n * size);
	free(out);
	free(p);
}

PORT_INTERCEPTOR void qsort(void *base, size_t n, size_t size,
			    int (*cmp)(const void *, const void *))
{
	struct sort_ctx c = { NULL, cmp, NULL };

	sort(base, n, size, &c);
}

PORT_INTERCEPTOR void qsort_r(void *base, size_t n, size_t size,
			      int (*cmp)(const void *, const void *, void *), void *arg)
{
	struct sort_ctx c = { cmp, NULL, arg };

	sort(base, n, size, &c);
}

/* ---- numbers: the end pointer the library stores ----------------------- */

/* glibc's internal names, exported by libc.so and libc.a alike, for
 * static executables (group 0: no thousands grouping, as the plain ones) */
long __strtol_internal(const char *, char **, int, int);
unsigned long __strtoul_internal(const char *, char **, int, int);
long long __strtoll_internal(const char *, char **, int, int);
unsigned long long __strtoull_internal(const char *, char **, int, int);
double __strtod_internal(const char *, char **, int);
float __strtof_internal(const char *, char **, int);
long double __strtold_internal(const char *, char **, int);

#define STRTO_INT(name, type, internal)						\
	static type own_##name(const char *s, char **end, int base)		\
	{									\
		return internal(s, end, base, 0);				\
	}									\
	static type (*real_##name)(const char *, char **, int) = own_##name;	\
	PORT_INTERCEPTOR type name(const char *s, char **end, int base)		\
	{									\
		type r = real_##name(s, end, base);				\
										\
		kmsan_wrote(end, sizeof(*end));					\
		kmsan_wrote_errno();	/* ERANGE, or as it was */		\
		return r;							\
	}
#define STRTO_FLT(name, type, internal)						\
	static type own_##name(const char *s, char **end)			\
	{									\
		return internal(s, end, 0);					\
	}									\
	static type (*real_##name)(const char *, char **) = own_##name;	\
	PORT_INTERCEPTOR type name(const char *s, char **end)			\
	{									\
		type r = real_##name(s, end);					\
										\
		kmsan_wrote(end, sizeof(*end));					\
		kmsan_wrote_errno();						\
		return r;							\
	}

STRTO_INT(strtol, long, __strtol_internal)
STRTO_INT(strtoul, unsigned long, __strtoul_internal)
STRTO_INT(strtoll, long long, __strtoll_internal)
STRTO_INT(strtoull, unsigned long long, __strtoull_internal)
STRTO_INT(strtoq, long long, __strtoll_internal)
STRTO_INT(strtouq, unsigned long long, __strtoull_internal)
STRTO_INT(strtoimax, intmax_t, __strtol_internal)
STRTO_INT(strtoumax, uintmax_t, __strtoul_internal)
STRTO_FLT(strtod, double, __strtod_internal)
STRTO_FLT(strtof, float, __strtof_internal)
STRTO_FLT(strtold, long double, __strtold_internal)

/* ---- tokens: the saved position ----------------------------------------- */

char *__strtok_r(char *, const char *, char **);
static char *(*real_strtok_r)(char *, const char *, char **) = __strtok_r;

PORT_INTERCEPTOR char *strtok_r(char *s, const char *delim, char **save)
{
	char *r = real_strtok_r(s, delim, save);

	kmsan_wrote(save, sizeof(*save));
	return r;
}

/* strsep: ksan's own (glibc's other name is not exported by libc.so);
 * the NUL it stores replaces an initialised delimiter. */
PORT_INTERCEPTOR char *strsep(char **sp, const char *delim)
{
	char *s = *sp, *e;

	if (!s)
		return NULL;
	e = s + strcspn(s, delim);
	if (*e) {
		*e = 0;
		kmsan_wrote(e, 1);
		*sp = e + 1;
	} else {
		*sp = NULL;
	}
	kmsan_wrote(sp, sizeof(*sp));
	return s;
}

/* ---- the environment and messages: the library's own strings ----------- */

/* ksan's own getenv (the same linear search as glibc's): a static
 * executable has no other name for the C library's.  The string may be
 * one setenv built in memory from ksan's malloc: initialised on return. */
static char *own_getenv(const char *name)
{
	size_t n = strlen(name);
	char **e;

	if (!environ || !n || strchr(name, '='))
		return NULL;
	for (e = environ; *e; e++)
		if (!strncmp(*e, name, n) && (*e)[n] == '=')
			return *e + n + 1;
	return NULL;
}

PORT_INTERCEPTOR char *getenv(const char *name)
{
	char *r = own_getenv(name);

	kmsan_wrote_str(r);
	return r;
}

PORT_INTERCEPTOR char *secure_getenv(const char *name)
{
	char *r = getauxval(AT_SECURE) ? NULL : own_getenv(name);

	kmsan_wrote_str(r);
	return r;
}

/* strerror's message is libc's constant text or, for an unknown number,
 * a thread-local buffer from ksan's malloc: initialised either way.
 * Static executables format into a buffer of ksan's own with
 * __strerror_r (the same text). */
char *__strerror_r(int, char *, size_t);

static char *own_strerror(int e)
{
	static __thread char buf[64];

	return __strerror_r(e, buf, sizeof(buf));
}

static char *(*real_strerror)(int) = own_strerror;
static char *(*real_strerror_r)(int, char *, size_t) = __strerror_r;

PORT_INTERCEPTOR char *strerror(int e)
{
	char *r = real_strerror(e);

	kmsan_wrote_str(r);
	return r;
}

/* The GNU strerror_r returns the message, in buf or not. */
PORT_INTERCEPTOR char *strerror_r(int e, char *buf, size_t n)
{
	char *r = real_strerror_r(e, buf, n);

	kmsan_wrote_str(r);
	return r;
}

/* The XSI one fills buf (NUL-terminated unless n is 0). */
PORT_INTERCEPTOR int __xpg_strerror_r(int e, char *buf, size_t n)
{
	char *r = real_strerror_r(e, buf, n);
	size_t k = n ? strnlen(r, n - 1) : 0;

	if (!n)
		return ERANGE;
	if (r != buf)
		real_memmove(buf, r, k);
	buf[k] = 0;
	kmsan_wrote(buf, k + 1);
	return r[k] ? ERANGE : 0;
}

void port_kmsan_libc_str_init(void)
{
	FIND_REAL(strtol);
	FIND_REAL(strtoul);
	FIND_REAL(strtoll);
	FIND_REAL(strtoull);
	FIND_REAL(strtoq);
	FIND_REAL(strtouq);
	FIND_REAL(strtoimax);
	FIND_REAL(strtoumax);
	FIND_REAL(strtod);
	FIND_REAL(strtof);
	FIND_REAL(strtold);
	FIND_REAL(strtok_r);
	FIND_REAL(strerror);
	FIND_REAL(strerror_r);
}
