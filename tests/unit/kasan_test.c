/*
 * This file contains ksan's in-process KASAN tests, KUnit style (after the
 * kernel's mm/kasan/kasan_test_c.c; case names are the kernel's where the
 * case is the kernel's).  A report callback records every report; each bad
 * access must produce exactly one report with the right type, address, size
 * and direction, and each correct twin none.  Cases that need different
 * KSAN_OPTIONS (read at start-up) re-execute this binary with "--child".
 *
 *   kasan_test [FILTER]      run the cases whose name contains FILTER
 *   KSAN_TEST_MODE=inline|outline  how the binary was instrumented (inline
 *                            checks test one granule: see kmalloc_oob_straddle)
 *
 * Output: first "PLAN: <number of cases to run>", then one "PASS: <case>",
 * "FAIL: <case>: <why>" or "SKIP: <case>: <why>" line per case; the exit
 * status is 1 if any case failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ksan/ksan.h>

/* ---- harness ------------------------------------------------------------ */

#include "harness.h"

static int case_skipped;
static char skip_why[256];
static int inline_mode = -1;	/* 1 inline, 0 outline, -1 unknown */
static const char *self_exe = "/proc/self/exe";

static void skip(const char *why)
{
	if (!case_skipped++)
		snprintf(skip_why, sizeof(skip_why), "%s", why);
}

static const char *access_word(int a)
{
	return a == KSAN_READ ? "read" : a == KSAN_WRITE ? "write" : a == KSAN_FREE ? "free" : "?";
}

/* The asan word docs/report-format.md pairs with each kasan word. */
static const char *asan_word_of(const char *t)
{
	static const char *const map[][2] = {
		{ "slab-out-of-bounds", "heap-buffer-overflow" },
		{ "slab-use-after-free", "heap-use-after-free" },
		{ "use-after-free", "heap-use-after-free" },
		{ "use-after-poison", "use-after-poison" },
		{ "double-free", "double-free" },
		{ "invalid-free", "bad-free" },
		{ "out-of-bounds", "negative-size-param" },
		{ "type-confusion", "type-confusion" },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(map[i][0], t))
			return map[i][1];
	return 0;
}

static void describe(char *buf, size_t len, const struct rec *r)
{
	snprintf(buf, len, "%s %s of size %zu at %#lx (object %#lx size %zu %s%s)",
		 r->type, access_word(r->access), r->size, (unsigned long)r->addr,
		 (unsigned long)r->object, r->object_size, r->cache,
		 r->object_freed ? " freed" : "");
}

/* Expected object of a report; object == 0: not checked. */
struct obj_expect {
	uintptr_t object;
	size_t size;
	const char *cache;	/* NULL: not checked */
	int freed;		/* -1: not checked */
};
static const struct obj_expect NO_OBJ = { 0, 0, 0, -1 };

/* Returns 1 if exactly one report matched (then consumed), 0 if none came,
 * -1 after a mismatch (a failure is recorded unless quiet_miss and none). */
static uintptr_t alt_addr;	/* also accepted as the report's address, if set */

static int check_report(int line, const char *what, const char *type, uintptr_t addr,
			size_t size, int access, struct obj_expect o, int quiet_miss)
{
	int n = nrec;
	char d[256];
	const struct rec *r = &recs[0];

	nrec = 0;
	if (n == 0) {
		if (!quiet_miss)
			fail(line, "%s: expected %s %s of size %zu at %#lx, got no report",
			     what, type, access_word(access), size, (unsigned long)addr);
		return 0;
	}
	describe(d, sizeof(d), r);
	if (n > 1) {
		fail(line, "%s: expected 1 report, got %d (first: %s)", what, n, d);
		return -1;
	}
	if (strcmp(r->type, type) || (r->addr != addr && (!alt_addr || r->addr != alt_addr)) ||
	    r->size != size ||
	    r->access != access) {
		fail(line, "%s: expected %s %s of size %zu at %#lx, got %s", what, type,
		     access_word(access), size, (unsigned long)addr, d);
		return -1;
	}
	if (asan_word_of(type) && strcmp(r->asan_type, asan_word_of(type))) {
		fail(line, "%s: asan type %s, expected %s", what, r->asan_type, asan_word_of(type));
		return -1;
	}
	if (o.object) {
		if (r->object != o.object || r->object_size != o.size ||
		    (o.cache && strcmp(r->cache, o.cache)) ||
		    (o.freed >= 0 && r->object_freed != o.freed)) {
			fail(line, "%s: expected object %#lx size %zu %s%s, got %s", what,
			     (unsigned long)o.object, o.size, o.cache ? o.cache : "",
			     o.freed > 0 ? " freed" : "", d);
			return -1;
		}
	}
	return 1;
}

static void expect_none(int line, const char *what)
{
	int n = nrec;
	char d[256];

	nrec = 0;
	if (n) {
		describe(d, sizeof(d), &recs[0]);
		fail(line, "%s: expected no report, got %d (first: %s)", what, n, d);
	}
}

/* No report may be pending before an expectation starts. */
#define PENDING_CHECK() expect_none(__LINE__, "unexpected earlier report")

#define EXPECT_KASAN_FAIL_OBJ(expr, type, addr, size, access, obj) do {	\
	uintptr_t _a = (uintptr_t)(addr);				\
	PENDING_CHECK();						\
	BARRIER();							\
	expr;								\
	BARRIER();							\
	check_report(__LINE__, #expr, type, _a, size, access, obj, 0);	\
} while (0)
#define EXPECT_KASAN_FAIL(expr, type, addr, size, access)		\
	EXPECT_KASAN_FAIL_OBJ(expr, type, addr, size, access, NO_OBJ)
#define EXPECT_NO_REPORT(expr) do {					\
	PENDING_CHECK();						\
	BARRIER();							\
	expr;								\
	BARRIER();							\
	expect_none(__LINE__, #expr);					\
} while (0)
#define CHECK(cond) do {						\
	if (!(cond)) {							\
		fail(__LINE__, "check failed: %s", #cond);		\
		return;							\
	}								\
} while (0)
#define CHECK_CONT(cond) do {						\
	if (!(cond))							\
		fail(__LINE__, "check failed: %s", #cond);		\
} while (0)

/* Accesses the compiler must emit and instrument. */
#define LD(T, a) (*(volatile T *)(uintptr_t)(a))
#define RD(a) LD(uint8_t, a)
#define WR(a, v) (LD(uint8_t, a) = (uint8_t)(v))
typedef unsigned __int128 u128;
typedef uint16_t u16_un __attribute__((aligned(1)));
typedef uint32_t u32_un __attribute__((aligned(1)));
typedef uint64_t u64_un __attribute__((aligned(1)));
typedef u128 u128_un __attribute__((aligned(1)));

static volatile uint8_t sink8;
static volatile uint64_t sink64;
static volatile u128 sink128;

static char *xmalloc(size_t n)
{
	char *p = malloc(n);

	HIDE(p);
	return p;
}

/* realloc out of the caller's sight (no -Wuse-after-free on stale pointers) */
static NOINLINE char *xrealloc(char *p, size_t n)
{
	char *q = realloc(p, n);

	HIDE(q);
	return q;
}

static void xfree(void *p)
{
	HIDE(p);
	free(p);
}

static size_t hide_size(size_t n)
{
	HIDE(n);
	return n;
}

static const size_t class_sizes[] = {
	16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096, 8192,
};
#define SLAB_MAX 8192

/* The kmalloc cache a malloc(n) object lives in. */
static const char *cache_of(size_t n, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(class_sizes) / sizeof(class_sizes[0]); i++)
		if ((n ? n : 1) <= class_sizes[i]) {
			snprintf(buf, len, "kmalloc-%zu", class_sizes[i]);
			return buf;
		}
	snprintf(buf, len, "kmalloc-large");
	return buf;
}

static struct obj_expect live_obj(const void *p, size_t n, const char *cache)
{
	struct obj_expect o = { (uintptr_t)p, n, cache, 0 };

	return o;
}

static struct obj_expect freed_obj(const void *p, size_t n)
{
	struct obj_expect o = { (uintptr_t)p, n, 0, 1 };

	return o;
}

#define ROUND_UP(x, a) (((x) + (a) - 1) / (a) * (a))

/* ---- child processes ---------------------------------------------------- */

struct child {
	int status;
	char out[8192];
	char err[65536];
};

static void append(char *buf, size_t cap, size_t *len, const char *p, size_t n)
{
	if (n > cap - 1 - *len)
		n = cap - 1 - *len;
	memcpy(buf + *len, p, n);
	*len += n;
	buf[*len] = 0;
}

/* Re-execute this binary as "--child MODE" with KSAN_OPTIONS=opts (NULL:
 * unset), capturing stdout and stderr.  Returns 0 on success. */
