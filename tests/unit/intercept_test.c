/*
 * This file contains ksan's in-process tests of the libc interceptors
 * (src/port/linux/intercept_*.c and mem.c's memcpy overlap).  Every
 * interceptor is called both ways: with a bad range, which must produce
 * exactly one report of the right type, address, size and direction, whose
 * printed text names the calling function on the BUG line and the libc
 * function as the first Call Trace frame; and correctly, which must stay
 * silent and return the right result (the own implementations of static
 * executables are checked by the same cases).  A bad call that writes must
 * not have been performed.
 *
 * Reports are printed (the callback records them and lets them through)
 * with halt_on_error=0 into a log file that the test reads after each case;
 * the binary re-executes itself with those options when they are not set.
 *
 *   intercept_test [FILTER]    run the cases whose name contains FILTER
 *
 * Output: one "PASS: <case>", "FAIL: <case>: <why>" or "SKIP: <case>: <why>"
 * line per case; the exit status is 1 if any case failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>
#include <wchar.h>

#include <ksan/ksan.h>

/* ---- harness ------------------------------------------------------------ */

/* each report is printed too (to the log file), after it is recorded */
#define HARNESS_PRINT_REPORTS 1
#include "harness.h"

/* What the running case expects. */
static struct {
	const char *type;	/* NULL: silence */
	uintptr_t addr;
	size_t size;
	int access;
	const char *frame;	/* first Call Trace frame: the libc function */
	const char *caller;	/* BUG line function; NULL: the case's own */
	const char *overlap_fn;	/* "<fn> of overlapping ranges" */
} ex;

