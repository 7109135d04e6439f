/*
 * This file contains ksan's allocator stress test: THREADS threads make OPS
 * random operations each (malloc of 1..4096 bytes and sometimes up to 64 KiB,
 * calloc, free of a random live object, realloc, and hand-offs of objects to
 * other threads, which free them).  Every object carries a pattern derived
 * from a unique id, written at allocation and checked before it is freed: a
 * lost or overlapping object shows as a bad pattern.  A report callback
 * counts reports: a correct program must get none.
 *
 *   stress_test [THREADS [OPS]]     defaults: 8 threads, 1000000 operations
 *
 * Output: "PASS: <check>" / "FAIL: <check>: <why>" lines; exit status 1 on
 * any failure.
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ksan/ksan.h>

#define LOCAL_SLOTS 512
#define XFER_SLOTS 1024

struct obj {
	unsigned char *p;
	size_t size;
	uint64_t id;
};

/* A hand-off slot: 0 empty, 1 being filled or emptied, 2 full. */
struct xfer {
	int state;
	struct obj o;
} __attribute__((aligned(64)));

static struct xfer xfers[XFER_SLOTS];
static uint64_t next_id = 1;
static unsigned long reports, bad_patterns, alloc_failures;
static unsigned long n_alloc, n_free, n_xfer_out, n_xfer_in, n_realloc;
static char first_report[256], first_bad[256];
static int first_report_set, first_bad_set;
static long ops_per_thread = 1000000;

/* Runs with the report lock held: no allocation (snprintf into a static
 * buffer does not allocate). */
static int count_report(const struct ksan_report *r, void *arg)
{
	(void)arg;
	if (__atomic_fetch_add(&reports, 1, __ATOMIC_RELAXED) == 0 &&
	    !__atomic_exchange_n(&first_report_set, 1, __ATOMIC_RELAXED))
		snprintf(first_report, sizeof(first_report), "%s %s of size %zu at %#lx",
			 r->bug_type, r->access == KSAN_WRITE ? "write" :
			 r->access == KSAN_FREE ? "free" : "read", r->size,
			 (unsigned long)r->addr);
	return 1;
}

static uint64_t rnd(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dull;
}

static unsigned char pat(uint64_t id)
{
	return (unsigned char)((id * 0x9e3779b97f4a7c15ull) >> 56) | 1;
}

static void bad(const struct obj *o, const char *what, size_t at)
{
	__atomic_add_fetch(&bad_patterns, 1, __ATOMIC_RELAXED);
	if (!__atomic_exchange_n(&first_bad_set, 1, __ATOMIC_RELAXED))
		snprintf(first_bad, sizeof(first_bad), "object %p size %zu id %llu: %s at %zu",
			 (void *)o->p, o->size, (unsigned long long)o->id, what, at);
}

/* The pattern: the id in the first 8 bytes (if they exist), pat(id) after. */
static void fill(struct obj *o)
{
	memset(o->p, pat(o->id), o->size);
	if (o->size >= 8)
		memcpy(o->p, &o->id, 8);
}

/* Checks the id, the last byte and a few random bytes, or (full) every
 * byte. */
static void verify(const struct obj *o, uint64_t *seed, int full)
{
	unsigned char c = pat(o->id);
	size_t i, n = o->size;

	if (n >= 8) {
		uint64_t id;

		memcpy(&id, o->p, 8);
		if (id != o->id) {
			bad(o, "id overwritten", 0);
			return;
		}
	}
	if (n > 8 && o->p[n - 1] != c)
		bad(o, "last byte", n - 1);
	if (n < 8 && o->p[0] != c)
		bad(o, "first byte", 0);
	if (full) {
		uint64_t w = c * 0x0101010101010101ull, v;

		i = n >= 8 ? 8 : 0;
		for (; i + 8 <= n; i += 8) {	/* objects are 16-byte aligned */
			memcpy(&v, o->p + i, 8);
			if (v != w)
				break;
		}
		for (; i < n; i++)
			if (o->p[i] != c) {
				bad(o, "byte", i);
				return;
			}
	} else if (n > 8) {
		for (i = 0; i < 4; i++) {
			size_t at = 8 + rnd(seed) % (n - 8);

			if (o->p[at] != c) {
				bad(o, "byte", at);
				return;
			}
		}
	}
}