static int run_child(const char *mode, const char *opts, struct child *c)
{
	extern char **environ;
	int o[2], e[2];
	pid_t pid;
	size_t olen = 0, elen = 0;
	struct pollfd pf[2];
	int open_fds = 2;

	memset(c, 0, sizeof(*c));
	if (pipe2(o, O_CLOEXEC) || pipe2(e, O_CLOEXEC))
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		static char opt_env[512];
		char *argv[] = { "kasan_test", "--child", (char *)mode, 0 };
		char *envp[256];
		struct rlimit no_core = { 0, 0 };
		int n = 0;
		char **ep;

		dup2(o[1], 1);
		dup2(e[1], 2);
		setrlimit(RLIMIT_CORE, &no_core);
		for (ep = environ; *ep && n < 250; ep++)
			if (strncmp(*ep, "KSAN_OPTIONS=", 13))
				envp[n++] = *ep;
		if (opts) {
			snprintf(opt_env, sizeof(opt_env), "KSAN_OPTIONS=%s", opts);
			envp[n++] = opt_env;
		}
		envp[n] = 0;
		execve(self_exe, argv, envp);
		_exit(127);
	}
	close(o[1]);
	close(e[1]);
	pf[0].fd = o[0];
	pf[1].fd = e[0];
	pf[0].events = pf[1].events = POLLIN;
	while (open_fds) {
		char buf[4096];
		int i;

		if (poll(pf, 2, 30000) <= 0)
			break;
		for (i = 0; i < 2; i++) {
			ssize_t n;

			if (pf[i].fd < 0 || !(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			n = read(pf[i].fd, buf, sizeof(buf));
			if (n <= 0) {
				close(pf[i].fd);
				pf[i].fd = -1;
				open_fds--;
			} else if (i == 0) {
				append(c->out, sizeof(c->out), &olen, buf, (size_t)n);
			} else {
				append(c->err, sizeof(c->err), &elen, buf, (size_t)n);
			}
		}
	}
	if (pf[0].fd >= 0)
		close(pf[0].fd);
	if (pf[1].fd >= 0)
		close(pf[1].fd);
	if (waitpid(pid, &c->status, 0) != pid)
		return -1;
	return 0;
}

static int count_substr(const char *s, const char *needle)
{
	int n = 0;

	while ((s = strstr(s, needle))) {
		n++;
		s += strlen(needle);
	}
	return n;
}

/* A child's output on one line: its non-blank lines (banners left out)
 * joined by " | ", as much as fits. */
static const char *one_line(const char *s, char *buf, size_t len)
{
	size_t i = 0;

	buf[0] = 0;
	while (*s) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);

		if (n && strspn(s, "=") != n && strspn(s, " ") != n) {
			if (i && i + 3 < len)
				memcpy(buf + i, " | ", 3), i += 3;
			if (n > len - 1 - i)
				n = len - 1 - i;
			memcpy(buf + i, s, n);
			i += n;
			buf[i] = 0;
		}
		s += e ? (size_t)(e - s) + 1 : strlen(s);
	}
	return buf;
}

static void child_report(int line, const char *what, const struct child *c)
{
	char st[64], o[160], e[240];

	if (WIFEXITED(c->status))
		snprintf(st, sizeof(st), "exit %d", WEXITSTATUS(c->status));
	else if (WIFSIGNALED(c->status))
		snprintf(st, sizeof(st), "signal %d", WTERMSIG(c->status));
	else
		snprintf(st, sizeof(st), "status %#x", c->status);
	fail(line, "%s: child %s; stdout [%s] stderr [%s]", what, st,
	     one_line(c->out, o, sizeof(o)), one_line(c->err, e, sizeof(e)));
}

#define RUN_CHILD(mode, opts, c) do {					\
	if (run_child(mode, opts, c)) {					\
		fail(__LINE__, "cannot run child %s", mode);		\
		return;							\
	}								\
} while (0)
#define EXITED_WITH(c, code) (WIFEXITED((c)->status) && WEXITSTATUS((c)->status) == (code))

/* ---- heap: out of bounds ------------------------------------------------ */

static const size_t boundary_sizes[] = {
	1, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 95, 96, 97, 127, 128, 129,
	191, 192, 193, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 2047,
	2048, 2049, 4095, 4096, 4097, 8191, 8192, 8193, 100000, 1 << 20,
};

/* The kernel's: writes and a read past a 115-byte object in kmalloc-128. */
static void kmalloc_oob_right(void)
{
	size_t size = 128 - 8 - 5;
	char cache[32];
	char *p = xmalloc(size);

	CHECK(p);
	cache_of(size, cache, sizeof(cache));
	EXPECT_NO_REPORT(WR(p + size - 1, 'y'));
	EXPECT_KASAN_FAIL_OBJ(WR(p + size, 'x'), "slab-out-of-bounds", p + size, 1,
			      KSAN_WRITE, live_obj(p, size, cache));
	EXPECT_KASAN_FAIL_OBJ(WR(p + size + 5, 'y'), "slab-out-of-bounds", p + size + 5, 1,
			      KSAN_WRITE, live_obj(p, size, cache));
	EXPECT_KASAN_FAIL_OBJ(sink8 = RD(p + size + 8 + 5), "slab-out-of-bounds",
			      p + size + 8 + 5, 1, KSAN_READ, live_obj(p, size, cache));
	EXPECT_NO_REPORT(xfree(p));
}

/* p[n-1] is fine, p[n] is not, at every size-class boundary and for large
 * objects.  Writes put back the byte read so no metadata is harmed. */
static void kmalloc_oob_right_boundaries(void)
{
	size_t i;

	for (i = 0; i < sizeof(boundary_sizes) / sizeof(boundary_sizes[0]); i++) {
		size_t n = boundary_sizes[i], j;
		char cache[32];
		char *p = xmalloc(n);
		uint8_t v = 0;

		CHECK(p);
		cache_of(n, cache, sizeof(cache));
		EXPECT_NO_REPORT({
			for (j = 0; j < n; j++)
				WR(p + j, j);
			for (j = 0; j < n; j++)
				sink8 = RD(p + j);
		});
		EXPECT_NO_REPORT(sink8 = RD(p + n - 1));
		EXPECT_KASAN_FAIL_OBJ(v = RD(p + n), "slab-out-of-bounds", p + n, 1, KSAN_READ,
				      live_obj(p, n, cache));
		EXPECT_KASAN_FAIL_OBJ(WR(p + n, v), "slab-out-of-bounds", p + n, 1, KSAN_WRITE,
				      live_obj(p, n, cache));
		EXPECT_NO_REPORT(xfree(p));
		if (case_failed) {
			char m[64];

			snprintf(m, sizeof(m), " [size %zu]", n);
			strncat(case_why, m, sizeof(case_why) - strlen(case_why) - 1);
			return;
		}
	}
}

/* Largest slab object (no page fallback). */
static void kmalloc_big_oob_right(void)
{
	size_t size = SLAB_MAX - 256;
	char *p = xmalloc(size);

	CHECK(p);
	EXPECT_KASAN_FAIL_OBJ(WR(p + size, 0), "slab-out-of-bounds", p + size, 1, KSAN_WRITE,
			      live_obj(p, size, "kmalloc-8192"));
	EXPECT_NO_REPORT(xfree(p));
}

static void kmalloc_node_oob_right(void)
{
	size_t size = 4096;
	char *p = xmalloc(size);

	CHECK(p);
	EXPECT_KASAN_FAIL_OBJ(sink8 = RD(p + size), "slab-out-of-bounds", p + size, 1,
			      KSAN_READ, live_obj(p, size, "kmalloc-4096"));
	EXPECT_NO_REPORT(xfree(p));
}

/* The right red zone after a class's capacity, as documented (README, the
 * slab's right_redzone()): it grows with the class; its last 16 bytes are
 * the next slot's header. */
static size_t doc_right_redzone(size_t cls)
{
	return cls <= 96 ? 16 : cls <= 256 ? 32 : cls <= 1024 ? 64 : cls <= 4096 ? 128 : 256;
}

/* Every byte from the object's end through its class tail and red zone
 * reports slab-out-of-bounds; up to the next slot's header the report names
 * this object.  (A red zone cut to 16 bytes lets a read 48 bytes past a
 * 1000-byte object land in its neighbour.)  Neighbours are live objects of
 * the same class, so a byte that is not poisoned goes unreported or is
 * pinned on the wrong object. */
static void kmalloc_redzone_growth(void)
{
	static const size_t sizes[] = {
		1, 16, 17, 90, 96, 100, 200, 256, 300, 1000, 1024, 1100, 2000, 4000,
		4096, 5000, 8000, 8192,
	};
	size_t i, k;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]) && !case_failed; i++) {
		size_t n = sizes[i], cls = 0, end, own, c;
		char cache[32];
		char *nb[4], *p;
		int j;

		for (c = 0; !cls; c++)
			if (n <= class_sizes[c])
				cls = class_sizes[c];
		end = cls + doc_right_redzone(cls);	/* poisoned up to here */
		own = end - 16;				/* named after this object */
		cache_of(n, cache, sizeof(cache));
		for (j = 0; j < 4; j++)
			nb[j] = xmalloc(n);
		p = xmalloc(n);
		CHECK(p && nb[3]);
		for (k = n; k < end && !case_failed; k++) {
			if (k < own)
				EXPECT_KASAN_FAIL_OBJ(sink8 = RD(p + k), "slab-out-of-bounds", p + k, 1,
						      KSAN_READ, live_obj(p, n, cache));
			else
				EXPECT_KASAN_FAIL(sink8 = RD(p + k), "slab-out-of-bounds", p + k, 1,
						  KSAN_READ);
		}
		EXPECT_NO_REPORT(xfree(p));
		for (j = 0; j < 4; j++)
			EXPECT_NO_REPORT(xfree(nb[j]));
		if (case_failed) {
			char m[80];

			snprintf(m, sizeof(m), " [size %zu, offset %zu]", n, k - 1);
			strncat(case_why, m, sizeof(case_why) - strlen(case_why) - 1);
		}
	}
}