#define CHECK(cond)							\
	do {								\
		if (!(cond))						\
			fail(__LINE__, "check failed: %s", #cond);	\
	} while (0)

static void expect_bad(const char *type, const void *addr, size_t size, int access,
		       const char *frame)
{
	ex.type = type;
	ex.addr = (uintptr_t)addr;
	ex.size = size;
	ex.access = access;
	ex.frame = frame;
	ex.caller = NULL;
	ex.overlap_fn = NULL;
}

/* An overlap report: "<fn>-param-overlap", write of dsize at dst. */
static void expect_overlap(const char *fn, const void *dst, size_t dsize, const char *frame)
{
	static char type[64];

	snprintf(type, sizeof(type), "%s-param-overlap", fn);
	expect_bad(type, dst, dsize, KSAN_WRITE, frame);
	ex.overlap_fn = fn;
}

#define READ KSAN_READ
#define WRITE KSAN_WRITE
#define SOOB "slab-out-of-bounds"
#define UAP "use-after-poison"
#define UAF "slab-use-after-free"

/* ---- the printed report, from the log file ------------------------------ */

static int log_fd = -1;

/* Text the runtime appended to the log since the last call. */
static char *new_log_text(void)
{
	static char buf[1 << 16];
	size_t have = 0;
	ssize_t n;

	while (have < sizeof(buf) - 1 &&
	       (n = read(log_fd, buf + have, sizeof(buf) - 1 - have)) > 0)
		have += (size_t)n;
	buf[have] = 0;
	return buf;
}

static void check_text(const char *text, const char *caller)
{
	char want[256];
	const char *p, *q;

	snprintf(want, sizeof(want), "BUG: KASAN: %s in %s", ex.type, caller);
	if (!(p = strstr(text, want)) || (p[strlen(want)] != '+' && p[strlen(want)] != '.')) {
		fail(__LINE__, "no \"%s\" line in the report: %.300s", want, text);
		return;
	}
	p = strchr(p, '\n') + 1;
	if (ex.overlap_fn)
		snprintf(want, sizeof(want), "%s of overlapping ranges [0x%lx, 0x%lx) and [",
			 ex.overlap_fn, (unsigned long)ex.addr, (unsigned long)(ex.addr + ex.size));
	else
		snprintf(want, sizeof(want), "%s of size %zu at addr %016lx by task ",
			 ex.access == KSAN_WRITE ? "Write" : "Read", ex.size,
			 (unsigned long)ex.addr);
	if (strncmp(p, want, strlen(want))) {
		fail(__LINE__, "second line is not \"%s...\": %.200s", want, p);
		return;
	}
	snprintf(want, sizeof(want), "\nCall Trace:\n %s\n", ex.frame);
	if (!(q = strstr(p, want)))
		fail(__LINE__, "first Call Trace frame is not \" %s\": %.300s", ex.frame, p);
}

static void verify(const char *name)
{
	char caller[128];
	const char *text = new_log_text();
	int n = nrec;
	const struct rec *r = &recs[0];

	nrec = 0;
	if (!ex.type) {
		if (n)
			fail(__LINE__, "expected no report, got %d (%s %s of size %zu at %#lx)", n,
			     r->type, r->access == KSAN_WRITE ? "write" : "read", r->size,
			     (unsigned long)r->addr);
		else if (*text)
			fail(__LINE__, "expected no report, the log has: %.200s", text);
		return;
	}
	if (n != 1) {
		fail(__LINE__, "expected 1 report (%s %s of size %zu at %#lx), got %d%s%s", ex.type,
		     ex.access == KSAN_WRITE ? "write" : "read", ex.size,
		     (unsigned long)ex.addr, n, n ? ", first: " : "", n ? r->type : "");
		return;
	}
	if (strcmp(r->type, ex.type) || r->addr != ex.addr || r->size != ex.size ||
	    r->access != ex.access) {
		fail(__LINE__, "expected %s %s of size %zu at %#lx, got %s %s of size %zu at %#lx",
		     ex.type, ex.access == KSAN_WRITE ? "write" : "read", ex.size,
		     (unsigned long)ex.addr, r->type,
		     r->access == KSAN_WRITE ? "write" : "read", r->size, (unsigned long)r->addr);
		return;
	}
	snprintf(caller, sizeof(caller), "case_%s", name);
	check_text(text, ex.caller ? ex.caller : caller);
}

/* ---- buffers ------------------------------------------------------------ */

char *volatile sink;
volatile long isink;	/* keeps the result of a pure function in use */

/* n bytes on the heap (its red zone right after), filled with c.  The
 * cases' buffers here are never freed: not leaks (the check at exit). */
static char *heap(size_t n, int c)
{
	char *p = sink = malloc(n);

	__lsan_ignore_object(p);
	memset(p, c, n);
	return p;
}

/* A heap copy of s (with its NUL) of which only the first valid bytes are
 * addressable: a string that runs into poison. */
static char *tail(const char *s, size_t valid)
{
	char *p = sink = malloc(128);

	__lsan_ignore_object(p);
	memcpy(p, s, strlen(s) + 1);
	ksan_poison(p + valid, 128 - valid);
	return p;
}

static wchar_t *wtail(const wchar_t *s, size_t valid)
{
	wchar_t *p = (wchar_t *)(sink = malloc(256));

	__lsan_ignore_object(p);
	wmemcpy(p, s, wcslen(s) + 1);
	ksan_poison(p + valid, 256 - valid * sizeof(wchar_t));
	return p;
}

static const char A16[] = "aaaaaaaaaaaaaaaa";	/* 16 bytes and a NUL */

/* ---- cases: <string.h> -------------------------------------------------- */

#define CASE(name) static NOINLINE void case_##name(void)

CASE(memcmp_oob)
{
	char *a = heap(8, 'x'), *b = heap(16, 'x');

	expect_bad(SOOB, a, 9, READ, "memcmp");
	isink = memcmp(a, b, 9);
}

CASE(memcmp_ok)
{
	char *a = heap(8, 'x'), *b = heap(8, 'x');

	CHECK(memcmp(a, b, 8) == 0);
	b[7] = 'y';
	CHECK(memcmp(a, b, 8) < 0);
}

CASE(bcmp_oob)
{
	char *a = heap(8, 'x'), *b = heap(16, 'x');

	expect_bad(SOOB, a, 9, READ, "bcmp");	/* the second operand */
	isink = bcmp(b, a, 9);
}

CASE(bcmp_ok)
{
	char *a = heap(8, 'x'), *b = heap(8, 'x');

	CHECK(bcmp(a, b, 8) == 0);
}

CASE(memchr_oob)
{
	char *a = heap(8, 'x');

	expect_bad(SOOB, a, 9, READ, "memchr");
	isink = (long)memchr(a, 'y', 9);
}

CASE(memchr_ok)
{
	char *a = heap(8, 'x');

	a[3] = 'y';
	/* n larger than the buffer: only what is read up to the match counts */
	CHECK(memchr(a, 'y', 100) == a + 3);
	CHECK(memchr(a, 'z', 8) == NULL);
}

CASE(strlen_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strlen");
	CHECK(strlen(s) == 16);	/* a read-only function still runs */
}

CASE(strlen_ok)
{
	CHECK(strlen(tail("abcd", 5)) == 4);
	CHECK(strlen(tail("", 1)) == 0);
}

CASE(strnlen_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strnlen");
	CHECK(strnlen(s, 20) == 16);
}

CASE(strnlen_ok)
{
	char *s = tail(A16, 16);

	CHECK(strnlen(s, 16) == 16);
	CHECK(strnlen(s, 3) == 3);
}

CASE(strcpy_oob)
{
	char *d = heap(8, 'z'), *s = tail("123456789", 10);

	expect_bad(SOOB, d, 10, WRITE, "strcpy");
	CHECK(strcpy(d, s) == d);
	CHECK(d[0] == 'z');	/* not performed */
}

CASE(strcpy_src_oob)
{
	char *d = heap(32, 'z'), *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strcpy");
	strcpy(d, s);
	CHECK(d[0] == 'z');
}

CASE(strcpy_ok)
{
	char *d = heap(10, 'z'), *s = tail("123456789", 10);

	CHECK(strcpy(d, s) == d && !strcmp(d, "123456789"));
}

CASE(strcpy_overlap)
{
	char *p = heap(32, 0);

	memcpy(p, "abcdefgh", 9);
	expect_overlap("strcpy", p + 2, 9, "strcpy");
	strcpy(p + 2, p);
	CHECK(p[2] == 'c');
}

CASE(stpcpy_oob)
{
	char *d = heap(4, 'z'), *s = tail("12345", 6);

	expect_bad(SOOB, d, 6, WRITE, "stpcpy");
	CHECK(stpcpy(d, s) == d + 5);
	CHECK(d[0] == 'z');
}

CASE(stpcpy_ok)
{
	char *d = heap(6, 'z'), *s = tail("12345", 6);

	CHECK(stpcpy(d, s) == d + 5 && !strcmp(d, "12345"));
}

CASE(stpcpy_overlap)
{
	char *p = heap(32, 0);

	memcpy(p, "abcdefgh", 9);
	expect_overlap("stpcpy", p, 8, "stpcpy");
	stpcpy(p, p + 1);
}

CASE(strncpy_oob)
{
	char *d = heap(8, 'z'), *s = tail("ab", 3);

	expect_bad(SOOB, d, 10, WRITE, "strncpy");	/* n bytes, padding too */
	strncpy(d, s, 10);
	CHECK(d[0] == 'z');
}

CASE(strncpy_src_oob)
{
	char *d = heap(32, 'z'), *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strncpy");
	strncpy(d, s, 20);
}

CASE(strncpy_ok)
{
	char *d = heap(8, 'z'), *s = tail(A16, 16);

	CHECK(strncpy(d, tail("ab", 3), 8) == d && !memcmp(d, "ab\0\0\0\0\0\0", 8));
	/* no NUL among the first n: only n bytes of the source are read */
	CHECK(strncpy(d, s, 8) == d && !memcmp(d, A16, 8));
}

CASE(strncpy_overlap)
{
	char *p = heap(32, 0);

	memcpy(p, "abcdefgh", 9);
	expect_overlap("strncpy", p + 1, 5, "strncpy");
	strncpy(p + 1, p, 5);
}

CASE(strcat_oob)
{
	char *d = heap(8, 0), *s = tail("defgh", 6);

	memcpy(d, "abc", 4);
	expect_bad(SOOB, d + 3, 6, WRITE, "strcat");
	strcat(d, s);
	CHECK(!strcmp(d, "abc"));
}

CASE(strcat_dst_oob)
{
	char *d = tail(A16, 16), *s = tail("x", 2);

	expect_bad(UAP, d, 17, READ, "strcat");
	strcat(d, s);
}

CASE(strcat_ok)
{
	char *d = heap(8, 0);

	memcpy(d, "abc", 4);
	CHECK(strcat(d, tail("defg", 5)) == d && !strcmp(d, "abcdefg"));
}

CASE(strcat_overlap)
{
	char *p = heap(32, 0);

	memcpy(p, "abcd", 5);
	expect_overlap("strcat", p, 8, "strcat");
	strcat(p, p + 1);
}

CASE(strncat_oob)
{
	char *d = heap(8, 0), *s = tail("xyz", 4);

	memcpy(d, "abcde", 6);
	expect_bad(SOOB, d + 5, 4, WRITE, "strncat");
	strncat(d, s, 3);
	CHECK(!strcmp(d, "abcde"));
}

CASE(strncat_ok)
{
	char *d = heap(8, 0), *s = tail(A16, 16);

	memcpy(d, "abcde", 6);
	CHECK(strncat(d, s, 2) == d && !strcmp(d, "abcdeaa"));	/* 2 bytes of s read */
}

CASE(strncat_overlap)
{
	char *p = heap(32, 0);

	memcpy(p, "abcd", 5);
	expect_overlap("strncat", p, 7, "strncat");
	strncat(p, p + 1, 2);
}

CASE(strcmp_oob)
{
	char *a = tail(A16, 16), *b = tail(A16, 17);

	expect_bad(UAP, a, 17, READ, "strcmp");
	CHECK(strcmp(a, b) == 0);
}

CASE(strcmp_oob_second)
{
	char *a = tail(A16, 17), *b = tail(A16, 16);

	expect_bad(UAP, b, 17, READ, "strcmp");
	CHECK(strcmp(a, b) == 0);
}

CASE(strcmp_ok)
{
	char *a = tail(A16, 1), *b = tail("abd", 4);

	CHECK(strcmp(tail("abc", 4), b) < 0);
	/* stops at the first difference: a's poisoned tail is not read */
	CHECK(strcmp(a, tail("b", 2)) < 0);
	CHECK(strcmp(b, "abc") > 0);
}

CASE(strncmp_oob)
{
	char *a = tail(A16, 16), *b = tail(A16, 17);

	expect_bad(UAP, a, 17, READ, "strncmp");
	CHECK(strncmp(a, b, 20) == 0);
}

CASE(strncmp_ok)
{
	char *a = tail(A16, 16), *b = tail(A16, 17);

	CHECK(strncmp(a, b, 16) == 0);
	CHECK(strncmp(tail("abc", 4), tail("abd", 4), 2) == 0);
	CHECK(strncmp(tail("abc", 4), tail("abd", 4), 3) < 0);
}

CASE(strcasecmp_oob)
{
	char *a = tail("AAAAAAAAAAAAAAAA", 16), *b = tail(A16, 17);

	expect_bad(UAP, a, 17, READ, "strcasecmp");
	CHECK(strcasecmp(a, b) == 0);
}

CASE(strcasecmp_ok)
{
	CHECK(strcasecmp(tail("AbC", 4), tail("aBc", 4)) == 0);
	CHECK(strcasecmp(tail("abc", 4), tail("ABD", 4)) < 0);
}

CASE(strchr_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strchr");
	CHECK(strchr(s, 'z') == NULL);
}

CASE(strchr_ok)
{
	char *s = tail(A16, 16);

	CHECK(strchr(s, 'a') == s);	/* found at once: the tail is not read */
	CHECK(strchr(tail("abc", 4), 0) != NULL);
}

CASE(index_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "index");
	CHECK(index(s, 'z') == NULL);
}