static size_t rand_size(uint64_t *s)
{
	uint64_t r = rnd(s);

	if ((r & 63) == 0)
		return 1 + (r >> 8) % 65536;	/* sometimes large */
	return 1 + (r >> 8) % 4096;
}

static int new_obj(struct obj *o, uint64_t *s)
{
	uint64_t r = rnd(s);

	o->size = rand_size(s);
	o->id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
	if ((r & 15) == 0) {
		size_t i;

		o->p = calloc(1, o->size);
		if (o->p && (r & 0x30) == 0)	/* some calloc'ed objects in full */
			for (i = 0; i < o->size; i++)
				if (o->p[i]) {
					bad(o, "calloc memory not zero", i);
					break;
				}
	} else {
		o->p = malloc(o->size);
	}
	if (!o->p) {
		__atomic_add_fetch(&alloc_failures, 1, __ATOMIC_RELAXED);
		return -1;
	}
	if (malloc_usable_size(o->p) != o->size)
		bad(o, "malloc_usable_size differs", malloc_usable_size(o->p));
	fill(o);
	return 0;
}

static void del_obj(struct obj *o, uint64_t *s)
{
	verify(o, s, (rnd(s) & 31) == 0);
	free(o->p);
	o->p = 0;
}

/* The byte at i of a pattern-filled object of old_size bytes. */
static unsigned char expected(const struct obj *o, size_t old_size, size_t i)
{
	if (old_size >= 8 && i < 8)
		return (unsigned char)(o->id >> (8 * i));	/* little endian */
	return pat(o->id);
}

static void do_realloc(struct obj *o, uint64_t *s)
{
	size_t n = rand_size(s), old = o->size, keep = n < old ? n : old, i;
	unsigned char *q;

	verify(o, s, 0);
	q = realloc(o->p, n);
	if (!q) {
		__atomic_add_fetch(&alloc_failures, 1, __ATOMIC_RELAXED);
		return;
	}
	o->p = q;
	/* the kept prefix moved intact */
	for (i = 0; i < keep; i += i < 16 ? 1 : 1 + (keep >> 4))
		if (q[i] != expected(o, old, i)) {
			bad(o, "realloc lost a byte", i);
			break;
		}
	if (q[keep - 1] != expected(o, old, keep - 1))
		bad(o, "realloc lost the last kept byte", keep - 1);
	o->size = n;
	fill(o);
}

/* Hands o to whichever thread takes it; returns 0 if no slot was free. */
static int give(struct obj *o, uint64_t *s)
{
	unsigned i, start = (unsigned)(rnd(s) % XFER_SLOTS);

	for (i = 0; i < 8; i++) {
		struct xfer *x = &xfers[(start + i) % XFER_SLOTS];
		int empty = 0;

		if (__atomic_compare_exchange_n(&x->state, &empty, 1, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED)) {
			x->o = *o;
			__atomic_store_n(&x->state, 2, __ATOMIC_RELEASE);
			o->p = 0;
			return 1;
		}
	}
	return 0;
}

static int take(struct obj *o, unsigned start, unsigned tries)
{
	unsigned i;

	for (i = 0; i < tries; i++) {
		struct xfer *x = &xfers[(start + i) % XFER_SLOTS];
		int full = 2;

		if (__atomic_compare_exchange_n(&x->state, &full, 1, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED)) {
			*o = x->o;
			__atomic_store_n(&x->state, 0, __ATOMIC_RELEASE);
			return 1;
		}
	}
	return 0;
}