/* Page-backed object: the red zone is fe, still slab-out-of-bounds. */
static void kmalloc_large_oob_right(void)
{
	size_t size = SLAB_MAX + 10;
	char *p = xmalloc(size);

	CHECK(p);
	EXPECT_KASAN_FAIL_OBJ(WR(p + size, 0), "slab-out-of-bounds", p + size, 1, KSAN_WRITE,
			      live_obj(p, size, "kmalloc-large"));
	EXPECT_KASAN_FAIL_OBJ(sink8 = RD(p + ROUND_UP(size, 4096)), "slab-out-of-bounds",
			      p + ROUND_UP(size, 4096), 1, KSAN_READ,
			      live_obj(p, size, "kmalloc-large"));
	EXPECT_NO_REPORT(xfree(p));
}

static void kmalloc_oob_left(void)
{
	static const size_t sizes[] = { 1, 15, 16, 17, 100, 128, 4096, 8192, 8193, 100000 };
	size_t i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i];
		char *p = xmalloc(n);
		uint8_t v = 0;
		char cache[32];

		CHECK(p);
		cache_of(n, cache, sizeof(cache));
		EXPECT_NO_REPORT(sink8 = RD(p));
		/* the report names the object whose left red zone this is */
		EXPECT_KASAN_FAIL_OBJ(v = RD(p - 1), "slab-out-of-bounds", p - 1, 1, KSAN_READ,
				      live_obj(p, n, cache));
		EXPECT_KASAN_FAIL(WR(p - 1, v), "slab-out-of-bounds", p - 1, 1, KSAN_WRITE);
		EXPECT_KASAN_FAIL(sink64 = LD(uint64_t, p - 8), "slab-out-of-bounds", p - 8, 8,
				  KSAN_READ);
		EXPECT_NO_REPORT(xfree(p));
		if (case_failed)
			return;
	}
}

/* malloc(100) lives in kmalloc-128: the class tail [100, 128) is poisoned. */
static void kmalloc_oob_class_tail(void)
{
	size_t n = 100, i;
	char *p = xmalloc(n);

	CHECK(p);
	EXPECT_NO_REPORT(sink8 = RD(p + n - 1));
	for (i = n; i < 128; i++) {
		EXPECT_KASAN_FAIL_OBJ(sink8 = RD(p + i), "slab-out-of-bounds", p + i, 1,
				      KSAN_READ, live_obj(p, n, "kmalloc-128"));
		EXPECT_KASAN_FAIL_OBJ(WR(p + i, 0), "slab-out-of-bounds", p + i, 1,
				      KSAN_WRITE, live_obj(p, n, "kmalloc-128"));
		if (case_failed)
			break;
	}
	EXPECT_NO_REPORT(xfree(p));
}

/* Naturally aligned 2/4/8/16-byte accesses at the end of a 100-byte object:
 * each is inside one granule (two for 16), so every mode catches them. */
static void kmalloc_oob_multibyte(void)
{
	size_t n = 100;
	char *p = xmalloc(n);
	const struct obj_expect o = live_obj(p, n, "kmalloc-128");

	CHECK(p);
	EXPECT_NO_REPORT(sink64 = LD(uint16_t, p + 98));
	EXPECT_NO_REPORT(sink64 = LD(uint32_t, p + 96));
	EXPECT_NO_REPORT(sink64 = LD(uint64_t, p + 88));
	EXPECT_NO_REPORT(sink128 = LD(u128, p + 80));
	EXPECT_NO_REPORT(LD(u128, p + 80) = 0);
	EXPECT_KASAN_FAIL_OBJ(sink64 = LD(uint16_t, p + 100), "slab-out-of-bounds", p + 100, 2,
			      KSAN_READ, o);
	EXPECT_KASAN_FAIL_OBJ(LD(uint16_t, p + 100) = 1, "slab-out-of-bounds", p + 100, 2,
			      KSAN_WRITE, o);
	EXPECT_KASAN_FAIL_OBJ(sink64 = LD(uint32_t, p + 100), "slab-out-of-bounds", p + 100, 4,
			      KSAN_READ, o);
	EXPECT_KASAN_FAIL_OBJ(LD(uint32_t, p + 100) = 1, "slab-out-of-bounds", p + 100, 4,
			      KSAN_WRITE, o);
	/* 8 bytes at p+n-4: the first 4 valid, the granule partial (04) */
	EXPECT_KASAN_FAIL_OBJ(sink64 = LD(uint64_t, p + 96), "slab-out-of-bounds", p + 96, 8,
			      KSAN_READ, o);
	EXPECT_KASAN_FAIL_OBJ(LD(uint64_t, p + 96) = 1, "slab-out-of-bounds", p + 96, 8,
			      KSAN_WRITE, o);
	EXPECT_KASAN_FAIL_OBJ(sink128 = LD(u128, p + 96), "slab-out-of-bounds", p + 96, 16,
			      KSAN_READ, o);
	EXPECT_KASAN_FAIL_OBJ(LD(u128, p + 96) = 1, "slab-out-of-bounds", p + 96, 16,
			      KSAN_WRITE, o);
	EXPECT_KASAN_FAIL_OBJ(sink64 = LD(uint64_t, p + 104), "slab-out-of-bounds", p + 104, 8,
			      KSAN_READ, o);
	EXPECT_NO_REPORT(xfree(p));
}

/*
 * Accesses of type aligned(1) crossing the object's end: both compilers test
 * their first and last byte, so every mode catches them.  Clang's inline
 * check of the last byte passes the last byte's address (with the full size)
 * to __asan_report_load_n, so the runtime cannot know the start: accept it.
 */
#ifdef __clang__
#define UNALIGNED_FAIL(expr, addr, size, acc, obj) do {			\
	alt_addr = inline_mode != 0 ? (uintptr_t)(addr) + (size) - 1 : 0; \
	EXPECT_KASAN_FAIL_OBJ(expr, "slab-out-of-bounds", addr, size, acc, obj); \
	alt_addr = 0;							\
} while (0)
#else
#define UNALIGNED_FAIL(expr, addr, size, acc, obj)			\
	EXPECT_KASAN_FAIL_OBJ(expr, "slab-out-of-bounds", addr, size, acc, obj)
#endif

static void kmalloc_oob_unaligned(void)
{
	size_t n = 100;
	char *p = xmalloc(n), *q = xmalloc(96);
	const struct obj_expect o = live_obj(p, n, "kmalloc-128");

	CHECK(p && q);
	EXPECT_NO_REPORT(sink64 = LD(u64_un, p + 92));
	EXPECT_NO_REPORT(sink64 = LD(u32_un, p + 95));
	EXPECT_NO_REPORT(sink64 = LD(u16_un, p + 97));
	EXPECT_NO_REPORT(sink128 = LD(u128_un, p + 83));
	UNALIGNED_FAIL(sink64 = LD(u64_un, p + 93), p + 93, 8, KSAN_READ, o);
	UNALIGNED_FAIL(LD(u64_un, p + 93) = 1, p + 93, 8, KSAN_WRITE, o);
	UNALIGNED_FAIL(sink64 = LD(u32_un, p + 97), p + 97, 4, KSAN_READ, o);
	UNALIGNED_FAIL(sink64 = LD(u16_un, p + 99), p + 99, 2, KSAN_READ, o);
	UNALIGNED_FAIL(sink128 = LD(u128_un, p + 85), p + 85, 16, KSAN_READ, o);
	UNALIGNED_FAIL(LD(u128_un, p + 85) = 1, p + 85, 16, KSAN_WRITE, o);
	/* 96 bytes: the object ends on a granule boundary */
	UNALIGNED_FAIL(sink64 = LD(u16_un, q + 95), q + 95, 2, KSAN_READ, live_obj(q, 96, "kmalloc-96"));
	EXPECT_NO_REPORT(xfree(p));
	EXPECT_NO_REPORT(xfree(q));
}

/* Accesses the compiler believes aligned (natural type, misaligned address)
 * that straddle two granules.  The compiler's inline check reads the shadow
 * of the access's first granule only (two shadow bytes for 16 bytes) and
 * compares the offset of the last byte against it, so when that shadow says
 * "valid" the bad bytes further on are missed: the limitation README
 * documents for inline mode.  Exactly
 * those accesses may go unreported in inline mode (the case is then a SKIP
 * naming them); every other access, and every access in outline mode, must
 * give the exact report. */
static int inline_can_miss(uintptr_t a, size_t size)
{
	uintptr_t g = a & ~(uintptr_t)7;

	if ((a >> 3) == ((a + size - 1) >> 3))
		return 0;	/* one granule: the inline test is exact */
	/* the shadow it reads is non-zero iff a byte of those granules is
	 * poisoned (asked through ksan.h: instrumented code may not read the
	 * shadow itself) */
	return !ksan_region_is_poisoned((const void *)g, size == 16 ? 16 : 8);
}

