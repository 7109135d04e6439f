/*
 * Tag-based KASAN under qemu-aarch64 (tests/unit/tags.sh): one case per
 * run, named by argv[1]; each bad case has a silent twin ("<case>_ok")
 * that does the same with a correct access.  Sizes go through a volatile
 * so the compiler neither expands the mem* calls inline nor drops them.
 * Objects are 48 bytes in 64-byte slots: the slot's last granule always
 * carries the invalid tag, so an overflow by one granule is caught every
 * time (no chance of meeting a live neighbour with an equal tag).
 */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <ksan/ksan.h>

#ifndef PR_MTE_TCF_SYNC
#define PR_SET_TAGGED_ADDR_CTRL 55
#define PR_TAGGED_ADDR_ENABLE (1UL << 0)
#define PR_MTE_TCF_SYNC (1UL << 1)
#define PR_MTE_TAG_SHIFT 3
#endif

static volatile char sink;
static volatile size_t vsize;
/* pointers stored here escape: the compiler keeps their malloc and free */
static void *volatile escape;

__attribute__((noinline)) static void rd(const char *p)
{
	sink = *p;
}

__attribute__((noinline)) static void wr(char *p)
{
	*p = 1;
}

static void *thr_bad(void *a)
{
	char *p = malloc(48);

	rd(p + (a ? 47 : 48));
	free(p);
	return 0;
}

static sigjmp_buf segv_env;
static void on_segv(int sig)
{
	siglongjmp(segv_env, 1);
}

static int reports;
static int count(const struct ksan_report *r, void *arg)
{
	reports++;
	return 1;	/* handled: nothing printed, no halt */
}

static uintptr_t untag(const void *p)
{
	return (uintptr_t)p & (((uintptr_t)1 << 56) - 1);
}

/*
 * The tag dump (tags.sh checks its rows against these lines): 24 objects
 * of 48 bytes sorted by address, the middle one's right neighbour and
 * another one freed; then a read one byte past the middle object ("oob")
 * or of its second granule after freeing it ("uaf").  Before the access,
 * stderr gets "obj <untagged start> <pointer tag> live|freed" for each
 * object (also main's p) and "bad <untagged address> <pointer tag>": the
 * tags the dump must show (48 bytes of the pointer's tag, then the slot's
 * invalid last granule; a freed slot all invalid) and where its marker goes.
 */
static void dump(const char *kind, char *p)
{
	enum { N = 24, M = N / 2 };
	char *o[N], *t, *bad;
	int fr[N] = { 0 }, uaf = !strcmp(kind, "uaf"), i, j;

	for (i = 0; i < N; i++)
		o[i] = malloc(48);
	for (i = 1; i < N; i++)
		for (j = i; j > 0 && untag(o[j - 1]) > untag(o[j]); j--)
			t = o[j], o[j] = o[j - 1], o[j - 1] = t;
	fr[M + 1] = fr[M - 3] = 1;
	fr[M] = uaf;
	for (i = 0; i < N; i++)
		if (fr[i])
			free(o[i]);
	fprintf(stderr, "obj 0x%lx %02x live\n", (unsigned long)untag(p),
		(unsigned)((uintptr_t)p >> 56));
	for (i = 0; i < N; i++)
		fprintf(stderr, "obj 0x%lx %02x %s\n", (unsigned long)untag(o[i]),
			(unsigned)((uintptr_t)o[i] >> 56), fr[i] ? "freed" : "live");
	bad = o[M] + (uaf ? 16 : 48);
	fprintf(stderr, "bad 0x%lx %02x\n", (unsigned long)untag(bad),
		(unsigned)((uintptr_t)bad >> 56));
	rd(bad);
}

/*
 * Far out-of-bounds through a's tag into b: missed only when the two
 * random tags collide.  a and b are not neighbours (a live object between
 * them): a neighbour's tag is never the allocation's own (alloc.c), so
 * each of a and b takes a tag unlike the middle one's, and they collide 1
 * time in 12 (MTE) or 252.  "adjacent": a linear overflow instead, one
 * byte past the lower of two neighbouring 64-byte objects (slots with no
 * tail) into the other, which must never be missed.  With MTE (hw) the
 * port turns tag checks off for the thread after each fault it reports
 * (as the kernel does after its first report), so the loop turns them on
 * again as tags/port.c set them (sync mode, irg's tags 1..13) after each
 * report.
 */
