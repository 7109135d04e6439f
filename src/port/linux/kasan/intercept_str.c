/*
 * This file contains the checked string functions of <string.h> (memchr,
 * the str* family, strdup, strndup, strtok; the comparisons are in
 * intercept_cmp.c) and the overlap check that intercept_wchar.c and
 * intercept_io.c share.
 *
 * What is checked: the bytes the function reads and writes as the C
 * standard defines them, measured before the call (ASan's semantics with
 * strict_string_checks=0): strlen(s) reads strlen(s)+1 bytes, strcmp reads
 * both strings up to and including the first difference or NUL, memchr up
 * to the match, strncpy(d, s, n) reads min(strnlen(s, n)+1, n) and writes n.
 * memcmp and bcmp read all n bytes of both (the standard gives them no early
 * stop, and the C library's vector loops do read that far).  Read ranges are
 * checked first, then write ranges, then overlap (strcpy-param-overlap and
 * the like, as ASan names them); a call makes at most one report.
 *
 * After a report that lets the program go on (halt_on_error=0, or a report
 * callback that handled it) a function that writes memory is not performed
 * at all: it returns its destination (the copies) or NULL (strdup, strtok),
 * so a bad write never happens.  A function that only reads (lengths,
 * comparisons, searches) still runs and returns its true result: reading a
 * red zone or a freed object does no harm.
 *
 * Dynamic executables call the C library's fast versions, found with
 * dlsym(RTLD_NEXT) by port_intercept_init().  Static ones, and every caller
 * before that (dlsym itself calls string functions), use the plain loops
 * below (string_ops.h's, shared with intercept_wchar.c, as are the checks):
 * defining strlen in a static executable hides libc's.  strcmp,
 * strncmp, strcasecmp, strdup, strndup and strtok are always ksan's own (the
 * check needs the scan anyway).  Nothing is checked before kasan_ready.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include "../linux.h"
#include "string_ops.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the plain loops must not become calls to (checked) memset/memcpy */
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif

/* ---- shared by the interceptor files --------------------------------- */

int port_overlap(const struct kasan_caller *cl, const char *fn, const void *dst,
		 size_t dsize, const void *src, size_t ssize)
{
	uintptr_t d = (uintptr_t)dst, s = (uintptr_t)src;

	if (!dsize || !ssize || d + dsize <= s || s + ssize <= d)
		return 0;
	kasan_report_overlap(fn, d, dsize, s, ssize, cl->pc, cl->fp, cl->entry);
	return !core_thread_get()->in_report;
}

/* the fuzzer's hook after strstr (intercept_cmp.c: the others) */
extern void __sanitizer_weak_hook_strstr(void *pc, const char *h, const char *n,
					 char *result) __attribute__((weak));

/* ---- ksan's own versions: static executables and early calls --------- */

static void *own_memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)p;
	return 0;
}

static size_t own_strlen(const char *s) { return str_len(s, 1); }
static size_t own_strnlen(const char *s, size_t max) { return str_nlen(s, max, 1); }
static char *own_stpcpy(char *d, const char *s) { return str_copy(d, s, 1); }
static char *own_strcpy(char *d, const char *s) { str_copy(d, s, 1); return d; }
static char *own_strncpy(char *d, const char *s, size_t n) { return str_ncopy(d, s, n, 1); }
static char *own_strcat(char *d, const char *s) { return str_ncat(d, s, (size_t)-1, 1); }
static char *own_strncat(char *d, const char *s, size_t n) { return str_ncat(d, s, n, 1); }
static char *own_strchr(const char *s, int c) { return str_chr(s, (uint32_t)c, 0, 1); }
static char *own_strrchr(const char *s, int c) { return str_chr(s, (uint32_t)c, 1, 1); }

static size_t own_strspn(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && own_strchr(accept, s[n]))
		n++;
	return n;
}

static size_t own_strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !own_strchr(reject, s[n]))
		n++;
	return n;
}

static char *own_strpbrk(const char *s, const char *accept)
{
	s += own_strcspn(s, accept);
	return *s ? (char *)s : 0;
}

static char *own_strstr(const char *h, const char *n) { return str_str(h, n, 1); }

/* ---- the C library's versions, once known ----------------------------- */