static void kmalloc_oob_straddle(void)
{
	size_t n = 100;
	char *p = xmalloc(n), *q = xmalloc(96);
	char missed[160] = "";
	int r;

	CHECK(p && q);
#define STRADDLE(expr, base, off, size, acc, obj) do {		\
	uintptr_t _a = (uintptr_t)(base) + (off);			\
	int _may_miss = inline_mode != 0 && inline_can_miss(_a, size);	\
	PENDING_CHECK();						\
	BARRIER();							\
	expr;								\
	BARRIER();							\
	r = check_report(__LINE__, #expr, "slab-out-of-bounds", _a, size, acc, obj, \
			 _may_miss);					\
	if (r == 0 && _may_miss)					\
		snprintf(missed + strlen(missed), sizeof(missed) - strlen(missed), \
			 " %s+%d/%d", #base, (int)(off), (int)(size));	\
} while (0)
	STRADDLE(sink64 = LD(uint64_t, p + 93), p, 93, 8, KSAN_READ, live_obj(p, n, "kmalloc-128"));
	STRADDLE(LD(uint64_t, p + 93) = 0, p, 93, 8, KSAN_WRITE, live_obj(p, n, "kmalloc-128"));
	STRADDLE(sink64 = LD(uint32_t, p + 94) + LD(uint32_t, p + 98), p, 98, 4, KSAN_READ,
		 live_obj(p, n, "kmalloc-128"));
	STRADDLE(sink64 = LD(uint16_t, q + 95), q, 95, 2, KSAN_READ, live_obj(q, 96, "kmalloc-96"));
	STRADDLE(sink128 = LD(u128, p + 89), p, 89, 16, KSAN_READ, live_obj(p, n, "kmalloc-128"));
	/* straddling, but the first granule's shadow is already bad: seen */
	STRADDLE(sink64 = LD(uint64_t, p + 101), p, 101, 8, KSAN_READ,
		 live_obj(p, n, "kmalloc-128"));
	STRADDLE(sink64 = LD(uint32_t, p + 102), p, 102, 4, KSAN_READ,
		 live_obj(p, n, "kmalloc-128"));
#undef STRADDLE
	EXPECT_NO_REPORT(xfree(p));
	EXPECT_NO_REPORT(xfree(q));
	if (missed[0]) {
		char why[300];

		snprintf(why, sizeof(why), "%s: missed (object+offset/size):%s", inline_mode == 1 ?
			 "inline mode: the compiler's check reads the first granule's shadow "
			 "(documented limitation)" : "mode unknown (set KSAN_TEST_MODE)", missed);
		skip(why);
	}
}

/* A 16-byte struct copied into a 13-byte object (kmalloc_oob_16). */
struct s16 {
	uint64_t a, b;
};

static void kmalloc_oob_16(void)
{
	struct s16 *p1 = (struct s16 *)xmalloc(13), *p2 = (struct s16 *)xmalloc(sizeof(*p2));

	CHECK(p1 && p2);
	p2->a = p2->b = 0;
	EXPECT_KASAN_FAIL(*p1 = *p2, "slab-out-of-bounds", p1, 16, KSAN_WRITE);
	EXPECT_NO_REPORT(xfree(p1));
	EXPECT_NO_REPORT(xfree(p2));
}

/* 16-byte struct copy from a freed object (kmalloc_uaf_16). */
static void kmalloc_uaf_16(void)
{
	struct s16 *p1 = (struct s16 *)xmalloc(sizeof(*p1));
	struct s16 *p2 = (struct s16 *)xmalloc(sizeof(*p2));

	CHECK(p1 && p2);
	xfree(p2);
	HIDE(p2);
	EXPECT_KASAN_FAIL_OBJ(*p1 = *p2, "slab-use-after-free", p2, 16, KSAN_READ,
			      freed_obj(p2, 16));
	EXPECT_NO_REPORT(xfree(p1));
}

/* ---- checked mem* functions ------------------------------------------- */

static volatile size_t vsize;

static void kmalloc_oob_in_memset(void)
{
	size_t size = 128 - 8;
	char *p = xmalloc(size);

	CHECK(p);
	vsize = size;
	EXPECT_NO_REPORT(memset(p, 0x11, vsize));
	vsize = size + 8;
	EXPECT_KASAN_FAIL_OBJ(memset(p, 0, vsize), "slab-out-of-bounds", p, size + 8,
			      KSAN_WRITE, live_obj(p, size, "kmalloc-128"));
	/* the bad call was not performed */
	CHECK_CONT(p[0] == 0x11 && p[size - 1] == 0x11);
	EXPECT_NO_REPORT(xfree(p));
}

static void memset_n(size_t len)
{
	size_t size = 128 - 8;
	char *p = xmalloc(size), *d;

	CHECK(p);
	d = p + size - (len - 1);
	vsize = len;
	EXPECT_NO_REPORT(memset(p, 0x22, size));
	EXPECT_NO_REPORT(memset(d - 1, 0, vsize));
	EXPECT_NO_REPORT(memset(p + size - len, 0x22, vsize));
	EXPECT_KASAN_FAIL_OBJ(memset(d, 0, vsize), "slab-out-of-bounds", d, len, KSAN_WRITE,
			      live_obj(p, size, "kmalloc-128"));
	CHECK_CONT(d[0] == 0x22);	/* not performed */
	EXPECT_NO_REPORT(xfree(p));
}

static void kmalloc_oob_memset_2(void) { memset_n(2); }
static void kmalloc_oob_memset_4(void) { memset_n(4); }
static void kmalloc_oob_memset_8(void) { memset_n(8); }
static void kmalloc_oob_memset_16(void) { memset_n(16); }

/* memmove of (size_t)-2 bytes: the range wraps around: "out-of-bounds". */
static void kmalloc_memmove_negative_size(void)
{
	size_t size = 64;
	char *p = xmalloc(size);
	size_t bad = hide_size((size_t)-2);

	CHECK(p);
	memset(p, 0, size);
	p[0] = 0x33;
	vsize = bad;
	EXPECT_KASAN_FAIL(memmove(p, p + 4, vsize), "out-of-bounds", p + 4, (size_t)-2,
			  KSAN_READ);
	CHECK_CONT(p[0] == 0x33);
	EXPECT_NO_REPORT(xfree(p));
}

/* 64-byte object, memmove(p, p + 4, 64): the source runs 4 bytes over. */
static void kmalloc_memmove_invalid_size(void)
{
	size_t size = 64;
	char *p = xmalloc(size);

	CHECK(p);
	memset(p, 0, size);
	p[0] = 0x44;
	vsize = size - 4;
	EXPECT_NO_REPORT(memmove(p + 4, p, vsize));
	CHECK_CONT(p[4] == 0x44);
	vsize = size;
	EXPECT_KASAN_FAIL_OBJ(memmove(p, p + 4, vsize), "slab-out-of-bounds", p + 4, size,
			      KSAN_READ, live_obj(p, size, "kmalloc-64"));
	CHECK_CONT(p[0] == 0x44);
	EXPECT_NO_REPORT(xfree(p));
}

static void kmalloc_memcpy_oob(void)
{
	size_t size = 50;
	char *src = xmalloc(64), *dst = xmalloc(size);

	CHECK(src && dst);
	memset(src, 0x55, 64);
	memset(dst, 0x66, size);
	vsize = size;
	EXPECT_NO_REPORT(memcpy(dst, src, vsize));
	CHECK_CONT(dst[0] == 0x55);
	memset(dst, 0x66, size);
	vsize = size + 1;
	EXPECT_KASAN_FAIL_OBJ(memcpy(dst, src, vsize), "slab-out-of-bounds", dst, size + 1,
			      KSAN_WRITE, live_obj(dst, size, "kmalloc-64"));
	CHECK_CONT(dst[0] == 0x66);
	vsize = 65;
	EXPECT_KASAN_FAIL_OBJ(memcpy(dst, src, vsize), "slab-out-of-bounds", src, 65,
			      KSAN_READ, live_obj(src, 64, "kmalloc-64"));
	EXPECT_NO_REPORT(xfree(src));
	EXPECT_NO_REPORT(xfree(dst));
}

/* memcpy from a freed object. */
static void kmalloc_uaf_memcpy(void)
{
	char *dst = xmalloc(16), *src = xmalloc(16);

	CHECK(dst && src);
	memset(dst, 0x77, 16);
	xfree(src);
	vsize = 16;
	EXPECT_KASAN_FAIL_OBJ(memcpy(dst, src, vsize), "slab-use-after-free", src, 16,
			      KSAN_READ, freed_obj(src, 16));
	CHECK_CONT(dst[0] == 0x77);
	EXPECT_NO_REPORT(xfree(dst));
}

/* ---- use after free ----------------------------------------------------- */

static void kmalloc_uaf(void)
{
	size_t size = 10;
	char *p = xmalloc(size);
	uint8_t v = 0;

	CHECK(p);
	EXPECT_NO_REPORT(WR(p + 8, 1));
	EXPECT_NO_REPORT(xfree(p));
	EXPECT_KASAN_FAIL_OBJ(v = RD(p + 8), "slab-use-after-free", p + 8, 1, KSAN_READ,
			      freed_obj(p, size));
	EXPECT_KASAN_FAIL_OBJ(WR(p + 8, v), "slab-use-after-free", p + 8, 1, KSAN_WRITE,
			      freed_obj(p, size));
	EXPECT_KASAN_FAIL_OBJ(sink64 = LD(uint64_t, p), "slab-use-after-free", p, 8, KSAN_READ,
			      freed_obj(p, size));
}

static void kmalloc_uaf_memset(void)
{
	size_t size = 33;
	char *p = xmalloc(size);

	CHECK(p);
	xfree(p);
	vsize = size;
	EXPECT_KASAN_FAIL_OBJ(memset(p, 0, vsize), "slab-use-after-free", p, size, KSAN_WRITE,
			      freed_obj(p, size));
}

static void kmalloc_uaf2(void)
{
	size_t size = 43;
	char *p1 = xmalloc(size), *p2;

	CHECK(p1);
	xfree(p1);
	p2 = xmalloc(size);
	CHECK(p2);
	CHECK_CONT(p1 != p2);
	EXPECT_KASAN_FAIL_OBJ(sink8 = RD(p1 + 40), "slab-use-after-free", p1 + 40, 1, KSAN_READ,
			      freed_obj(p1, size));
	EXPECT_NO_REPORT(sink8 = RD(p2 + 40));
	EXPECT_NO_REPORT(xfree(p2));
}