CASE(strrchr_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strrchr");
	CHECK(strrchr(s, 'a') == s + 15);
}

CASE(strrchr_ok)
{
	char *s = tail("abca", 5);

	CHECK(strrchr(s, 'a') == s + 3 && strrchr(s, 'z') == NULL);
}

CASE(rindex_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "rindex");
	CHECK(rindex(s, 'a') == s + 15);
}

CASE(strstr_oob)
{
	char *h = tail(A16, 16);

	expect_bad(UAP, h, 17, READ, "strstr");
	CHECK(strstr(h, tail("b", 2)) == NULL);
}

CASE(strstr_needle_oob)
{
	char *h = tail("aaaa", 5), *n = tail("bbbbbbbb", 8);

	expect_bad(UAP, n, 9, READ, "strstr");
	CHECK(strstr(h, n) == NULL);
}

CASE(strstr_ok)
{
	char *h = tail("xxabyyyyyyyyyyyyyyy", 4);

	CHECK(strstr(h, tail("ab", 3)) == h + 2);	/* read up to the match's end */
}

CASE(strspn_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strspn");
	CHECK(strspn(s, "a") == 16);
}

CASE(strspn_ok)
{
	CHECK(strspn(tail(A16, 16), tail("b", 2)) == 0);
	CHECK(strspn(tail("abcx", 5), tail("cba", 4)) == 3);
}

CASE(strcspn_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strcspn");
	CHECK(strcspn(s, "b") == 16);
}

CASE(strcspn_ok)
{
	CHECK(strcspn(tail(A16, 16), tail("a", 2)) == 0);
	CHECK(strcspn(tail("abcx", 5), tail("x", 2)) == 3);
}

CASE(strpbrk_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strpbrk");
	CHECK(strpbrk(s, "b") == NULL);
}

CASE(strpbrk_accept_oob)
{
	char *s = tail("abc", 4), *a = tail("xxxxxxxx", 8);

	expect_bad(UAP, a, 9, READ, "strpbrk");
	CHECK(strpbrk(s, a) == NULL);
}

CASE(strpbrk_ok)
{
	char *s = tail(A16, 16);

	CHECK(strpbrk(s, "a") == s);
}

CASE(strdup_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strdup");
	CHECK(strdup(s) == NULL);
}

CASE(strdup_ok)
{
	char *d = strdup(tail("hello", 6));

	CHECK(d && !strcmp(d, "hello"));
	free(d);
}

CASE(strndup_oob)
{
	char *s = tail(A16, 16);

	expect_bad(UAP, s, 17, READ, "strndup");
	CHECK(strndup(s, 20) == NULL);
}

CASE(strndup_ok)
{
	char *d = strndup(tail(A16, 16), 16), *e = strndup(tail("ab", 3), 10);

	CHECK(d && strlen(d) == 16 && e && !strcmp(e, "ab"));
	free(d);
	free(e);
}

CASE(strtok_uaf)
{
	char *p = heap(64, 0);

	memcpy(p, "0123456789abcdefghij,b,c", 25);
	CHECK(strtok(p, ",") == p);
	free(p);
	/* the continuation reads the freed buffer from where it stopped */
	expect_bad(UAF, p + 21, 2, READ, "strtok");
	CHECK(strtok(NULL, ",") == NULL);
}

CASE(strtok_delim_oob)
{
	char *p = heap(8, 0), *d = tail(",,,,,,,,", 8);

	memcpy(p, "a,b", 4);
	expect_bad(UAP, d, 9, READ, "strtok");
	CHECK(strtok(p, d) == NULL);
	CHECK(p[1] == ',');	/* not performed */
}

CASE(strtok_ok)
{
	char *p = heap(8, 0);

	memcpy(p, ",a,,b,", 7);
	CHECK(strtok(p, ",") == p + 1);
	CHECK(strtok(NULL, ",") == p + 4);
	CHECK(strtok(NULL, ",") == NULL);
	CHECK(strtok(NULL, ",") == NULL);
}

CASE(memcpy_overlap)
{
	char *p = heap(64, 'a');
	size_t n = 40;

	HIDE(n);
	expect_overlap("memcpy", p + 10, 40, "memcpy");
	memcpy(p + 10, p, n);
}

CASE(memcpy_same_ok)
{
	char *p = heap(64, 'a'), *q = p;
	size_t n = 40;

	HIDE(n);
	HIDE(q);
	memcpy(p, q, n);	/* struct self-assignment: let through */
	memmove(p + 1, p, n);
}

/* ---- cases: <wchar.h> --------------------------------------------------- */

#define WS sizeof(wchar_t)

static wchar_t *wheap(size_t n, wchar_t c)
{
	wchar_t *p = (wchar_t *)(sink = malloc(n * WS));

	__lsan_ignore_object(p);
	wmemset(p, c, n);
	return p;
}

CASE(wcslen_oob)
{
	wchar_t *s = wtail(L"aaaa", 4);

	expect_bad(UAP, s, 5 * WS, READ, "wcslen");
	CHECK(wcslen(s) == 4);
}

CASE(wcslen_ok)
{
	CHECK(wcslen(wtail(L"aaaa", 5)) == 4);
}

CASE(wcsnlen_oob)
{
	wchar_t *s = wtail(L"aaaa", 4);

	expect_bad(UAP, s, 5 * WS, READ, "wcsnlen");
	CHECK(wcsnlen(s, 10) == 4);
}

CASE(wcsnlen_ok)
{
	CHECK(wcsnlen(wtail(L"aaaa", 4), 4) == 4);
}

CASE(wcscpy_oob)
{
	wchar_t *d = wheap(2, L'z'), *s = wtail(L"abc", 4);

	expect_bad(SOOB, d, 4 * WS, WRITE, "wcscpy");
	wcscpy(d, s);
	CHECK(d[0] == L'z');
}

CASE(wcscpy_ok)
{
	wchar_t *d = wheap(4, L'z');

	CHECK(wcscpy(d, wtail(L"abc", 4)) == d && !wcscmp(d, L"abc"));
}

CASE(wcscpy_overlap)
{
	wchar_t *p = wheap(16, 0);

	wcscpy(p, L"abcd");
	expect_overlap("wcscpy", p + 1, 5 * WS, "wcscpy");
	wcscpy(p + 1, p);
}

CASE(wcsncpy_oob)
{
	wchar_t *d = wheap(2, L'z');

	expect_bad(SOOB, d, 4 * WS, WRITE, "wcsncpy");
	wcsncpy(d, wtail(L"a", 2), 4);
	CHECK(d[0] == L'z');
}

CASE(wcsncpy_ok)
{
	wchar_t *d = wheap(4, L'z');

	CHECK(wcsncpy(d, wtail(L"a", 2), 4) == d && d[0] == L'a' && d[3] == 0);
}

CASE(wcscat_oob)
{
	wchar_t *d = wheap(4, 0);

	wcscpy(d, L"ab");
	expect_bad(SOOB, d + 2, 3 * WS, WRITE, "wcscat");
	wcscat(d, wtail(L"cd", 3));
	CHECK(!wcscmp(d, L"ab"));
}

CASE(wcscat_ok)
{
	wchar_t *d = wheap(5, 0);

	wcscpy(d, L"ab");
	CHECK(wcscat(d, wtail(L"cd", 3)) == d && !wcscmp(d, L"abcd"));
}

CASE(wcsncat_oob)
{
	wchar_t *d = wheap(4, 0);

	wcscpy(d, L"ab");
	expect_bad(SOOB, d + 2, 3 * WS, WRITE, "wcsncat");
	wcsncat(d, wtail(L"cde", 4), 2);
}

CASE(wcsncat_ok)
{
	wchar_t *d = wheap(4, 0);

	wcscpy(d, L"ab");
	CHECK(wcsncat(d, wtail(L"cdefgh", 2), 1) == d && !wcscmp(d, L"abc"));
}