static int collisions(int n, int hw, int adjacent)
{
	int i, seen = 0;

	ksan_set_report_callback(count, 0);
	for (i = 0; i < n; i++) {
		char *a = malloc(64), *mid = malloc(64), *b = malloc(64);
		/* a's pointer moved to b's address: the untagged distance, so
		 * the compiler cannot fold it into b itself */
		uintptr_t m = ((uintptr_t)1 << 56) - 1;
		uintptr_t far = (uintptr_t)a + (((uintptr_t)b & m) - ((uintptr_t)a & m));

		escape = b;
		escape = mid;
		if (adjacent) {	/* the next slot up from a or from mid */
			char *lo = untag(a) < untag(mid) ? a : mid;

			far = (uintptr_t)lo + 64;
			if (untag(a) + 64 != untag(mid) && untag(mid) + 64 != untag(a)) {
				printf("a and mid are no neighbours: 0x%lx 0x%lx\n",
				       (unsigned long)untag(a), (unsigned long)untag(mid));
				return 1;
			}
		}
		rd((const char *)far);
		if (hw && reports != seen &&
		    prctl(PR_SET_TAGGED_ADDR_CTRL, PR_TAGGED_ADDR_ENABLE | PR_MTE_TCF_SYNC |
			  (0x3ffeul << PR_MTE_TAG_SHIFT), 0, 0, 0)) {
			printf("prctl failed\n");
			return 1;
		}
		seen = reports;
		free(b);
		free(mid);
		free(a);
	}
	printf("missed %d of %d\n", n - reports, n);
	return 0;
}

/* A constant-size copy past a 64-byte object (issue 25's gcc case): with
 * MTE both compilers expand it inline (ldp/stp and ldr/str of q
 * registers); its last 16 bytes land in the next slot, which holds main's
 * p (allocated before it: the slab hands out slots downwards), so it is
 * caught only because p's tag is never d's (alloc.c).  The source is not
 * static: a copy of a never-written static array becomes memset. */
char src80[80];

__attribute__((noinline)) static void copy80(int ok)
{
	char *d = malloc(64);

	escape = d;
	if (ok)
		memcpy(d, src80, 64);
	else
		memcpy(d, src80, 80);
	rd(d + 1);
	free(d);
}

int main(int argc, char **argv)
{
	const char *c = argc > 1 ? argv[1] : "";
	int ok = strstr(c, "_ok") != 0;
	char *p = malloc(48), *q;

	vsize = 48;
	if (!strncmp(c, "right", 5))
		rd(p + (ok ? 47 : 48));
	else if (!strncmp(c, "left", 4)) {
		/* the later of two neighbours, one byte left: the earlier
		 * one's slot tail */
		char *hi;

		q = malloc(48);
		escape = q;
		hi = (uintptr_t)q > (uintptr_t)p ? q : p;
		rd(hi - (ok ? 0 : 1));
		free(q);
	} else if (!strncmp(c, "far", 3))
		wr(p + (ok ? 32 : 8192));
	else if (!strncmp(c, "uaf", 3)) {
		q = p;
		free(p);
		if (!ok)
			rd(q);
		p = malloc(48);	/* (it may reuse the slot, with another tag) */
		rd(p);
	} else if (!strncmp(c, "dfree", 5)) {
		q = malloc(16);
		escape = q;
		free(q);
		if (!ok)
			free(q);
	} else if (!strncmp(c, "ifree", 5)) {
		q = malloc(48);
		escape = q;
		free(q + (ok ? 0 : 16));
	} else if (!strncmp(c, "memcpy", 6)) {
		q = malloc(48);
		escape = q;
		memcpy(q, p, vsize + (ok ? 0 : 16));
		rd(q);	/* the copy is used: kept */
		free(q);
	} else if (!strncmp(c, "memset", 6))
		memset(p, 0, vsize + (ok ? 0 : 1));
	else if (!strncmp(c, "thread", 6)) {
		pthread_t t;

		pthread_create(&t, 0, thr_bad, ok ? p : 0);
		pthread_join(t, 0);
	} else if (!strcmp(c, "matchall"))	/* 0xff: never checked (sw); "right" with 0xff */
		rd((const char *)((uintptr_t)(p + 48) | 0xfful << 56));
	/* faults that are no tag mismatch: a null pointer (read) and a wild
	 * one into unmapped memory (write), both untagged; their twin is
	 * the same null read caught by the program's own SIGSEGV handler */
	else if (!strcmp(c, "null"))
		rd((const char *)(uintptr_t)vsize - 48);
	else if (!strcmp(c, "wild"))
		wr((char *)(uintptr_t)0x7e0000000000ul + vsize);
	else if (!strcmp(c, "null_ok")) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_segv;
		sigaction(SIGSEGV, &sa, 0);
		if (!sigsetjmp(segv_env, 1))
			rd((const char *)(uintptr_t)vsize - 48);
		else
			printf("SIGSEGV handled\n");
	} else if (!strcmp(c, "dump"))
		dump(argc > 2 ? argv[2] : "oob", p);
	else if (!strcmp(c, "collide"))
		return collisions(argc > 2 ? atoi(argv[2]) : 10000, argc > 3 && !strcmp(argv[3], "hw"), 0);
	else if (!strcmp(c, "adjacent"))
		return collisions(argc > 2 ? atoi(argv[2]) : 1000, argc > 3 && !strcmp(argv[3], "hw"), 1);
	else if (!strncmp(c, "copy80", 6))
		copy80(ok);
	else if (!strcmp(c, "stack_ok")) {
		char buf[32];
		char *volatile b = buf;

		memset(b, 1, sizeof(buf));
		rd(b + 31);
	}
	free(p);
	printf("done %s\n", c);
	return 0;
}