static void kmalloc_large_uaf(void)
{
	static const size_t sizes[] = { SLAB_MAX + 10, 100000, 1 << 20 };
	size_t i;

	for (i = 0; i < 3; i++) {
		size_t size = sizes[i];
		char *p = xmalloc(size);
		uint8_t v = 0;

		CHECK(p);
		EXPECT_NO_REPORT(WR(p + size / 2, 1));
		EXPECT_NO_REPORT(xfree(p));
		EXPECT_KASAN_FAIL_OBJ(v = RD(p), "use-after-free", p, 1, KSAN_READ,
				      freed_obj(p, size));
		EXPECT_KASAN_FAIL_OBJ(WR(p + size / 2, v), "use-after-free", p + size / 2, 1,
				      KSAN_WRITE, freed_obj(p, size));
		EXPECT_KASAN_FAIL(sink8 = RD(p + size - 1), "use-after-free", p + size - 1, 1,
				  KSAN_READ);
		if (case_failed)
			return;
	}
}

/* The old pointer of a realloc that moved is freed. */
static void kmalloc_uaf_realloc(void)
{
	size_t i;
	char *p = xmalloc(100), *q;

	CHECK(p);
	for (i = 0; i < 100; i++)
		p[i] = (char)i;
	q = xrealloc(p, 200);
	CHECK(q);
	if (q == p) {
		skip("realloc grew in place");
		xfree(q);
		return;
	}
	for (i = 0; i < 100; i++)
		CHECK_CONT(q[i] == (char)i);
	EXPECT_KASAN_FAIL_OBJ(sink8 = RD(p), "slab-use-after-free", p, 1, KSAN_READ,
			      freed_obj(p, 100));
	EXPECT_KASAN_FAIL(sink8 = RD(p + 99), "slab-use-after-free", p + 99, 1, KSAN_READ);
	EXPECT_NO_REPORT(sink8 = RD(q + 199));
	EXPECT_KASAN_FAIL_OBJ(sink8 = RD(q + 200), "slab-out-of-bounds", q + 200, 1, KSAN_READ,
			      live_obj(q, 200, "kmalloc-256"));
	EXPECT_NO_REPORT(xfree(q));
}

/* The kernel's krealloc_more_oob_helper / krealloc_less_oob_helper. */
static void realloc_more(size_t size1, size_t size2)
{
	char *p1 = xmalloc(size1), *p2;
	size_t middle = size1 + (size2 - size1) / 2;

	CHECK(p1);
	memset(p1, 0x5a, size1);
	p2 = xrealloc(p1, size2);
	CHECK(p2);
	CHECK_CONT((unsigned char)p2[size1 - 1] == 0x5a);
	EXPECT_NO_REPORT({
		WR(p2 + size1 - 1, 'x');
		WR(p2 + size1, 'x');
		WR(p2 + middle, 'x');
		WR(p2 + size2 - 1, 'x');
	});
	EXPECT_KASAN_FAIL(WR(p2 + size2, 'x'), "slab-out-of-bounds", p2 + size2, 1, KSAN_WRITE);
	EXPECT_KASAN_FAIL(WR(p2 + ROUND_UP(size2, 8), 'x'), "slab-out-of-bounds",
			  p2 + ROUND_UP(size2, 8), 1, KSAN_WRITE);
	EXPECT_NO_REPORT(xfree(p2));
}

static void realloc_less(size_t size1, size_t size2)
{
	char *p1 = xmalloc(size1), *p2;
	size_t middle = size2 + (size1 - size2) / 2;

	CHECK(p1);
	memset(p1, 0x5a, size1);
	p2 = xrealloc(p1, size2);
	CHECK(p2);
	CHECK_CONT((unsigned char)p2[size2 - 1] == 0x5a);
	EXPECT_NO_REPORT(WR(p2 + size2 - 1, 'x'));
	EXPECT_KASAN_FAIL(WR(p2 + size2, 'x'), "slab-out-of-bounds", p2 + size2, 1, KSAN_WRITE);
	EXPECT_KASAN_FAIL(WR(p2 + ROUND_UP(size2, 8), 'x'), "slab-out-of-bounds",
			  p2 + ROUND_UP(size2, 8), 1, KSAN_WRITE);
	EXPECT_KASAN_FAIL(WR(p2 + middle, 'x'), "slab-out-of-bounds", p2 + middle, 1, KSAN_WRITE);
	EXPECT_KASAN_FAIL(sink8 = RD(p2 + size1 - 1), "slab-out-of-bounds", p2 + size1 - 1, 1,
			  KSAN_READ);
	EXPECT_KASAN_FAIL(sink8 = RD(p2 + size1), "slab-out-of-bounds", p2 + size1, 1, KSAN_READ);
	EXPECT_NO_REPORT(xfree(p2));
}

static void krealloc_more_oob(void) { realloc_more(201, 235); }
static void krealloc_less_oob(void) { realloc_less(235, 201); }
static void krealloc_large_more_oob(void) { realloc_more(SLAB_MAX + 201, SLAB_MAX + 235); }
static void krealloc_large_less_oob(void) { realloc_less(SLAB_MAX + 235, SLAB_MAX + 201); }

/* realloc of a freed pointer: reported as a bad free (double-free), NULL
 * returned, the object stays poisoned. */
static void krealloc_uaf(void)
{
	char *p = xmalloc(201), *q;

	CHECK(p);
	xfree(p);
	EXPECT_KASAN_FAIL(q = xrealloc(p, 235), "double-free", p, 0, KSAN_FREE);
	CHECK_CONT(q == NULL);
	EXPECT_KASAN_FAIL(sink8 = RD(p), "slab-use-after-free", p, 1, KSAN_READ);
}

/* A freed object stays poisoned while 64 MiB of other objects go through
 * the quarantine (256 MiB by default). */
static void kmalloc_uaf_quarantine(void)
{
	size_t churned = 0, i = 0;
	char *p = xmalloc(64);

	CHECK(p);
	xfree(p);
	while (churned < (64u << 20)) {
		size_t n = (i++ % 4) ? 4096 : 100;
		char *q = xmalloc(n);

		CHECK(q);
		CHECK(q != p);
		q[0] = 1;
		xfree(q);
		churned += n;
	}
	EXPECT_NO_REPORT((void)0);
	EXPECT_KASAN_FAIL_OBJ(sink8 = RD(p + 10), "slab-use-after-free", p + 10, 1, KSAN_READ,
			      freed_obj(p, 64));
}

/* After fork() the child (no exec) must find every runtime lock free: the
 * fork protocol takes them all in the parent, so a lock the child does not
 * release hangs its first use.  The child uses each: new slab regions and
 * classes, large objects (page map), new stacks (depot), a quarantine batch
 * flush, a thread (thread registry) and a report. */
static void *fork_thread(void *arg)
{
	char *p = malloc(24);

	HIDE(p);
	free(p);
	return arg;
}

static NOINLINE int fork_child_work(void)
{
	static char *objs[400];
	pthread_t th;
	size_t i;
	char *p;

	for (i = 0; i < 400; i++)		/* > 1 MiB: flushes a batch */
		objs[i] = xmalloc(i % 2 ? 4000 : 3000 + i);
	for (i = 0; i < 400; i++)
		xfree(objs[i]);
	p = xmalloc(SLAB_MAX + 100);		/* large: its own mapping */
	xfree(p);
	if (pthread_create(&th, NULL, fork_thread, NULL) || pthread_join(th, NULL))
		return 3;
	p = xmalloc(10);
	nrec = 0;
	sink8 = RD(p + 10);			/* a report */
	xfree(p);
	return nrec == 1 && !strcmp(recs[0].type, "slab-out-of-bounds") ? 0 : 4;
}