CASE(wcscmp_oob)
{
	wchar_t *a = wtail(L"aaaa", 4), *b = wtail(L"aaaa", 5);

	expect_bad(UAP, a, 5 * WS, READ, "wcscmp");
	CHECK(wcscmp(a, b) == 0);
}

CASE(wcscmp_ok)
{
	CHECK(wcscmp(wtail(L"abc", 4), wtail(L"abd", 4)) < 0);
	CHECK(wcscmp(wtail(L"xbc", 1), wtail(L"a", 2)) > 0);
}

CASE(wcsncmp_oob)
{
	wchar_t *a = wtail(L"aaaa", 4), *b = wtail(L"aaaa", 5);

	expect_bad(UAP, a, 5 * WS, READ, "wcsncmp");
	CHECK(wcsncmp(a, b, 10) == 0);
}

CASE(wcsncmp_ok)
{
	CHECK(wcsncmp(wtail(L"aaaa", 4), wtail(L"aaaa", 4), 4) == 0);
}

CASE(wcschr_oob)
{
	wchar_t *s = wtail(L"aaaa", 4);

	expect_bad(UAP, s, 5 * WS, READ, "wcschr");
	CHECK(wcschr(s, L'z') == NULL);
}

CASE(wcschr_ok)
{
	wchar_t *s = wtail(L"aaaa", 1);

	CHECK(wcschr(s, L'a') == s);
}

CASE(wcsrchr_oob)
{
	wchar_t *s = wtail(L"aaaa", 4);

	expect_bad(UAP, s, 5 * WS, READ, "wcsrchr");
	CHECK(wcsrchr(s, L'a') == s + 3);
}

CASE(wcsrchr_ok)
{
	wchar_t *s = wtail(L"abca", 5);

	CHECK(wcsrchr(s, L'a') == s + 3);
}

CASE(wcsstr_oob)
{
	wchar_t *h = wtail(L"aaaa", 4);

	expect_bad(UAP, h, 5 * WS, READ, "wcsstr");
	CHECK(wcsstr(h, wtail(L"b", 2)) == NULL);
}

CASE(wcsstr_ok)
{
	wchar_t *h = wtail(L"xabyyyyy", 3);

	CHECK(wcsstr(h, wtail(L"ab", 3)) == h + 1);
}

CASE(wcswcs_oob)
{
	wchar_t *h = wtail(L"aaaa", 4);

	expect_bad(UAP, h, 5 * WS, READ, "wcswcs");
	CHECK(wcswcs(h, wtail(L"b", 2)) == NULL);
}

CASE(wmemcpy_oob)
{
	wchar_t *d = wheap(2, L'z'), *s = wheap(4, L'a');

	expect_bad(SOOB, d, 3 * WS, WRITE, "wmemcpy");
	wmemcpy(d, s, 3);
	CHECK(d[0] == L'z');
}

CASE(wmemcpy_src_oob)
{
	wchar_t *d = wheap(4, L'z'), *s = wheap(2, L'a');

	expect_bad(SOOB, s, 3 * WS, READ, "wmemcpy");
	wmemcpy(d, s, 3);
}

CASE(wmemcpy_ok)
{
	wchar_t *d = wheap(3, L'z'), *s = wheap(3, L'a');

	CHECK(wmemcpy(d, s, 3) == d && d[2] == L'a');
}

CASE(wmemcpy_overlap)
{
	wchar_t *p = wheap(8, L'a');

	expect_overlap("wmemcpy", p + 1, 3 * WS, "wmemcpy");
	wmemcpy(p + 1, p, 3);
}

CASE(wmemmove_oob)
{
	wchar_t *d = wheap(2, L'z'), *s = wheap(4, L'a');

	expect_bad(SOOB, d, 3 * WS, WRITE, "wmemmove");
	wmemmove(d, s, 3);
}

CASE(wmemmove_ok)
{
	wchar_t *p = wheap(8, 0);

	wcscpy(p, L"abcd");
	CHECK(wmemmove(p + 1, p, 4) == p + 1 && !wcscmp(p, L"aabcd"));
}

CASE(wmemset_oob)
{
	wchar_t *d = wheap(2, L'z');

	expect_bad(SOOB, d, 3 * WS, WRITE, "wmemset");
	wmemset(d, L'x', 3);
	CHECK(d[0] == L'z');
}

CASE(wmemset_ok)
{
	wchar_t *d = wheap(3, L'z');

	CHECK(wmemset(d, L'x', 3) == d && d[2] == L'x');
}

CASE(wmemcmp_oob)
{
	wchar_t *a = wheap(2, L'a'), *b = wheap(4, L'a');

	expect_bad(SOOB, a, 3 * WS, READ, "wmemcmp");
	isink = wmemcmp(a, b, 3);
}

CASE(wmemcmp_ok)
{
	wchar_t *a = wheap(3, L'a'), *b = wheap(3, L'a');

	CHECK(wmemcmp(a, b, 3) == 0);
	b[2] = L'b';
	CHECK(wmemcmp(a, b, 3) < 0);
}

CASE(swprintf_oob)
{
	wchar_t *d = wheap(2, L'z');

	/* the declared destination: 4 wide characters */
	expect_bad(SOOB, d, 4 * WS, WRITE, "swprintf");
	CHECK(swprintf(d, 4, L"%d", 1) == -1);
	CHECK(d[0] == L'z');
}

CASE(swprintf_ok)
{
	wchar_t *d = wheap(4, L'z');

	CHECK(swprintf(d, 4, L"%d", 123) == 3 && !wcscmp(d, L"123"));
	CHECK(swprintf(d, 4, L"%d", 12345) == -1);
}

static NOINLINE int call_vswprintf(wchar_t *d, size_t n, const wchar_t *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vswprintf(d, n, fmt, ap);
	va_end(ap);
	return r;
}

CASE(vswprintf_oob)
{
	wchar_t *d = wheap(2, L'z');

	expect_bad(SOOB, d, 4 * WS, WRITE, "vswprintf");
	ex.caller = "call_vswprintf";
	CHECK(call_vswprintf(d, 4, L"%d", 1) == -1);
}

CASE(vswprintf_ok)
{
	wchar_t *d = wheap(4, L'z');

	CHECK(call_vswprintf(d, 4, L"%ls", L"ab") == 2 && !wcscmp(d, L"ab"));
}

/* ---- cases: I/O --------------------------------------------------------- */

static int dev_zero(void)
{
	return open("/dev/zero", O_RDONLY);
}

static int dev_null(void)
{
	return open("/dev/null", O_WRONLY);
}

CASE(read_oob)
{
	char *d = heap(8, 'z');
	int fd = dev_zero();

	expect_bad(SOOB, d, 16, WRITE, "read");
	errno = 0;
	CHECK(read(fd, d, 16) == -1 && errno == EFAULT);
	CHECK(d[0] == 'z');
	close(fd);
}

CASE(read_ok)
{
	char *d = heap(8, 'z');
	int fd = dev_zero();

	CHECK(read(fd, d, 8) == 8 && d[7] == 0);
	close(fd);
}

CASE(pread_oob)
{
	char *d = heap(8, 'z');
	int fd = dev_zero();

	expect_bad(SOOB, d, 16, WRITE, "pread");
	CHECK(pread(fd, d, 16, 0) == -1);
	close(fd);
}

CASE(pread_ok)
{
	char *d = heap(8, 'z');
	int fd = dev_zero();

	CHECK(pread(fd, d, 8, 0) == 8 && d[0] == 0);
	close(fd);
}

CASE(pread64_oob)
{
	char *d = heap(8, 'z');
	int fd = dev_zero();

	expect_bad(SOOB, d, 16, WRITE, "pread64");
	CHECK(pread64(fd, d, 16, 0) == -1);
	close(fd);
}