static void *worker(void *arg)
{
	uint64_t seed = 0x9e3779b97f4a7c15ull * ((uintptr_t)arg + 1);
	static __thread struct obj local[LOCAL_SLOTS];
	unsigned long allocs = 0, frees = 0, outs = 0, ins = 0, reallocs = 0;
	long op;
	unsigned i;

	for (op = 0; op < ops_per_thread; op++) {
		uint64_t r = rnd(&seed);
		unsigned k = (unsigned)((r >> 16) % LOCAL_SLOTS), choice = (unsigned)(r % 100);
		struct obj *o = &local[k];

		if (choice < 45 || (!o->p && choice < 90)) {
			if (o->p) {
				del_obj(o, &seed);
				frees++;
			}
			if (!new_obj(o, &seed))
				allocs++;
		} else if (choice < 85) {
			del_obj(o, &seed);
			frees++;
		} else if (choice < 90) {
			do_realloc(o, &seed);
			reallocs++;
		} else if (choice < 95) {
			if (!o->p)
				continue;
			if (give(o, &seed)) {
				outs++;
			} else {
				del_obj(o, &seed);
				frees++;
			}
		} else {
			struct obj t;

			if (take(&t, (unsigned)(rnd(&seed) % XFER_SLOTS), 8)) {
				ins++;
				del_obj(&t, &seed);
				frees++;
			}
		}
	}
	for (i = 0; i < LOCAL_SLOTS; i++)
		if (local[i].p) {
			del_obj(&local[i], &seed);
			frees++;
		}
	__atomic_add_fetch(&n_alloc, allocs, __ATOMIC_RELAXED);
	__atomic_add_fetch(&n_free, frees, __ATOMIC_RELAXED);
	__atomic_add_fetch(&n_xfer_out, outs, __ATOMIC_RELAXED);
	__atomic_add_fetch(&n_xfer_in, ins, __ATOMIC_RELAXED);
	__atomic_add_fetch(&n_realloc, reallocs, __ATOMIC_RELAXED);
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 8;
	pthread_t *tids;
	unsigned long left = 0, drained = 0;
	uint64_t seed = 42;
	double t0, t1;
	int i, failed = 0;
	struct obj o;

	if (argc > 2)
		ops_per_thread = atol(argv[2]);
	if (threads < 1 || ops_per_thread < 1) {
		fprintf(stderr, "usage: stress_test [THREADS [OPS]]\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("PLAN: 4\n");	/* the four checks at the end */
	ksan_set_report_callback(count_report, NULL);
	tids = calloc((size_t)threads, sizeof(*tids));
	t0 = now();
	for (i = 0; i < threads; i++)
		if (pthread_create(&tids[i], NULL, worker, (void *)(uintptr_t)i)) {
			/* counts for all four */
			for (i = 0; i < 4; i++)
				printf("FAIL: stress_threads: pthread_create failed\n");
			return 1;
		}
	for (i = 0; i < threads; i++)
		pthread_join(tids[i], NULL);
	/* objects still waiting in hand-off slots: freed by the main thread */
	while (take(&o, 0, XFER_SLOTS)) {
		drained++;
		del_obj(&o, &seed);
	}
	for (i = 0; i < XFER_SLOTS; i++)
		left += xfers[i].state != 0;
	t1 = now();
	free(tids);

	printf("stress: %d threads x %ld ops in %.2f s: %lu allocs, %lu frees, %lu reallocs, "
	       "%lu handed to other threads (%lu freed by the main thread)\n",
	       threads, ops_per_thread, t1 - t0, n_alloc, n_free, n_realloc, n_xfer_out, drained);
	if (reports) {
		printf("FAIL: stress_no_reports: %lu reports (first: %s)\n", reports, first_report);
		failed++;
	} else {
		printf("PASS: stress_no_reports\n");
	}
	if (bad_patterns) {
		printf("FAIL: stress_patterns: %lu bad objects (first: %s)\n", bad_patterns,
		       first_bad);
		failed++;
	} else {
		printf("PASS: stress_patterns\n");
	}
	if (alloc_failures || left || n_xfer_in + drained != n_xfer_out ||
	    n_alloc != n_free - n_xfer_in + n_xfer_out ||
	    n_xfer_in == 0) {
		printf("FAIL: stress_balance: allocs %lu, frees %lu, handed out %lu, taken %lu, "
		       "drained %lu, left %lu, allocation failures %lu\n", n_alloc, n_free,
		       n_xfer_out, n_xfer_in, drained, left, alloc_failures);
		failed++;
	} else {
		printf("PASS: stress_balance\n");
	}
	if (ksan_report_count() != reports) {
		printf("FAIL: stress_report_count: ksan_report_count %lu, callback saw %lu\n",
		       ksan_report_count(), reports);
		failed++;
	} else {
		printf("PASS: stress_report_count\n");
	}
	return failed != 0;
}