static void kmalloc_fork_locks(void)
{
	int st = 0, waited;
	pid_t pid, r = 0;

	fflush(NULL);
	pid = fork();
	CHECK(pid >= 0);
	if (pid == 0)
		_exit(fork_child_work());
	for (waited = 0; waited < 2000; waited++) {	/* 20 s */
		r = waitpid(pid, &st, WNOHANG);
		if (r)
			break;
		usleep(10000);
	}
	if (r == 0) {
		kill(pid, SIGKILL);
		waitpid(pid, &st, 0);
		fail(__LINE__, "the forked child hung for 20 s: a runtime lock was left held across fork");
		return;
	}
	CHECK_CONT(r == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	if (case_failed)
		snprintf(case_why + strlen(case_why), sizeof(case_why) - strlen(case_why),
			 " [child status %#x: 3 thread, 4 report]", st);
	/* the parent's locks were released too */
	EXPECT_NO_REPORT(xfree(xmalloc(SLAB_MAX + 100)));
}

/* ---- bad frees ---------------------------------------------------------- */

static void kmalloc_double_free(void)
{
	size_t size = 32;
	char *p = xmalloc(size), *q;

	CHECK(p);
	EXPECT_NO_REPORT(xfree(p));
	EXPECT_KASAN_FAIL_OBJ(xfree(p), "double-free", p, 0, KSAN_FREE, freed_obj(p, size));
	/* the double free changed nothing: p stays in quarantine */
	q = xmalloc(size);
	CHECK(q);
	CHECK_CONT(q != p);
	EXPECT_KASAN_FAIL(sink8 = RD(p), "slab-use-after-free", p, 1, KSAN_READ);
	EXPECT_KASAN_FAIL(xfree(p), "double-free", p, 0, KSAN_FREE);
	EXPECT_NO_REPORT(xfree(q));
}

static void kmalloc_large_double_free(void)
{
	size_t size = 100000;
	char *p = xmalloc(size), *q;

	CHECK(p);
	EXPECT_NO_REPORT(xfree(p));
	EXPECT_KASAN_FAIL_OBJ(xfree(p), "double-free", p, 0, KSAN_FREE, freed_obj(p, size));
	q = xmalloc(size);
	CHECK(q);
	CHECK_CONT(q != p);
	EXPECT_KASAN_FAIL(xfree(p), "double-free", p, 0, KSAN_FREE);
	EXPECT_NO_REPORT(xfree(q));
}

static char global_buf[64];

static void kmalloc_invalid_free(void)
{
	size_t size = 64;
	char *p = xmalloc(size);
	char local[32];
	char *lp = local, *gp = global_buf;
	void *wild = (void *)(uintptr_t)0x12345678;
	char *page;

	CHECK(p);
	HIDE(lp);
	HIDE(gp);
	HIDE(wild);
	memset(p, 0x31, size);
	EXPECT_KASAN_FAIL(xfree(p + 1), "invalid-free", p + 1, 0, KSAN_FREE);
	EXPECT_KASAN_FAIL(xfree(p + 8), "invalid-free", p + 8, 0, KSAN_FREE);
	EXPECT_KASAN_FAIL(xfree(p + size), "invalid-free", p + size, 0, KSAN_FREE);
	EXPECT_KASAN_FAIL(xfree(p - 16), "invalid-free", p - 16, 0, KSAN_FREE);
	EXPECT_KASAN_FAIL(xfree(lp), "invalid-free", lp, 0, KSAN_FREE);
	EXPECT_KASAN_FAIL(xfree(gp), "invalid-free", gp, 0, KSAN_FREE);
	EXPECT_KASAN_FAIL(xfree(wild), "invalid-free", wild, 0, KSAN_FREE);
	EXPECT_NO_REPORT(xfree(NULL));
	page = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(page != MAP_FAILED);
	EXPECT_KASAN_FAIL(xfree(page), "invalid-free", page, 0, KSAN_FREE);
	munmap(page, 4096);
	/* nothing changed: p is live and intact, and frees fine */
	EXPECT_NO_REPORT(sink8 = RD(p + size - 1));
	CHECK_CONT(p[0] == 0x31 && p[size - 1] == 0x31);
	CHECK_CONT(malloc_usable_size(p) == size);
	EXPECT_NO_REPORT(xfree(p));
	EXPECT_KASAN_FAIL(xfree(p), "double-free", p, 0, KSAN_FREE);
}

static void kmalloc_large_invalid_free(void)
{
	size_t size = SLAB_MAX + 100;
	char *p = xmalloc(size);

	CHECK(p);
	EXPECT_KASAN_FAIL(xfree(p + 1), "invalid-free", p + 1, 0, KSAN_FREE);
	EXPECT_KASAN_FAIL(xfree(p + 4096), "invalid-free", p + 4096, 0, KSAN_FREE);
	EXPECT_KASAN_FAIL(xfree(p - 4096), "invalid-free", p - 4096, 0, KSAN_FREE);
	EXPECT_NO_REPORT(WR(p + size - 1, 1));
	EXPECT_NO_REPORT(xfree(p));
}

/* ---- aligned allocations ----------------------------------------------- */

static void check_aligned(int line, const char *fn, char *p, size_t align, size_t n,
			  size_t usable)
{
	uint8_t v = 0;
	size_t j;

	if (!p) {
		fail(line, "%s(align %zu, size %zu) returned NULL", fn, align, n);
		return;
	}
	if ((uintptr_t)p % align) {
		fail(line, "%s(align %zu, size %zu) = %p: misaligned", fn, align, n, (void *)p);
		return;
	}
	EXPECT_NO_REPORT({
		for (j = 0; j < usable; j += (j + 64 < usable ? 61 : 1))
			WR(p + j, j);
		WR(p + usable - 1, 0);
		WR(p, 0);
	});
	if (malloc_usable_size(p) != usable)
		fail(line, "%s(align %zu, size %zu): malloc_usable_size %zu", fn, align, n,
		     malloc_usable_size(p));
	EXPECT_KASAN_FAIL(v = RD(p + usable), "slab-out-of-bounds", p + usable, 1, KSAN_READ);
	EXPECT_KASAN_FAIL(WR(p + usable, v), "slab-out-of-bounds", p + usable, 1, KSAN_WRITE);
	EXPECT_KASAN_FAIL(v = RD(p - 1), "slab-out-of-bounds", p - 1, 1, KSAN_READ);
	EXPECT_NO_REPORT(xfree(p));
	if (case_failed) {
		char m[96];

		snprintf(m, sizeof(m), " [%s align %zu size %zu]", fn, align, n);
		strncat(case_why, m, sizeof(case_why) - strlen(case_why) - 1);
	}
}


static void kmalloc_aligned(void)
{
	static const size_t sizes[] = { 1, 24, 100, 1000, 5000, 70000 };
	size_t a, i;

	for (a = 16; a <= 65536; a <<= 1) {
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			size_t n = sizes[i];
			void *p = 0;
			char *q;
			int r;

			r = posix_memalign(&p, a, n);
			if (r) {
				fail(__LINE__, "posix_memalign(%zu, %zu) = %d", a, n, r);
				return;
			}
			HIDE(p);
			check_aligned(__LINE__, "posix_memalign", p, a, n, n);
			q = aligned_alloc(a, n);
			HIDE(q);
			check_aligned(__LINE__, "aligned_alloc", q, a, n, n);
			q = memalign(a, n);
			HIDE(q);
			check_aligned(__LINE__, "memalign", q, a, n, n);
			if (case_failed)
				return;
		}
	}
}

static void kmalloc_valloc(void)
{
	static const size_t sizes[] = { 1, 100, 4095, 4096, 4097, 10000 };
	size_t i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i];
		char *p;

		p = valloc(n);
		HIDE(p);
		check_aligned(__LINE__, "valloc", p, 4096, n, n);
		p = pvalloc(n);
		HIDE(p);
		/* pvalloc rounds the size up to whole pages */
		check_aligned(__LINE__, "pvalloc", p, 4096, n, ROUND_UP(n, 4096));
		if (case_failed)
			return;
	}
}

/* As ASan: an invalid alignment is reported (invalid-allocation-alignment;
 * with the callback handling it the call fails with EINVAL, *p untouched);
 * memalign(0) is malloc. */
static void expect_type(int line, const char *what, const char *type);
static void kmalloc_bad_alignment(void)
{
	void *sentinel = (void *)(uintptr_t)0x5e5e5e5e, *p = sentinel;
	static const size_t bad[] = { 3, 4, 24, 0 };	/* 4: not a multiple of sizeof(void *) */
	char *q;
	size_t i;
	int r;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		PENDING_CHECK();
		r = posix_memalign(&p, hide_size(bad[i]), 10);
		expect_type(__LINE__, "posix_memalign(bad)", "invalid-allocation-alignment");
		CHECK_CONT(!strcmp(recs[0].asan_type, "invalid-posix-memalign-alignment"));
		CHECK_CONT(r == EINVAL);
		CHECK_CONT(p == sentinel);
	}
	errno = 0;
	PENDING_CHECK();
	q = aligned_alloc(hide_size(3), 10);
	HIDE(q);	/* else the compiler may drop the allocation */
	expect_type(__LINE__, "aligned_alloc(3)", "invalid-allocation-alignment");
	CHECK_CONT(!strcmp(recs[0].asan_type, "invalid-aligned-alloc-alignment"));
	CHECK_CONT(q == NULL);
	CHECK_CONT(errno == EINVAL);
	errno = 0;
	PENDING_CHECK();
	q = memalign(hide_size(3), 10);
	HIDE(q);
	expect_type(__LINE__, "memalign(3)", "invalid-allocation-alignment");
	CHECK_CONT(q == NULL);
	CHECK_CONT(errno == EINVAL);
	EXPECT_NO_REPORT(q = memalign(hide_size(0), 10));
	HIDE(q);
	CHECK_CONT(q != NULL);
	EXPECT_NO_REPORT(xfree(q));
	/* the smallest valid alignment */
	EXPECT_NO_REPORT(r = posix_memalign(&p, sizeof(void *), 10));
	CHECK(r == 0);
	CHECK_CONT((uintptr_t)p % sizeof(void *) == 0);
	EXPECT_NO_REPORT(xfree(p));
}

static void kmalloc_usable_size(void)
{
	size_t i;

	CHECK_CONT(malloc_usable_size(NULL) == 0);
	for (i = 0; i < sizeof(boundary_sizes) / sizeof(boundary_sizes[0]); i++) {
		size_t n = boundary_sizes[i];
		char *p = xmalloc(n);

		CHECK(p);
		if (malloc_usable_size(p) != n)
			fail(__LINE__, "malloc_usable_size(malloc(%zu)) = %zu", n,
			     malloc_usable_size(p));
		xfree(p);
	}
	{
		char *p = xmalloc(0);

		CHECK(p);
		CHECK_CONT(malloc_usable_size(p) == 0);
		xfree(p);
	}
}