CASE(write_oob)
{
	char *s = heap(8, 'a');
	int fd = dev_null();

	expect_bad(SOOB, s, 16, READ, "write");
	CHECK(write(fd, s, 16) == -1 && errno == EFAULT);	/* no leak */
	close(fd);
}

CASE(write_ok)
{
	int fd = dev_null();

	CHECK(write(fd, heap(8, 'a'), 8) == 8);
	close(fd);
}

CASE(pwrite_oob)
{
	char *s = heap(8, 'a');
	int fd = dev_null();

	expect_bad(SOOB, s, 16, READ, "pwrite");
	CHECK(pwrite(fd, s, 16, 0) == -1);
	close(fd);
}

CASE(pwrite_ok)
{
	int fd = dev_null();

	CHECK(pwrite(fd, heap(8, 'a'), 8, 0) == 8);
	close(fd);
}

CASE(pwrite64_oob)
{
	char *s = heap(8, 'a');
	int fd = dev_null();

	expect_bad(SOOB, s, 16, READ, "pwrite64");
	CHECK(pwrite64(fd, s, 16, 0) == -1);
	close(fd);
}

static int sv[2] = { -1, -1 };

static void pair(void)
{
	if (sv[0] < 0 && socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		fail(__LINE__, "socketpair: %s", strerror(errno));
}

CASE(send_oob)
{
	char *s = heap(8, 'a');

	pair();
	expect_bad(SOOB, s, 16, READ, "send");
	CHECK(send(sv[0], s, 16, 0) == -1);
}

CASE(send_recv_ok)
{
	char *s = heap(8, 'a'), *d = heap(8, 'z');

	pair();
	CHECK(send(sv[0], s, 8, 0) == 8);
	CHECK(recv(sv[1], d, 8, 0) == 8 && d[7] == 'a');
}

CASE(recv_oob)
{
	char *d = heap(8, 'z'), *all = heap(16, 0);

	pair();
	CHECK(send(sv[0], "0123456789abcdef", 16, 0) == 16);
	expect_bad(SOOB, d, 16, WRITE, "recv");
	CHECK(recv(sv[1], d, 16, 0) == -1);
	CHECK(d[0] == 'z');
	CHECK(recv(sv[1], all, 16, MSG_PEEK) == 16);	/* still there */
}

CASE(fread_oob)
{
	char *d = heap(8, 'z');
	FILE *f = fopen("/dev/zero", "r");

	expect_bad(SOOB, d, 16, WRITE, "fread");
	CHECK(fread(d, 4, 4, f) == 0 && d[0] == 'z');
	fclose(f);
}

CASE(fread_ok)
{
	char *d = heap(8, 'z');
	FILE *f = fopen("/dev/zero", "r");

	CHECK(fread(d, 4, 2, f) == 2 && d[7] == 0);
	fclose(f);
}

CASE(fwrite_oob)
{
	char *s = heap(8, 'a');
	FILE *f = fopen("/dev/null", "w");

	expect_bad(SOOB, s, 16, READ, "fwrite");
	CHECK(fwrite(s, 1, 16, f) == 0);
	fclose(f);
}

CASE(fwrite_ok)
{
	FILE *f = fopen("/dev/null", "w");

	CHECK(fwrite(heap(8, 'a'), 2, 4, f) == 4);
	fclose(f);
}

/* A stream with the lines "hello\n" and "world\n". */
static FILE *lines(void)
{
	FILE *f = tmpfile();

	fputs("hello\nworld\n", f);
	rewind(f);
	return f;
}

CASE(fgets_oob)
{
	char *d = heap(8, 'z');
	FILE *f = lines();

	expect_bad(SOOB, d, 16, WRITE, "fgets");
	CHECK(fgets(d, 16, f) == NULL && d[0] == 'z');
	fclose(f);
}

CASE(fgets_ok)
{
	char *d = heap(8, 'z');
	FILE *f = lines();

	CHECK(fgets(d, 8, f) == d && !strcmp(d, "hello\n"));
	fclose(f);
}

/* getline is an inline call of __getdelim in optimised code: call the
 * exported function through a pointer to reach it. */
static ssize_t (*volatile getline_fn)(char **, size_t *, FILE *) = getline;

CASE(getline_oob)
{
	char *line = heap(8, 'z');
	size_t n = 16;	/* not the buffer's size */
	FILE *f = lines();

	expect_bad(SOOB, line, 16, WRITE, "getline");
	CHECK(getline_fn(&line, &n, f) == -1 && line[0] == 'z');
	fclose(f);
}

CASE(getline_ok)
{
	char *line = NULL;
	size_t n = 0;
	FILE *f = lines();

	CHECK(getline_fn(&line, &n, f) == 6 && !strcmp(line, "hello\n"));
	CHECK(getline_fn(&line, &n, f) == 6 && !strcmp(line, "world\n"));
	CHECK(getline_fn(&line, &n, f) == -1);
	free(line);
	line = heap(4, 0);	/* too small: grows through realloc */
	n = 4;
	rewind(f);
	CHECK(getline_fn(&line, &n, f) == 6 && !strcmp(line, "hello\n") && n >= 7);
	free(line);
	fclose(f);
}

CASE(getdelim_oob)
{
	char *line = heap(8, 'z');
	size_t n = 16;
	FILE *f = lines();

	expect_bad(SOOB, line, 16, WRITE, "getdelim");
	CHECK(getdelim(&line, &n, 'o', f) == -1);
	fclose(f);
}

CASE(getdelim_ok)
{
	char *line = NULL;
	size_t n = 0;
	FILE *f = lines();

	CHECK(getdelim(&line, &n, 'o', f) == 5 && !strcmp(line, "hello"));
	free(line);
	fclose(f);
}

CASE(__getdelim_oob)
{
	char *line = heap(8, 'z');
	size_t n = 16;
	FILE *f = lines();

	expect_bad(SOOB, line, 16, WRITE, "__getdelim");
	CHECK(__getdelim(&line, &n, '\n', f) == -1);
	fclose(f);
}

CASE(snprintf_oob)
{
	char *d = heap(8, 'z');

	/* exactly what is written: "123456789" and its NUL */
	expect_bad(SOOB, d, 10, WRITE, "snprintf");
	CHECK(snprintf(d, 16, "%d", 123456789) == -1 && d[0] == 'z');
}

CASE(snprintf_fmt_oob)
{
	char *d = heap(64, 'z'), *fmt = tail("%d%d%d%d%d%d%d%d", 16);

	expect_bad(UAP, fmt, 17, READ, "snprintf");
	CHECK(snprintf(d, 64, fmt, 1, 2, 3, 4, 5, 6, 7, 8) == -1);
}

CASE(snprintf_ok)
{
	char *d = heap(8, 'z');

	CHECK(snprintf(d, 8, "%d", 123456789) == 9 && !strcmp(d, "1234567"));
	/* a size larger than the buffer, but short output: nothing bad written */
	CHECK(snprintf(d, 100, "%d", 12) == 2 && !strcmp(d, "12"));
	CHECK(snprintf(NULL, 0, "%s", "abc") == 3);
}

static NOINLINE int call_vsnprintf(char *d, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(d, n, fmt, ap);
	va_end(ap);
	return r;
}

CASE(vsnprintf_oob)
{
	char *d = heap(8, 'z');

	expect_bad(SOOB, d, 9, WRITE, "vsnprintf");
	ex.caller = "call_vsnprintf";
	CHECK(call_vsnprintf(d, 9, "%s", "abcdefghijk") == -1);
}

CASE(vsnprintf_ok)
{
	char *d = heap(8, 'z');

	CHECK(call_vsnprintf(d, 8, "%s-%d", "ab", 5) == 4 && !strcmp(d, "ab-5"));
}

CASE(sprintf_oob)
{
	char *d = heap(8, 'z');

	expect_bad(SOOB, d, 10, WRITE, "sprintf");
	CHECK(sprintf(d, "%d", 123456789) == -1 && d[0] == 'z');
}

CASE(sprintf_ok)
{
	char *d = heap(8, 'z');

	CHECK(sprintf(d, "%d", 1234567) == 7 && !strcmp(d, "1234567"));
}

static NOINLINE int call_vsprintf(char *d, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsprintf(d, fmt, ap);
	va_end(ap);
	return r;
}

CASE(vsprintf_oob)
{
	char *d = heap(8, 'z');

	expect_bad(SOOB, d, 10, WRITE, "vsprintf");
	ex.caller = "call_vsprintf";
	CHECK(call_vsprintf(d, "%s %s", "hello", "you") == -1);
}

CASE(vsprintf_ok)
{
	char *d = heap(8, 'z');

	CHECK(call_vsprintf(d, "%s %s", "hi", "you") == 6 && !strcmp(d, "hi you"));
}

/* <stdio.h> calls __isoc99_sscanf "sscanf"; the GNU one by its own name: */
extern int gnu_sscanf(const char *, const char *, ...) __asm__("sscanf");

CASE(sscanf_str_oob)
{
	char *w = heap(4, 'z');

	/* reported after the store: "12345678" and its NUL */
	expect_bad(SOOB, w, 9, WRITE, "__isoc99_sscanf");
	CHECK(sscanf("12345678", "%s", w) == 1);
}

CASE(sscanf_long_oob)
{
	long *l = (long *)heap(4, 0);
	int i = 0;

	expect_bad(SOOB, l, sizeof(long), WRITE, "__isoc99_sscanf");
	CHECK(sscanf("5 7", "%d %ld", &i, l) == 2 && i == 5);
}

CASE(sscanf_char_oob)
{
	char *c = heap(2, 'z');

	expect_bad(SOOB, c, 3, WRITE, "__isoc99_sscanf");
	CHECK(sscanf("abc", "%3c", c) == 1);
}

CASE(sscanf_input_oob)
{
	char *s = tail("12", 2);
	int x = 0;

	expect_bad(UAP, s, 3, READ, "__isoc99_sscanf");
	CHECK(sscanf(s, "%d", &x) == EOF && x == 0);
}

CASE(sscanf_ok)
{
	char *w = heap(6, 'z'), *set = heap(4, 'z'), *c = heap(2, 'z');
	int i = 0, n = 0;
	signed char hh = 0;
	double d = 0;
	char *m = NULL;

	CHECK(sscanf("12 hello 3.5 x7 abc de", "%d %s %lf %*c%hhd%n %[a-c] %2c", &i, w, &d,
		     &hh, &n, set, c) == 6);
	CHECK(i == 12 && !strcmp(w, "hello") && d == 3.5 && hh == 7 && n == 15 &&
	      !strcmp(set, "abc") && c[0] == 'd' && c[1] == 'e');
	CHECK(sscanf("word", "%ms", &m) == 1 && m && !strcmp(m, "word"));
	free(m);
	CHECK(sscanf("", "%d", &i) == EOF);
	CHECK(sscanf("x", "%d", &i) == 0);
}

CASE(sscanf_gnu_oob)
{
	char *w = heap(4, 'z');

	expect_bad(SOOB, w, 6, WRITE, "sscanf");
	CHECK(gnu_sscanf("hello", "%s", w) == 1);
}

CASE(sscanf_gnu_ok)
{
	char *w = heap(6, 'z');
	int i = 0;

	CHECK(gnu_sscanf("7 hello", "%d %s", &i, w) == 2 && i == 7 && !strcmp(w, "hello"));
}

static NOINLINE int call_vsscanf(const char *s, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsscanf(s, fmt, ap);
	va_end(ap);
	return r;
}

CASE(vsscanf_oob)
{
	char *w = heap(4, 'z');

	expect_bad(SOOB, w, 6, WRITE, "__isoc99_vsscanf");
	ex.caller = "call_vsscanf";
	CHECK(call_vsscanf("hello", "%s", w) == 1);
}

CASE(vsscanf_ok)
{
	char *w = heap(6, 'z');
	long l = 0;

	CHECK(call_vsscanf("hello 42", "%s %ld", w, &l) == 2 && l == 42);
}

/* ---- cases: what output reads (intercept_stdio.c) ---------------------- */

/* glibc's fortified entry points, declared by <stdio.h> only under
 * _FORTIFY_SOURCE */
int __printf_chk(int, const char *, ...);
int __fprintf_chk(FILE *, int, const char *, ...);
int __vfprintf_chk(FILE *, int, const char *, va_list);
int __dprintf_chk(int, int, const char *, ...);
int __asprintf_chk(char **, int, const char *, ...);
int __snprintf_chk(char *, size_t, int, size_t, const char *, ...);
int __sprintf_chk(char *, int, size_t, const char *, ...);
int __fwprintf_chk(FILE *, int, const wchar_t *, ...);

static FILE *null_out(void)
{
	static FILE *f;

	if (!f)
		f = fopen("/dev/null", "w");
	return f;
}

static FILE *null_wout(void)	/* wide oriented */
{
	static FILE *f;

	if (!f)
		f = fopen("/dev/null", "w");
	return f;
}

/* A 16-byte string whose NUL is poisoned: its %s reads 17 bytes. */
#define UNTERMINATED() tail(A16, 16)

CASE(puts_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "puts");
	errno = 0;
	CHECK(puts(s) == EOF && errno == EFAULT);	/* nothing printed */
}