static void *(*real_memchr)(const void *, int, size_t) = own_memchr;
static size_t (*real_strlen)(const char *) = own_strlen;
static size_t (*real_strnlen)(const char *, size_t) = own_strnlen;
static char *(*real_strcpy)(char *, const char *) = own_strcpy;
static char *(*real_strncpy)(char *, const char *, size_t) = own_strncpy;
static char *(*real_stpcpy)(char *, const char *) = own_stpcpy;
static char *(*real_strcat)(char *, const char *) = own_strcat;
static char *(*real_strncat)(char *, const char *, size_t) = own_strncat;
static char *(*real_strchr)(const char *, int) = own_strchr;
static char *(*real_strrchr)(const char *, int) = own_strrchr;
static char *(*real_strstr)(const char *, const char *) = own_strstr;
static size_t (*real_strspn)(const char *, const char *) = own_strspn;
static size_t (*real_strcspn)(const char *, const char *) = own_strcspn;
static char *(*real_strpbrk)(const char *, const char *) = own_strpbrk;

/* string_ops.h's measure: the C library's strnlen, or strlen (no max) */
static size_t measure(const void *s, size_t max)
{
	return max == STR_NO_MAX ? real_strlen(s) : real_strnlen(s, max);
}

void port_intercept_init(void)
{
	FIND_REAL(memchr);
	FIND_REAL(strlen);
	FIND_REAL(strnlen);
	FIND_REAL(strcpy);
	FIND_REAL(strncpy);
	FIND_REAL(stpcpy);
	FIND_REAL(strcat);
	FIND_REAL(strncat);
	FIND_REAL(strchr);
	FIND_REAL(strrchr);
	FIND_REAL(strstr);
	FIND_REAL(strspn);
	FIND_REAL(strcspn);
	FIND_REAL(strpbrk);
	port_intercept_cmp_init();
	port_intercept_wchar_init();
	port_intercept_io_init();
	port_intercept_mmap_init();
	port_intercept_stdio_init();
}

#define READ(p, n) port_check(&cl, (p), (n), KSAN_READ)
#define WRITE(p, n) port_check(&cl, (p), (n), KSAN_WRITE)
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* ---- read-only: checked, then always performed ------------------------- */

PORT_INTERCEPTOR void *memchr(const void *s, int c, size_t n)
{
	PORT_CALLER(cl, memchr);
	void *r = real_memchr(s, c, n);

	if (likely(kasan_ready) && n)
		READ(s, r ? (size_t)((char *)r - (char *)s) + 1 : n);
	return r;
}

PORT_INTERCEPTOR size_t strlen(const char *s)
{
	PORT_CALLER(cl, strlen);

	return str_len_checked(&cl, s, STR_NO_MAX, 1, measure);
}

PORT_INTERCEPTOR size_t strnlen(const char *s, size_t max)
{
	PORT_CALLER(cl, strnlen);

	return str_len_checked(&cl, s, max, 1, measure);
}

static char *checked_strchr(const struct kasan_caller *cl, const char *s, int ch, int last)
{
	char *r = last ? real_strrchr(s, ch) : real_strchr(s, ch);

	str_chr_checked(cl, s, r, last, 1, measure);
	return r;
}

PORT_INTERCEPTOR char *strchr(const char *s, int c)
{
	PORT_CALLER(cl, strchr);

	return checked_strchr(&cl, s, c, 0);
}

PORT_INTERCEPTOR char *strrchr(const char *s, int c)
{
	PORT_CALLER(cl, strrchr);

	return checked_strchr(&cl, s, c, 1);
}

/* The old names: in a static link, a call of index() would otherwise bring
 * in libc.a's strchr.o, whose strchr clashes with ours. */
PORT_INTERCEPTOR char *index(const char *s, int c)
{
	PORT_CALLER(cl, index);

	return checked_strchr(&cl, s, c, 0);
}

PORT_INTERCEPTOR char *rindex(const char *s, int c)
{
	PORT_CALLER(cl, rindex);

	return checked_strchr(&cl, s, c, 1);
}

PORT_INTERCEPTOR char *strstr(const char *h, const char *n)
{
	PORT_CALLER(cl, strstr);
	char *r = real_strstr(h, n);

	str_str_checked(&cl, h, n, r, 1, measure);
	if (__sanitizer_weak_hook_strstr)	/* (see intercept_cmp.c) */
		__sanitizer_weak_hook_strstr(__builtin_return_address(0), h, n, r);
	return r;
}