static int all_zero(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

static void kmalloc_calloc_zero(void)
{
	size_t i;

	for (i = 0; i < sizeof(boundary_sizes) / sizeof(boundary_sizes[0]); i++) {
		size_t n = boundary_sizes[i];
		char *p = xmalloc(n), *q, *r;

		CHECK(p);
		memset(p, 0xa5, n);
		xfree(p);
		q = calloc(1, n);
		r = calloc(n, 1);
		HIDE(q);
		HIDE(r);
		CHECK(q && r);
		if (!all_zero(q, n) || !all_zero(r, n))
			fail(__LINE__, "calloc(%zu) is not zeroed", n);
		EXPECT_NO_REPORT(sink8 = RD(q + n - 1));
		EXPECT_KASAN_FAIL(sink8 = RD(q + n), "slab-out-of-bounds", q + n, 1, KSAN_READ);
		xfree(q);
		xfree(r);
		if (case_failed)
			return;
	}
	{
		char *p = calloc(0, 10);

		HIDE(p);
		CHECK_CONT(p != NULL);
		xfree(p);
	}
}

/* With quarantine_size_mb=0 a freed slot comes back at once: calloc must
 * still hand it out zeroed. */
static void kmalloc_calloc_zero_reuse(void)
{
	struct child c;

	RUN_CHILD("calloc_reuse", "quarantine_size_mb=0", &c);
	if (!EXITED_WITH(&c, 0) || !strstr(c.out, "OK reuse=")) {
		child_report(__LINE__, "calloc reuse", &c);
		return;
	}
	if (strstr(c.out, "OK reuse=0"))
		skip("no slot was reused with quarantine_size_mb=0: reuse not exercised");
}

/* Exactly one report of this type (allocation failures carry no address). */
static void expect_type(int line, const char *what, const char *type)
{
	int n = nrec;

	nrec = 0;
	if (n != 1 || strcmp(recs[0].type, type))
		fail(line, "%s: expected one %s report, got %d (first: %s)", what, type, n,
		     n ? recs[0].type : "-");
}

static void kmalloc_calloc_overflow(void)
{
	size_t n = hide_size(SIZE_MAX / 2);
	struct child c;
	char *p;

	/* with the callback handling the report, the call returns NULL */
	errno = 0;
	PENDING_CHECK();
	p = calloc(n, 4);
	HIDE(p);
	expect_type(__LINE__, "calloc(SIZE_MAX/2, 4)", "calloc-overflow");
	CHECK_CONT(p == NULL);
	CHECK_CONT(errno == ENOMEM);

	RUN_CHILD("calloc_overflow", "allocator_may_return_null=1", &c);
	if (!EXITED_WITH(&c, 0) || !strstr(c.out, "result NULL errno ENOMEM") ||
	    strstr(c.err, "KASAN:"))
		child_report(__LINE__, "allocator_may_return_null=1", &c);
	RUN_CHILD("calloc_overflow", NULL, &c);
	if (!EXITED_WITH(&c, 1) || !strstr(c.err, "\nKASAN: calloc-overflow in ") ||
	    strstr(c.out, "result"))
		child_report(__LINE__, "default options", &c);
}

static void kmalloc_size_too_big(void)
{
	size_t n = hide_size((size_t)1 << 41);
	struct child c;
	char *p;

	errno = 0;
	PENDING_CHECK();
	p = malloc(n);
	HIDE(p);
	expect_type(__LINE__, "malloc(1 << 41)", "allocation-size-too-big");
	CHECK_CONT(p == NULL);
	CHECK_CONT(errno == ENOMEM);

	RUN_CHILD("malloc_too_big", "allocator_may_return_null=1", &c);
	if (!EXITED_WITH(&c, 0) || !strstr(c.out, "result NULL errno ENOMEM") ||
	    strstr(c.err, "KASAN:"))
		child_report(__LINE__, "allocator_may_return_null=1", &c);
	RUN_CHILD("malloc_too_big", NULL, &c);
	if (!EXITED_WITH(&c, 1) || !strstr(c.err, "\nKASAN: allocation-size-too-big in ") ||
	    strstr(c.out, "result"))
		child_report(__LINE__, "default options", &c);
}

static void kmalloc_zero_size(void)
{
	char *p = xmalloc(0), *q = xmalloc(0);

	CHECK(p && q);
	CHECK_CONT(p != q);
	EXPECT_KASAN_FAIL_OBJ(sink8 = RD(p), "slab-out-of-bounds", p, 1, KSAN_READ,
			      live_obj(p, 0, "kmalloc-16"));
	EXPECT_KASAN_FAIL(WR(q, 0), "slab-out-of-bounds", q, 1, KSAN_WRITE);
	EXPECT_NO_REPORT(xfree(p));
	EXPECT_NO_REPORT(xfree(q));
	EXPECT_KASAN_FAIL(xfree(p), "double-free", p, 0, KSAN_FREE);
}

/* ---- ksan.h ------------------------------------------------------------- */

static char pool[256] __attribute__((aligned(64)));

static void ksan_poison_api(void)
{
	char *pl = pool, *p;
	uint8_t v = 0;

	HIDE(pl);
	ksan_poison(pl + 64, 64);
	CHECK_CONT(ksan_address_is_poisoned(pl + 64) == 1);
	CHECK_CONT(ksan_address_is_poisoned(pl + 127) == 1);
	CHECK_CONT(ksan_address_is_poisoned(pl + 63) == 0);
	CHECK_CONT(ksan_address_is_poisoned(pl + 128) == 0);
	CHECK_CONT(ksan_region_is_poisoned(pl, 256) == pl + 64);
	CHECK_CONT(ksan_region_is_poisoned(pl, 64) == NULL);
	CHECK_CONT(ksan_region_is_poisoned(pl + 100, 10) == pl + 100);
	CHECK_CONT(ksan_region_is_poisoned(pl + 128, 128) == NULL);
	EXPECT_NO_REPORT({ sink8 = RD(pl + 63); sink8 = RD(pl + 128); });
	EXPECT_KASAN_FAIL(v = RD(pl + 64), "use-after-poison", pl + 64, 1, KSAN_READ);
	EXPECT_KASAN_FAIL(WR(pl + 127, v), "use-after-poison", pl + 127, 1, KSAN_WRITE);
	EXPECT_KASAN_FAIL(sink64 = LD(uint64_t, pl + 120), "use-after-poison", pl + 120, 8,
			  KSAN_READ);
	vsize = 100;
	EXPECT_KASAN_FAIL(memset(pl, 0, vsize), "use-after-poison", pl, 100, KSAN_WRITE);
	ksan_unpoison(pl + 64, 64);
	CHECK_CONT(ksan_region_is_poisoned(pl, 256) == NULL);
	CHECK_CONT(ksan_address_is_poisoned(pl + 64) == 0);
	EXPECT_NO_REPORT({ sink8 = RD(pl + 64); WR(pl + 127, 0); memset(pl, 0, vsize); });

	/* an unaligned range: the whole granules inside it are poisoned, bytes
	 * before it stay valid (whether the head granule's tail [3, 8) is
	 * poisoned too differs between ksan.h's comment and ASan's interface,
	 * so it is not checked), and a partial last granule stays valid */
	ksan_poison(pl + 3, 20);
	CHECK_CONT(ksan_address_is_poisoned(pl + 2) == 0);
	CHECK_CONT(ksan_address_is_poisoned(pl + 8) == 1);
	CHECK_CONT(ksan_address_is_poisoned(pl + 15) == 1);
	CHECK_CONT(ksan_address_is_poisoned(pl + 16) == 0);
	CHECK_CONT(ksan_address_is_poisoned(pl + 22) == 0);
	EXPECT_NO_REPORT(sink8 = RD(pl + 2));
	EXPECT_KASAN_FAIL(sink8 = RD(pl + 8), "use-after-poison", pl + 8, 1, KSAN_READ);
	ksan_unpoison(pl, 256);
	CHECK_CONT(ksan_region_is_poisoned(pl, 256) == NULL);

	/* a program's own allocator carving a malloc'ed chunk */
	p = xmalloc(256);
	CHECK(p);
	ksan_poison(p + 128, 128);
	CHECK_CONT(ksan_region_is_poisoned(p, 256) == p + 128);
	EXPECT_NO_REPORT(sink8 = RD(p + 127));
	EXPECT_KASAN_FAIL(sink8 = RD(p + 128), "use-after-poison", p + 128, 1, KSAN_READ);
	ksan_unpoison(p + 128, 64);
	EXPECT_NO_REPORT(sink8 = RD(p + 191));
	EXPECT_KASAN_FAIL(sink8 = RD(p + 192), "use-after-poison", p + 192, 1, KSAN_READ);
	ksan_unpoison(p + 192, 64);
	EXPECT_NO_REPORT(sink8 = RD(p + 255));
	CHECK_CONT(ksan_region_is_poisoned(p, 256) == NULL);
	CHECK_CONT(ksan_region_is_poisoned(p, 257) == p + 256);
	CHECK_CONT(ksan_address_is_poisoned(p + 256) == 1);
	EXPECT_KASAN_FAIL(sink8 = RD(p + 256), "slab-out-of-bounds", p + 256, 1, KSAN_READ);
	EXPECT_NO_REPORT(xfree(p));
	CHECK_CONT(ksan_address_is_poisoned(p) == 1);
}

static void ksan_check_api(void)
{
	size_t n = 40;
	char *p = xmalloc(n);
	unsigned long before;

	CHECK(p);
	before = ksan_report_count();
	EXPECT_NO_REPORT({ ksan_check_read(p, n); ksan_check_write(p, n); });
	EXPECT_KASAN_FAIL(ksan_check_read(p + n, 1), "slab-out-of-bounds", p + n, 1, KSAN_READ);
	EXPECT_KASAN_FAIL(ksan_check_write(p, n + 1), "slab-out-of-bounds", p, n + 1,
			  KSAN_WRITE);
	CHECK_CONT(ksan_report_count() == before + 2);
	xfree(p);
	EXPECT_KASAN_FAIL(ksan_check_read(p, 1), "slab-use-after-free", p, 1, KSAN_READ);
}

/* ---- type confusion (types.c) ---------------------------------------- */

struct tc_node {
	struct tc_node *next;
};
struct tc_timer {
	long expires;
	struct tc_node node;
};
struct tc_io {
	struct tc_node node;
	long fd;
};

/* One report, with the typed object, for a timer taken as an I/O watcher;
 * none for the right type, an untyped object, or the typed object's slot
 * freed. */
static void kmalloc_type_confusion(void)
{
	struct tc_timer *t = KSAN_NEW(struct tc_timer);
	struct tc_io *io = (struct tc_io *)xmalloc(sizeof(*io));
	struct obj_expect o = { 0, sizeof(struct tc_timer), "kmalloc-16", 0 };
	void *volatile r = 0;

	CHECK(t && io);
	o.object = (uintptr_t)t;
	EXPECT_NO_REPORT(r = KSAN_CONTAINER_OF(&t->node, struct tc_timer, node));
	CHECK_CONT(r == t);
	EXPECT_KASAN_FAIL_OBJ(r = KSAN_CONTAINER_OF(&t->node, struct tc_io, node),
			      "type-confusion", &t->node, 0, KSAN_READ, o);
	CHECK_CONT(r == &t->node);	/* the plain expression, reported or not */
	EXPECT_KASAN_FAIL_OBJ(KSAN_CHECK_TYPE(t, struct tc_io), "type-confusion", t, 0, KSAN_READ, o);
	EXPECT_NO_REPORT(r = KSAN_CONTAINER_OF(&io->node, struct tc_timer, node));
	EXPECT_NO_REPORT(KSAN_CHECK_TYPE(io, struct tc_timer));
	xfree(t);
	xfree(io);
}

/* ---- options: halting, exit status (re-executed children) ------------- */

static void halt_on_error_default(void)
{
	struct child c;

	RUN_CHILD("bad_access", NULL, &c);
	if (!EXITED_WITH(&c, 1) || !strstr(c.out, "before") || strstr(c.out, "after") ||
	    count_substr(c.err, "BUG: KASAN: slab-out-of-bounds") != 1)
		child_report(__LINE__, "default options", &c);
}

static void halt_on_error_0(void)
{
	struct child c;

	RUN_CHILD("halt0", "halt_on_error=0", &c);
	if (!EXITED_WITH(&c, 0) || !strstr(c.out, "done") ||
	    count_substr(c.err, "BUG: KASAN: ") != 2 ||
	    count_substr(c.err, "BUG: KASAN: slab-out-of-bounds") != 1 ||
	    count_substr(c.err, "BUG: KASAN: slab-use-after-free") != 1)
		child_report(__LINE__, "halt_on_error=0", &c);
}

static void exitcode_option(void)
{
	struct child c;

	RUN_CHILD("bad_access", "exitcode=42", &c);
	if (!EXITED_WITH(&c, 42) || strstr(c.out, "after") ||
	    !strstr(c.err, "BUG: KASAN: slab-out-of-bounds"))
		child_report(__LINE__, "exitcode=42", &c);
}

static void abort_on_error_option(void)
{
	struct child c;

	RUN_CHILD("bad_access", "abort_on_error=1", &c);
	if (!WIFSIGNALED(c.status) || WTERMSIG(c.status) != SIGABRT || strstr(c.out, "after") ||
	    !strstr(c.err, "BUG: KASAN: slab-out-of-bounds"))
		child_report(__LINE__, "abort_on_error=1", &c);
}

/* ---- child modes -------------------------------------------------------- */

static NOINLINE uint8_t bad_read_helper(char *p, size_t i)
{
	return RD(p + i);
}

static NOINLINE void bad_write_helper(char *p, size_t i)
{
	WR(p + i, 0);
}

static int child_main(const char *mode)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(mode, "calloc_overflow") || !strcmp(mode, "malloc_too_big")) {
		void *p;

		errno = 0;
		if (mode[0] == 'c')
			p = calloc(hide_size(SIZE_MAX / 2), 4);
		else
			p = malloc(hide_size((size_t)1 << 41));
		HIDE(p);
		printf("result %s errno %s\n", p ? "pointer" : "NULL",
		       errno == ENOMEM ? "ENOMEM" : "other");
		return 0;
	}
	if (!strcmp(mode, "calloc_reuse")) {
		int reuse = 0, bad = 0, round;
		size_t i;

		for (round = 0; round < 4; round++)
			for (i = 0; i < sizeof(boundary_sizes) / sizeof(boundary_sizes[0]); i++) {
				size_t n = boundary_sizes[i];
				char *p = xmalloc(n), *q;

				memset(p, 0xa5, n);
				xfree(p);
				q = calloc(1, n);
				HIDE(q);
				reuse += q == p;
				if (!all_zero(q, n)) {
					printf("BAD calloc(1, %zu) not zeroed\n", n);
					bad++;
				}
				xfree(q);
			}
		if (!bad)
			printf("OK reuse=%d\n", reuse);
		return bad != 0;
	}
	if (!strcmp(mode, "bad_access")) {
		char *p = xmalloc(16);

		printf("before\n");
		sink8 = bad_read_helper(p, 16);
		printf("after\n");
		return 0;
	}
	if (!strcmp(mode, "halt0")) {
		char *p = xmalloc(16), *q = xmalloc(16);

		/* one pc twice: reported once */
		sink8 = bad_read_helper(p, 16);
		sink8 = bad_read_helper(p, 17);
		xfree(q);
		/* another pc: reported too */
		bad_write_helper(q, 0);
		xfree(p);
		printf("done\n");
		return 0;
	}
	fprintf(stderr, "unknown child mode %s\n", mode);
	return 2;
}