CASE(puts_ok)
{
	CHECK(puts(tail("", 1)) >= 0);	/* an empty line */
}

CASE(fputs_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "fputs");
	CHECK(fputs(s, null_out()) == EOF && errno == EFAULT);
}

CASE(fputs_ok)
{
	CHECK(fputs(tail("abc", 4), null_out()) >= 0);
}

CASE(fputs_unlocked_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "fputs_unlocked");
	CHECK(fputs_unlocked(s, null_out()) == EOF);
}

CASE(fputs_unlocked_ok)
{
	CHECK(fputs_unlocked(tail("abc", 4), null_out()) >= 0);
}

/* <stdio.h> makes fwrite_unlocked a macro when optimising */
static size_t (*volatile fwrite_unlocked_fn)(const void *, size_t, size_t, FILE *) =
	fwrite_unlocked;

CASE(fwrite_unlocked_oob)
{
	char *s = heap(8, 'a');

	expect_bad(SOOB, s, 16, READ, "fwrite_unlocked");
	CHECK(fwrite_unlocked_fn(s, 4, 4, null_out()) == 0);
}

CASE(fwrite_unlocked_ok)
{
	CHECK(fwrite_unlocked_fn(heap(8, 'a'), 4, 2, null_out()) == 2);
}

CASE(fputws_oob)
{
	wchar_t *s = wtail(L"abcd", 4);

	expect_bad(UAP, s, 5 * WS, READ, "fputws");
	CHECK(fputws(s, null_wout()) == -1 && errno == EFAULT);
}

CASE(fputws_ok)
{
	CHECK(fputws(wtail(L"abcd", 5), null_wout()) >= 0);
}

CASE(fputws_unlocked_oob)
{
	wchar_t *s = wtail(L"abcd", 4);

	expect_bad(UAP, s, 5 * WS, READ, "fputws_unlocked");
	CHECK(fputws_unlocked(s, null_wout()) == -1);
}

CASE(printf_str_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "printf");
	errno = 0;
	CHECK(printf("%s", s) == -1 && errno == EFAULT);
}

CASE(printf_ok)
{
	CHECK(printf("%s%.0s", tail("", 1), UNTERMINATED()) == 0);	/* prints nothing */
}

/* <stdio.h> makes vprintf an inline call of vfprintf when optimising */
static int (*volatile vprintf_fn)(const char *, va_list) = vprintf;

static NOINLINE int call_vprintf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vprintf_fn(fmt, ap);
	va_end(ap);
	return r;
}

CASE(vprintf_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "vprintf");
	ex.caller = "call_vprintf";
	CHECK(call_vprintf("%d%s", 1, s) == -1);
}