PORT_INTERCEPTOR size_t strspn(const char *s, const char *accept)
{
	PORT_CALLER(cl, strspn);
	size_t r = real_strspn(s, accept);

	if (likely(kasan_ready))
		(void)(READ(s, r + 1) && READ(accept, real_strlen(accept) + 1));
	return r;
}

PORT_INTERCEPTOR size_t strcspn(const char *s, const char *reject)
{
	PORT_CALLER(cl, strcspn);
	size_t r = real_strcspn(s, reject);

	if (likely(kasan_ready))
		(void)(READ(s, r + 1) && READ(reject, real_strlen(reject) + 1));
	return r;
}

PORT_INTERCEPTOR char *strpbrk(const char *s, const char *accept)
{
	PORT_CALLER(cl, strpbrk);
	char *r = real_strpbrk(s, accept);

	if (likely(kasan_ready))
		(void)(READ(s, r ? (size_t)(r - s) + 1 : real_strlen(s) + 1) &&
		       READ(accept, real_strlen(accept) + 1));
	return r;
}

/* ---- writers: not performed after a report ---------------------------- */

PORT_INTERCEPTOR char *strcpy(char *d, const char *s)
{
	PORT_CALLER(cl, strcpy);

	return str_copy_checked(&cl, "strcpy", d, s, STR_NO_MAX, 1, measure) ?
	       real_strcpy(d, s) : d;
}

PORT_INTERCEPTOR char *stpcpy(char *d, const char *s)
{
	PORT_CALLER(cl, stpcpy);

	if (!str_copy_checked(&cl, "stpcpy", d, s, STR_NO_MAX, 1, measure))
		return d + real_strlen(s);
	return real_stpcpy(d, s);
}

PORT_INTERCEPTOR char *strncpy(char *d, const char *s, size_t n)
{
	PORT_CALLER(cl, strncpy);

	return str_copy_checked(&cl, "strncpy", d, s, n, 1, measure) ? real_strncpy(d, s, n) : d;
}

PORT_INTERCEPTOR char *strcat(char *d, const char *s)
{
	PORT_CALLER(cl, strcat);

	return str_cat_checked(&cl, "strcat", d, s, STR_NO_MAX, 1, measure) ? real_strcat(d, s) : d;
}

PORT_INTERCEPTOR char *strncat(char *d, const char *s, size_t n)
{
	PORT_CALLER(cl, strncat);

	return str_cat_checked(&cl, "strncat", d, s, n, 1, measure) ? real_strncat(d, s, n) : d;
}

/* The copies allocate through ksan's malloc, which records this function
 * as the caller: "Allocated by ... malloc / strdup / <caller>". */
PORT_INTERCEPTOR char *strdup(const char *s)
{
	PORT_CALLER(cl, strdup);
	size_t n = own_strlen(s) + 1;
	char *p;

	if (likely(kasan_ready) && !READ(s, n))
		return 0;
	if ((p = malloc(n)))
		real_memcpy(p, s, n);
	return p;
}

PORT_INTERCEPTOR char *strndup(const char *s, size_t n)
{
	PORT_CALLER(cl, strndup);
	size_t len = own_strnlen(s, n);
	char *p;

	if (likely(kasan_ready) && !READ(s, MIN(len + 1, n)))
		return 0;
	if ((p = malloc(len + 1))) {
		real_memcpy(p, s, len);
		p[len] = 0;
	}
	return p;
}

/*
 * ksan's own strtok (the C library's keeps its position where we cannot
 * see it): it reads from where the scan starts, the saved position on a
 * continuation call, to the end of the token, and writes the NUL that ends
 * the token.  A continuation in a buffer freed since is caught here.
 */
static char *strtok_next;

PORT_INTERCEPTOR char *strtok(char *s, const char *delim)
{
	PORT_CALLER(cl, strtok);
	char *start = s ? s : strtok_next, *tok, *end;

	if (!start)
		return 0;
	tok = start + own_strspn(start, delim);
	end = *tok ? tok + own_strcspn(tok, delim) : tok;
	if (likely(kasan_ready) &&
	    (!READ(start, (size_t)(end - start) + 1) ||
	     !READ(delim, own_strlen(delim) + 1) || (*end && !WRITE(end, 1))))
		return 0;
	if (!*tok) {
		strtok_next = 0;
		return 0;
	}
	if (*end)
		*end++ = 0;
	strtok_next = end;
	return tok;
}