/* ---- main --------------------------------------------------------------- */

struct tcase {
	const char *name;
	void (*fn)(void);
};

#define C(fn) { #fn, fn }
static const struct tcase cases[] = {
	C(kmalloc_oob_right),
	C(kmalloc_oob_right_boundaries),
	C(kmalloc_big_oob_right),
	C(kmalloc_node_oob_right),
	C(kmalloc_large_oob_right),
	C(kmalloc_redzone_growth),
	C(kmalloc_oob_left),
	C(kmalloc_oob_class_tail),
	C(kmalloc_oob_multibyte),
	C(kmalloc_oob_unaligned),
	C(kmalloc_oob_straddle),
	C(kmalloc_oob_16),
	C(kmalloc_uaf_16),
	C(kmalloc_oob_in_memset),
	C(kmalloc_oob_memset_2),
	C(kmalloc_oob_memset_4),
	C(kmalloc_oob_memset_8),
	C(kmalloc_oob_memset_16),
	C(kmalloc_memmove_negative_size),
	C(kmalloc_memmove_invalid_size),
	C(kmalloc_memcpy_oob),
	C(kmalloc_uaf_memcpy),
	C(kmalloc_uaf),
	C(kmalloc_uaf_memset),
	C(kmalloc_uaf2),
	C(kmalloc_large_uaf),
	C(kmalloc_uaf_realloc),
	C(krealloc_more_oob),
	C(krealloc_less_oob),
	C(krealloc_large_more_oob),
	C(krealloc_large_less_oob),
	C(krealloc_uaf),
	C(kmalloc_uaf_quarantine),
	C(kmalloc_fork_locks),
	C(kmalloc_double_free),
	C(kmalloc_large_double_free),
	C(kmalloc_invalid_free),
	C(kmalloc_large_invalid_free),
	C(kmalloc_aligned),
	C(kmalloc_valloc),
	C(kmalloc_bad_alignment),
	C(kmalloc_usable_size),
	C(kmalloc_calloc_zero),
	C(kmalloc_calloc_zero_reuse),
	C(kmalloc_calloc_overflow),
	C(kmalloc_size_too_big),
	C(kmalloc_zero_size),
	C(ksan_poison_api),
	C(ksan_check_api),
	C(kmalloc_type_confusion),
	C(halt_on_error_default),
	C(halt_on_error_0),
	C(exitcode_option),
	C(abort_on_error_option),
};

int main(int argc, char **argv)
{
	const char *filter = argc > 1 ? argv[1] : NULL;
	const char *mode = getenv("KSAN_TEST_MODE");
	int failed = 0, ran = 0, planned = 0;
	size_t i;

	if (argc > 2 && !strcmp(argv[1], "--child"))
		return child_main(argv[2]);
	if (mode)
		inline_mode = !strcmp(mode, "inline") ? 1 : !strcmp(mode, "outline") ? 0 : -1;
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* The plan first: a run that dies halfway prints fewer results. */
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		planned += !filter || strstr(cases[i].name, filter);
	printf("PLAN: %d\n", planned ? planned : 1);
	ksan_set_report_callback(record_report, NULL);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct tcase *t = &cases[i];

		if (filter && !strstr(t->name, filter))
			continue;
		ran++;
		cur_case = t->name;
		case_failed = case_skipped = 0;
		case_why[0] = skip_why[0] = 0;
		nrec = 0;
		t->fn();
		expect_none(0, "report left over at the end of the case");
		if (case_failed) {
			printf("FAIL: %s: %s\n", t->name, case_why);
			failed++;
		} else if (case_skipped) {
			printf("SKIP: %s: %s\n", t->name, skip_why);
		} else {
			printf("PASS: %s\n", t->name);
		}
	}
	if (!ran) {
		printf("FAIL: kasan_test: no case matches '%s'\n", filter ? filter : "");
		return 1;
	}
	return failed != 0;
}