CASE(fprintf_str_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "fprintf");
	CHECK(fprintf(null_out(), "<%s>", s) == -1 && errno == EFAULT);
}

/* The precision bounds what is read: min(strnlen(s, prec)+1, prec). */
CASE(fprintf_precision_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "fprintf");
	CHECK(fprintf(null_out(), "%.20s", s) == -1);
}

CASE(fprintf_star_precision_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "fprintf");
	CHECK(fprintf(null_out(), "%d %-*.*s", 1, 3, 17, s) == -1);
}

CASE(fprintf_precision_ok)
{
	char *three = heap(3, 'a'), *s = UNTERMINATED();

	CHECK(fprintf(null_out(), "%.3s|%.*s|%.16s|%5.2s", three, 3, three, s, three) == 30);
	CHECK(fprintf(null_out(), "%s", (char *)NULL) == 6);	/* "(null)" */
}

/* Every argument type before the %s moves the walk along correctly. */
CASE(fprintf_mixed_args_oob)
{
	char *s = UNTERMINATED();
	long double ld = 2.5;

	expect_bad(UAP, s, 17, READ, "fprintf");
	CHECK(fprintf(null_out(), "%d %ld %lld %hhd %zu %f %Lf %e %p %c %lc %*d %.*f %% %m %s", 1,
		      2L, 3LL, 4, (size_t)5, 6.0, ld, 7.0, (void *)s, 'c', (wint_t)L'w', 3, 8,
		      2, 9.0, s) == -1);
}

/* Every flag (- + space # 0 ' I) and length modifier (hh h l ll L q j z t Z)
 * the walk knows lets it go on to the %s; a format through a variable, as
 * some are not in -Wformat's dialect. */
CASE(fprintf_flags_lengths_oob)
{
	char *s = UNTERMINATED();
	const char *volatile fmt = "%+d %-d % d %#x %05d %'d %Id %hhd %hd %ld %lld %Lf %qd %jd "
				   "%zd %td %Zd %s";
	long double ld = 1.5;

	expect_bad(UAP, s, 17, READ, "fprintf");
	CHECK(fprintf(null_out(), fmt, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10L, 11LL, ld, 12LL,
		      (intmax_t)13, (ssize_t)14, (ptrdiff_t)15, (size_t)16, s) == -1);
}

CASE(fprintf_mixed_args_ok)
{
	char buf[64];
	long double ld = 2.5;

	CHECK(snprintf(buf, sizeof(buf), "%d %ld %hhd %.1f %.1Lf %c %*d %s|%.2s", 1, 2L, 3, 4.0,
		       ld, 'c', 3, 5, "str", tail("xyz", 2)) == 26 &&
	      !strcmp(buf, "1 2 3 4.0 2.5 c   5 str|xy"));
}

CASE(fprintf_n_oob)
{
	int *n = (int *)heap(2, 0);

	expect_bad(SOOB, n, sizeof(int), WRITE, "fprintf");
	CHECK(fprintf(null_out(), "ab%n", n) == -1);
}

CASE(fprintf_fmt_oob)
{
	char *fmt = tail("%d%d%d%d%d%d%d%d", 16);

	expect_bad(UAP, fmt, 17, READ, "fprintf");
	CHECK(fprintf(null_out(), fmt, 1, 2, 3, 4, 5, 6, 7, 8) == -1);
}

static NOINLINE int call_vfprintf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfprintf(null_out(), fmt, ap);
	va_end(ap);
	return r;
}

CASE(vfprintf_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "vfprintf");
	ex.caller = "call_vfprintf";
	CHECK(call_vfprintf("%s", s) == -1);
}

CASE(vfprintf_ok)
{
	CHECK(call_vfprintf("%s-%d", "ab", 5) == 4);
}

CASE(dprintf_oob)
{
	char *s = UNTERMINATED();
	int fd = dev_null();

	expect_bad(UAP, s, 17, READ, "dprintf");
	CHECK(dprintf(fd, "%s", s) == -1);
	close(fd);
}

CASE(dprintf_ok)
{
	int fd = dev_null();

	CHECK(dprintf(fd, "%s=%d", "x", 12) == 4);
	close(fd);
}

CASE(asprintf_oob)
{
	char *s = UNTERMINATED(), *r = NULL;

	expect_bad(UAP, s, 17, READ, "asprintf");
	CHECK(asprintf(&r, "%s", s) == -1);
}

CASE(asprintf_ok)
{
	char *r = NULL;

	CHECK(asprintf(&r, "%s-%d", "ab", 7) == 4 && r && !strcmp(r, "ab-7"));
	free(r);
}

CASE(asprintf_ptr_oob)
{
	char **r = (char **)heap(4, 0);

	expect_bad(SOOB, r, sizeof(char *), WRITE, "asprintf");
	CHECK(asprintf(r, "%d", 1) == -1);
}

CASE(snprintf_str_oob)
{
	char *d = heap(64, 'z'), *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "snprintf");	/* reads before the write */
	CHECK(snprintf(d, 64, "%s", s) == -1 && d[0] == 'z');
}

CASE(__printf_chk_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "__printf_chk");
	CHECK(__printf_chk(1, "%s", s) == -1);
}

CASE(__fprintf_chk_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "__fprintf_chk");
	CHECK(__fprintf_chk(null_out(), 1, "%s", s) == -1);
}

CASE(__fprintf_chk_ok)
{
	CHECK(__fprintf_chk(null_out(), 1, "%s-%.2s", "ab", tail("xyz", 2)) == 5);
}

CASE(__dprintf_chk_oob)
{
	char *s = UNTERMINATED();
	int fd = dev_null();

	expect_bad(UAP, s, 17, READ, "__dprintf_chk");
	CHECK(__dprintf_chk(fd, 1, "%s", s) == -1);
	close(fd);
}

CASE(__asprintf_chk_oob)
{
	char *s = UNTERMINATED(), *r = NULL;

	expect_bad(UAP, s, 17, READ, "__asprintf_chk");
	CHECK(__asprintf_chk(&r, 1, "%s", s) == -1);
}

CASE(__snprintf_chk_oob)
{
	char *d = heap(8, 'z');

	expect_bad(SOOB, d, 10, WRITE, "__snprintf_chk");
	CHECK(__snprintf_chk(d, 16, 1, 16, "%s", "123456789") == -1 && d[0] == 'z');
}

CASE(__snprintf_chk_ok)
{
	char *d = heap(8, 'z');

	CHECK(__snprintf_chk(d, 8, 1, 8, "%s", "ab") == 2 && !strcmp(d, "ab"));
}

CASE(__sprintf_chk_oob)
{
	char *d = heap(8, 'z'), *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "__sprintf_chk");
	CHECK(__sprintf_chk(d, 1, 64, "%s", s) == -1);
}

CASE(fwprintf_ls_oob)
{
	wchar_t *w = wtail(L"abcd", 4);

	expect_bad(UAP, w, 5 * WS, READ, "fwprintf");
	CHECK(fwprintf(null_wout(), L"%ls", w) == -1);
}

CASE(fwprintf_s_oob)
{
	char *s = UNTERMINATED();

	expect_bad(UAP, s, 17, READ, "fwprintf");	/* a narrow string */
	CHECK(fwprintf(null_wout(), L"%d %s", 1, s) == -1);
}

CASE(fwprintf_ok)
{
	CHECK(fwprintf(null_wout(), L"%ls|%s|%.2ls|%S", wtail(L"ab", 3), "cd", wtail(L"efg", 2),
		       L"h") == 10);
}

CASE(wprintf_oob)
{
	wchar_t *w = wtail(L"abcd", 4);

	/* nothing reaches stdout (it stays byte-oriented) */
	expect_bad(UAP, w, 5 * WS, READ, "wprintf");
	CHECK(wprintf(L"%S", w) == -1);
}

