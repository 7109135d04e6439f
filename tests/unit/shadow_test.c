/*
 * This file contains ksan's in-process tests of the shadow range scanners
 * against a byte-by-byte reference: kasan_first_bad (through
 * ksan_region_is_poisoned, and through the bug type of the reports it
 * classifies), kasan_check_range (through ksan_check_read) and the
 * interceptors' port_range_clean (through write() to /dev/null), over many
 * (start, size, poison position) triples, with runs of shadow long enough
 * for the scanners' eight-shadow-bytes-at-a-time loops; and the partial
 * granule rules of ksan_poison (ASan's interface).
 *
 * The reference is ksan_address_is_poisoned on every byte: a one-granule
 * test that shares no code with the range scanners.
 *
 * Output: "PLAN: N", then one "PASS: <case>" or "FAIL: <case>: <why>" line
 * per case; the exit status is 1 if any case failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ksan/ksan.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define LEN 4096	/* the buffer the ranges lie in */

/* ---- harness ------------------------------------------------------------ */

static int case_failed, nfail;
static char why[512];

#define FAILF(...)							\
	do {								\
		if (!case_failed++)					\
			snprintf(why, sizeof(why), __VA_ARGS__);	\
		nfail++;						\
	} while (0)
#define CHECK(cond)							\
	do {								\
		if (!(cond))						\
			FAILF("check failed: %s (line %d)", #cond, __LINE__); \
	} while (0)

static struct {
	int n;
	uintptr_t addr;
	size_t size;
	char type[48];
} rep;

/* Every report is handled here: nothing printed, the program goes on. */
static int record(const struct ksan_report *r, void *arg)
{
	(void)arg;
	if (!rep.n++) {
		size_t i;

		rep.addr = r->addr;
		rep.size = r->size;
		for (i = 0; i + 1 < sizeof(rep.type) && r->bug_type[i]; i++)
			rep.type[i] = r->bug_type[i];
		rep.type[i] = 0;
	}
	return 1;
}

/* ---- layouts: which bytes of the buffer are poisoned --------------------- */

static char *buf;
static int bad[LEN];		/* the reference, byte by byte */
static size_t next_bad[LEN + 1];	/* first poisoned index >= i, or LEN */

/* Poison kinds: a whole granule, a granule from its middle on (shadow k),
 * a run of 70 granules (longer than one 64-granule shadow word). */
enum kind { NONE, GRANULE, PARTIAL1, PARTIAL5, RUN };

static const size_t granules[] = {
	0, 1, 2, 7, 8, 9, 15, 16, 63, 64, 65, 66, 70, 127, 128, 130, 191, 200, 255, 256, 300,
};

/* Sets up one layout, then the reference from the shadow as it is. */
static void layout(enum kind k, size_t g)
{
	size_t i;

	ksan_unpoison(buf, LEN);
	switch (k) {
	case NONE:
		break;
	case GRANULE:
		ksan_poison(buf + 8 * g, 8);
		break;
	case PARTIAL1:
		ksan_poison(buf + 8 * g + 1, 7);
		break;
	case PARTIAL5:
		ksan_poison(buf + 8 * g + 5, 3);
		break;
	case RUN:
		ksan_poison(buf + 8 * g, 8 * 70);
		break;
	}
	for (i = 0; i < LEN; i++)
		bad[i] = ksan_address_is_poisoned(buf + i);
	next_bad[LEN] = LEN;
	for (i = LEN; i-- > 0;)
		next_bad[i] = bad[i] ? i : next_bad[i + 1];
}

static const size_t starts[] = { 0, 1, 3, 7, 8, 9, 15, 16, 63, 64, 65, 511, 512, 513 };

/* Range sizes: every small one, and those around 64 and 512 bytes (one
 * shadow word, and what the word covers when mistaken for bytes), up to
 * past 2048. */
static size_t sizes[400];
static size_t nsizes;

static void make_sizes(void)
{
	static const size_t from[][2] = {
		{ 1, 140 }, { 500, 530 }, { 570, 590 }, { 1000, 1030 }, { 1195, 1205 },
		{ 2040, 2060 },
	};
	size_t i, s;

	for (i = 0; i < ARRAY_SIZE(from); i++)
		for (s = from[i][0]; s <= from[i][1]; s++)
			sizes[nsizes++] = s;
}

/* The first poisoned byte of [start, start+size), by the reference. */
static char *ref_first_bad(size_t start, size_t size)
{
	size_t b = next_bad[start];

	return b < start + size ? buf + b : NULL;
}

/* The bug type a report on a range whose first bad byte is b names: the
 * granule's value, or for a partial granule (its first byte valid) the next
 * one's, as the kernel does (a valid next granule: "out-of-bounds"). */
static const char *ref_type(const char *b)
{
	size_t g = (size_t)(b - buf) & ~(size_t)7;

	if (bad[g])	/* the granule's first byte: poisoned whole */
		return "use-after-poison";
	b = buf + g + 8;
	return b < buf + LEN && bad[b - buf] ? "use-after-poison" : "out-of-bounds";
}

static const char *kind_name[] = { "none", "granule", "partial1", "partial5", "run" };

/*
 * For every layout, start and size: fn must agree with the reference.
 * fn returns 0 if it agrees, else writes why; every_start = 0 limits the
 * starts to a few (for the calls that make a report each).
 */
static void sweep(int (*fn)(size_t start, size_t size, char *got, size_t len),
		  int every_start)
{
	enum kind k;
	size_t gi, si, zi, checked = 0;

	for (k = NONE; k <= RUN; k++) {
		for (gi = 0; gi < (k == NONE ? 1 : ARRAY_SIZE(granules)); gi++) {
			layout(k, granules[gi]);
			for (si = 0; si < ARRAY_SIZE(starts); si++) {
				if (!every_start && starts[si] % 8 != 0 && starts[si] != 3)
					continue;
				for (zi = 0; zi < nsizes; zi++) {
					char got[128];
					size_t st = starts[si], sz = sizes[zi];

					if (st + sz > LEN)
						continue;
					checked++;
					if (fn(st, sz, got, sizeof(got))) {
						FAILF("layout %s at granule %zu, range [%zu, %zu): %s",
						      kind_name[k], granules[gi], st, st + sz, got);
						goto out;
					}
				}
			}
		}
	}
out:
	ksan_unpoison(buf, LEN);
	if (!case_failed && checked < 10000)
		FAILF("only %zu ranges checked", checked);
}

/* ---- the scanners -------------------------------------------------------- */

static int by_region_is_poisoned(size_t start, size_t size, char *got, size_t len)
{
	char *want = ref_first_bad(start, size);
	char *p = ksan_region_is_poisoned(buf + start, size);

	if (p == want)
		return 0;
	snprintf(got, len, "first bad %s%td, want %s%td", p ? "+" : "none/", p ? p - buf : 0,
		 want ? "+" : "none/", want ? want - buf : 0);
	return 1;
}

static int by_check_read(size_t start, size_t size, char *got, size_t len)
{
	char *want = ref_first_bad(start, size);

	memset(&rep, 0, sizeof(rep));
	ksan_check_read(buf + start, size);
	if (!want && !rep.n)
		return 0;
	if (want && rep.n == 1 && rep.addr == (uintptr_t)(buf + start) && rep.size == size &&
	    !strcmp(rep.type, ref_type(want)))
		return 0;
	snprintf(got, len, "%d report(s) (%s of size %zu at +%td), want %s", rep.n, rep.type,
		 rep.size, (char *)rep.addr - buf, want ? ref_type(want) : "none");
	return 1;
}

static int devnull = -1;

static int by_write(size_t start, size_t size, char *got, size_t len)
{
	char *want = ref_first_bad(start, size);
	ssize_t r;

	memset(&rep, 0, sizeof(rep));
	errno = 0;
	r = write(devnull, buf + start, size);
	if (!want && r == (ssize_t)size && !rep.n)
		return 0;
	if (want && r == -1 && errno == EFAULT && rep.n == 1 && !strcmp(rep.type, ref_type(want)))
		return 0;
	snprintf(got, len, "write returned %zd, %d report(s) (%s), want %s%s", r, rep.n,
		 rep.type, want ? "EFAULT after a report of " : "success", want ? ref_type(want) : "");
	return 1;
}

/* ---- cases --------------------------------------------------------------- */

static void case_first_bad_sweep(void)
{
	sweep(by_region_is_poisoned, 1);
}

static void case_check_range_sweep(void)
{
	sweep(by_check_read, 0);
}

static void case_intercept_range_sweep(void)
{
	if (devnull < 0 && (devnull = open("/dev/null", O_WRONLY)) < 0) {
		FAILF("open /dev/null: %s", strerror(errno));
		return;
	}
	sweep(by_write, 0);
}

/* ksan_poison on granules it covers in part, as ASan's interface does. */
static void case_poison_partial_granules(void)
{
	char *p = malloc(13);	/* shadow 00 05 */

	/* inside granule 0, not up to its valid end: nothing changes */
	ksan_poison(p + 4, 2);
	CHECK(!ksan_address_is_poisoned(p + 4) && !ksan_region_is_poisoned(p, 13));
	/* the range ends before the granule's valid end (13): granule 1 stays */
	ksan_poison(p, 12);
	CHECK(ksan_address_is_poisoned(p) && ksan_address_is_poisoned(p + 7));
	CHECK(!ksan_address_is_poisoned(p + 8) && !ksan_address_is_poisoned(p + 12));
	ksan_unpoison(p, 13);
	CHECK(!ksan_region_is_poisoned(p, 13));
	/* up to the valid end: granule 1 poisoned whole */
	ksan_poison(p, 13);
	CHECK(ksan_address_is_poisoned(p + 8) && ksan_region_is_poisoned(p, 13) == p);
	ksan_unpoison(p, 13);
	/* a tail inside granule 1 that reaches its valid end: from p+10 on */
	ksan_poison(p + 10, 3);
	CHECK(!ksan_address_is_poisoned(p + 9) && ksan_address_is_poisoned(p + 10));
	CHECK(ksan_region_is_poisoned(p, 13) == p + 10);
	/* a later, shorter prefix only shrinks it */
	ksan_poison(p + 11, 2);
	CHECK(ksan_region_is_poisoned(p, 13) == p + 10);
	ksan_poison(p + 9, 1);	/* ends where the valid part already ends */
	CHECK(ksan_region_is_poisoned(p, 13) == p + 9);
	ksan_unpoison(p, 13);
	CHECK(!ksan_region_is_poisoned(p, 13));
	free(p);
}

struct tcase {
	const char *name;
	void (*fn)(void);
};
#define C(name) { #name, case_##name }

static const struct tcase cases[] = {
	C(first_bad_sweep), C(check_range_sweep), C(intercept_range_sweep),
	C(poison_partial_granules),
};

int main(int argc, char **argv)
{
	const char *filter = argc > 1 ? argv[1] : NULL;
	size_t i;
	int planned = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		planned += !filter || strstr(cases[i].name, filter);
	printf("PLAN: %d\n", planned ? planned : 1);
	if (!planned) {
		printf("FAIL: shadow_test: no case matches \"%s\"\n", filter);
		return 1;
	}
	buf = malloc(LEN);
	make_sizes();
	ksan_set_report_callback(record, NULL);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		if (filter && !strstr(cases[i].name, filter))
			continue;
		case_failed = 0;
		cases[i].fn();
		if (case_failed)
			printf("FAIL: %s: %s\n", cases[i].name, why);
		else
			printf("PASS: %s\n", cases[i].name);
	}
	return nfail ? 1 : 0;
}