CASE(__fwprintf_chk_oob)
{
	wchar_t *w = wtail(L"abcd", 4);

	expect_bad(UAP, w, 5 * WS, READ, "__fwprintf_chk");
	CHECK(__fwprintf_chk(null_wout(), 1, L"%ls", w) == -1);
}

/* ---- runner ------------------------------------------------------------- */

struct tcase {
	const char *name;
	void (*fn)(void);
};
#define C(name) { #name, case_##name }

static const struct tcase cases[] = {
	C(memcmp_oob), C(memcmp_ok), C(bcmp_oob), C(bcmp_ok), C(memchr_oob), C(memchr_ok),
	C(strlen_oob), C(strlen_ok), C(strnlen_oob), C(strnlen_ok),
	C(strcpy_oob), C(strcpy_src_oob), C(strcpy_ok), C(strcpy_overlap),
	C(stpcpy_oob), C(stpcpy_ok), C(stpcpy_overlap),
	C(strncpy_oob), C(strncpy_src_oob), C(strncpy_ok), C(strncpy_overlap),
	C(strcat_oob), C(strcat_dst_oob), C(strcat_ok), C(strcat_overlap),
	C(strncat_oob), C(strncat_ok), C(strncat_overlap),
	C(strcmp_oob), C(strcmp_oob_second), C(strcmp_ok), C(strncmp_oob), C(strncmp_ok),
	C(strcasecmp_oob), C(strcasecmp_ok),
	C(strchr_oob), C(strchr_ok), C(index_oob), C(strrchr_oob), C(strrchr_ok), C(rindex_oob),
	C(strstr_oob), C(strstr_needle_oob), C(strstr_ok),
	C(strspn_oob), C(strspn_ok), C(strcspn_oob), C(strcspn_ok),
	C(strpbrk_oob), C(strpbrk_accept_oob), C(strpbrk_ok),
	C(strdup_oob), C(strdup_ok), C(strndup_oob), C(strndup_ok),
	C(strtok_uaf), C(strtok_delim_oob), C(strtok_ok),
	C(memcpy_overlap), C(memcpy_same_ok),
	C(wcslen_oob), C(wcslen_ok), C(wcsnlen_oob), C(wcsnlen_ok),
	C(wcscpy_oob), C(wcscpy_ok), C(wcscpy_overlap), C(wcsncpy_oob), C(wcsncpy_ok),
	C(wcscat_oob), C(wcscat_ok), C(wcsncat_oob), C(wcsncat_ok),
	C(wcscmp_oob), C(wcscmp_ok), C(wcsncmp_oob), C(wcsncmp_ok),
	C(wcschr_oob), C(wcschr_ok), C(wcsrchr_oob), C(wcsrchr_ok),
	C(wcsstr_oob), C(wcsstr_ok), C(wcswcs_oob),
	C(wmemcpy_oob), C(wmemcpy_src_oob), C(wmemcpy_ok), C(wmemcpy_overlap),
	C(wmemmove_oob), C(wmemmove_ok), C(wmemset_oob), C(wmemset_ok),
	C(wmemcmp_oob), C(wmemcmp_ok),
	C(swprintf_oob), C(swprintf_ok), C(vswprintf_oob), C(vswprintf_ok),
	C(read_oob), C(read_ok), C(pread_oob), C(pread_ok), C(pread64_oob),
	C(write_oob), C(write_ok), C(pwrite_oob), C(pwrite_ok), C(pwrite64_oob),
	C(send_oob), C(send_recv_ok), C(recv_oob),
	C(fread_oob), C(fread_ok), C(fwrite_oob), C(fwrite_ok), C(fgets_oob), C(fgets_ok),
	C(getline_oob), C(getline_ok), C(getdelim_oob), C(getdelim_ok), C(__getdelim_oob),
	C(snprintf_oob), C(snprintf_fmt_oob), C(snprintf_ok), C(vsnprintf_oob), C(vsnprintf_ok),
	C(sprintf_oob), C(sprintf_ok), C(vsprintf_oob), C(vsprintf_ok),
	C(puts_oob), C(puts_ok), C(fputs_oob), C(fputs_ok), C(fputs_unlocked_oob),
	C(fputs_unlocked_ok), C(fwrite_unlocked_oob), C(fwrite_unlocked_ok),
	C(fputws_oob), C(fputws_ok), C(fputws_unlocked_oob),
	C(printf_str_oob), C(printf_ok), C(vprintf_oob), C(fprintf_str_oob),
	C(fprintf_precision_oob), C(fprintf_star_precision_oob), C(fprintf_precision_ok),
	C(fprintf_mixed_args_oob), C(fprintf_flags_lengths_oob), C(fprintf_mixed_args_ok), C(fprintf_n_oob), C(fprintf_fmt_oob),
	C(vfprintf_oob), C(vfprintf_ok), C(dprintf_oob), C(dprintf_ok),
	C(asprintf_oob), C(asprintf_ok), C(asprintf_ptr_oob), C(snprintf_str_oob),
	C(__printf_chk_oob), C(__fprintf_chk_oob), C(__fprintf_chk_ok), C(__dprintf_chk_oob),
	C(__asprintf_chk_oob), C(__snprintf_chk_oob), C(__snprintf_chk_ok), C(__sprintf_chk_oob),
	C(fwprintf_ls_oob), C(fwprintf_s_oob), C(fwprintf_ok), C(wprintf_oob),
	C(__fwprintf_chk_oob),
	C(sscanf_str_oob), C(sscanf_long_oob), C(sscanf_char_oob), C(sscanf_input_oob),
	C(sscanf_ok), C(sscanf_gnu_oob), C(sscanf_gnu_ok), C(vsscanf_oob), C(vsscanf_ok),
};

/* Re-run this binary with the options the cases need. */
static void reexec(char **argv)
{
	static char opts[512], logenv[300];
	const char *old = getenv("KSAN_OPTIONS");
	char path[256];

	snprintf(path, sizeof(path), "%s/ksan-intercept-%d", getenv("TMPDIR") ? getenv("TMPDIR") :
		 "/tmp", (int)getpid());
	snprintf(opts, sizeof(opts), "KSAN_OPTIONS=%s%shalt_on_error=0:symbolize=0:log_path=%s",
		 old ? old : "", old ? ":" : "", path);
	snprintf(logenv, sizeof(logenv), "KSAN_TEST_LOG=%s", path);
	putenv(opts);
	putenv(logenv);
	execv("/proc/self/exe", argv);
	perror("execv /proc/self/exe");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *filter = argc > 1 ? argv[1] : NULL;
	const char *log = getenv("KSAN_TEST_LOG");
	char path[300];
	size_t i;
	int ran = 0;

	if (!log || !*log)
		reexec(argv);
	snprintf(path, sizeof(path), "%s.%d", log, (int)getpid());
	/* the runtime creates the file at its first report: make it first */
	if ((log_fd = open(path, O_RDONLY | O_CREAT, 0644)) < 0) {
		printf("FAIL: intercept_test: cannot open %s: %s\n", path, strerror(errno));
		return 1;
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	/* the plan first (tests/run-tests.sh): a run that dies halfway is seen */
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ran += !filter || strstr(cases[i].name, filter);
	printf("PLAN: %d\n", ran ? ran : 1);
	ran = 0;
	ksan_set_report_callback(record_report, NULL);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct tcase *t = &cases[i];

		if (filter && !strstr(t->name, filter))
			continue;
		cur_case = t->name;
		case_failed = 0;
		memset(&ex, 0, sizeof(ex));
		nrec = 0;
		new_log_text();
		t->fn();
		verify(t->name);
		ran++;
		if (case_failed)
			printf("FAIL: %s: %s\n", t->name, case_why);
		else
			printf("PASS: %s\n", t->name);
	}
	close(log_fd);
	unlink(path);
	if (!ran)
		printf("FAIL: intercept_test: no case matches \"%s\"\n", filter);
	return nfailures ? 1 : 0;
}
