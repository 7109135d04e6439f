/*
 * A multithreaded benchmark for the race detectors (KCSAN, ThreadSanitizer):
 * N threads share one chained hash table with striped locks (64 stripes,
 * one pthread mutex each) and do a fixed amount of work between them: each
 * thread performs OPS / N operations (70% lookups, 15% inserts or updates,
 * 15% deletes) drawn from its own xorshift generator.
 *
 *   hashtable THREADS [OPS]          (default OPS: 4000000 in total)
 *
 * Correct by construction: every bucket chain and node is read and written
 * with its stripe's lock held; the table-wide statistics are updated with
 * relaxed atomic read-modify-writes.  A thread inserts and deletes only the
 * keys it owns (key % THREADS == thread), so the final contents do not
 * depend on the interleaving and stdout is the same in every run of a given
 * THREADS (lookups cover all keys, so their results do depend on it: they
 * are not printed).
 *
 * -DPLANTED_RACE plants one real data race, of the kind that is common in
 * real code: one of the statistics counters (lookup misses) is incremented
 * with a plain ++ outside any lock while the others stay atomic, so all
 * threads read and write it unsynchronised (lost updates; the counts go to
 * stderr).  The increment is in ht_lookup (not inlined, so both tools name
 * it); about one operation in three misses.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NKEYS (1u << 18)	/* key space */
#define NBUCKETS (1u << 16)	/* ~2 nodes per chain when half the keys are in */
#define NSTRIPES 64		/* bucket b is guarded by stripe b % NSTRIPES */
#define DEFAULT_OPS 4000000L

struct node {
	uint64_t key;
	uint64_t value;
	uint32_t hits;		/* lookups that found it (under the lock) */
	uint32_t version;	/* updates */
	struct node *next;
};

struct stripe {
	pthread_mutex_t lock;
	long items;		/* nodes in this stripe's buckets */
} __attribute__((aligned(64)));

struct stats {
	long lookups, misses, inserts, updates, deletes;
};

struct table {
	struct node **buckets;
	struct stripe stripes[NSTRIPES];
	struct stats stats;	/* table-wide, updated without the locks */
};

static inline void stat_inc(long *c)
{
	__atomic_fetch_add(c, 1, __ATOMIC_RELAXED);
}

static inline uint64_t mix(uint64_t x)	/* splitmix64's finaliser */
{
	x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27; x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static inline uint32_t bucket_of(uint64_t key)
{
	return (uint32_t)(mix(key) & (NBUCKETS - 1));
}

static inline struct stripe *stripe_of(struct table *t, uint32_t b)
{
	return &t->stripes[b % NSTRIPES];
}

/* Finds key; adds its value to *sum and counts the hit.  0 if absent. */
__attribute__((noinline)) static int ht_lookup(struct table *t, uint64_t key, uint64_t *sum)
{
	uint32_t b = bucket_of(key);
	struct stripe *s = stripe_of(t, b);
	struct node *n;
	int found = 0;

	pthread_mutex_lock(&s->lock);
	for (n = t->buckets[b]; n; n = n->next) {
		if (n->key == key) {
			n->hits++;
			*sum += n->value ^ n->version;
			found = 1;
			break;
		}
	}
	pthread_mutex_unlock(&s->lock);
	stat_inc(&t->stats.lookups);
	if (!found) {
#ifdef PLANTED_RACE
		t->stats.misses++;	/* the planted race: plain, unlocked */
#else
		stat_inc(&t->stats.misses);
#endif
	}
	return found;
}

/* Inserts key, or updates its value if it is there.  1 if inserted. */
__attribute__((noinline)) static int ht_insert(struct table *t, uint64_t key, uint64_t value)
{
	uint32_t b = bucket_of(key);
	struct stripe *s = stripe_of(t, b);
	struct node *n, *fresh = malloc(sizeof(*fresh));

	if (!fresh) {
		perror("malloc");
		exit(2);
	}
	fresh->key = key;
	fresh->value = value;
	fresh->hits = 0;
	fresh->version = 0;
	pthread_mutex_lock(&s->lock);
	for (n = t->buckets[b]; n; n = n->next) {
		if (n->key == key) {
			n->value = value;
			n->version++;
			break;
		}
	}
	if (!n) {
		fresh->next = t->buckets[b];
		t->buckets[b] = fresh;
		s->items++;
	}
	pthread_mutex_unlock(&s->lock);
	if (n) {
		free(fresh);
		stat_inc(&t->stats.updates);
		return 0;
	}
	stat_inc(&t->stats.inserts);
	return 1;
}

/* Deletes key.  1 if it was there. */
__attribute__((noinline)) static int ht_delete(struct table *t, uint64_t key)
{
	uint32_t b = bucket_of(key);
	struct stripe *s = stripe_of(t, b);
	struct node **pp, *n = NULL;

	pthread_mutex_lock(&s->lock);
	for (pp = &t->buckets[b]; *pp; pp = &(*pp)->next) {
		if ((*pp)->key == key) {
			n = *pp;
			*pp = n->next;
			s->items--;
			break;
		}
	}
	pthread_mutex_unlock(&s->lock);
	if (!n)
		return 0;
	free(n);
	stat_inc(&t->stats.deletes);
	return 1;
}

struct worker {
	pthread_t thread;
	struct table *t;
	unsigned id, nthreads;
	long ops;
	uint64_t sum;		/* of the values found: depends on the interleaving */
};

static inline uint64_t xorshift64(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x << 13; x ^= x >> 7; x ^= x << 17;
	return *s = x;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	uint64_t rng = mix(w->id + 1) | 1, sum = 0;
	long i;

	for (i = 0; i < w->ops; i++) {
		uint64_t r = xorshift64(&rng);
		unsigned op = (unsigned)(r % 100);
		uint64_t key = (r >> 16) % NKEYS;

		if (op < 70) {
			ht_lookup(w->t, key, &sum);
			continue;
		}
		/* inserts and deletes: the nearest key this thread owns */
		key -= key % w->nthreads;
		key += w->id;
		if (key >= NKEYS)
			key -= w->nthreads;
		if (op < 85)
			ht_insert(w->t, key, mix(key ^ ((uint64_t)i << 20)));
		else
			ht_delete(w->t, key);
	}
	w->sum = sum;
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned nthreads, i;
	long ops = DEFAULT_OPS, count = 0, stripe_items = 0;
	uint64_t digest = 0, found = 0;
	struct table *t;
	struct worker *w;

	if (argc < 2 || argc > 3 || (nthreads = (unsigned)atoi(argv[1])) < 1 || nthreads > 64 ||
	    (argc == 3 && (ops = atol(argv[2])) < 1)) {
		fprintf(stderr, "usage: %s THREADS(1..64) [OPS]\n", argv[0]);
		return 2;
	}
	t = calloc(1, sizeof(*t));
	w = calloc(nthreads, sizeof(*w));
	if (!t || !w || !(t->buckets = calloc(NBUCKETS, sizeof(*t->buckets)))) {
		perror("calloc");
		return 2;
	}
	for (i = 0; i < NSTRIPES; i++)
		pthread_mutex_init(&t->stripes[i].lock, NULL);
	/* half the keys in before the threads start */
	for (i = 0; i < NKEYS; i += 2)
		ht_insert(t, i, mix(i));
	for (i = 0; i < nthreads; i++) {
		w[i].t = t;
		w[i].id = i;
		w[i].nthreads = nthreads;
		w[i].ops = ops / nthreads + (i < ops % nthreads);
		if (pthread_create(&w[i].thread, NULL, work, &w[i])) {
			perror("pthread_create");
			return 2;
		}
	}
	for (i = 0; i < nthreads; i++) {
		pthread_join(w[i].thread, NULL);
		found ^= w[i].sum;
	}
	/* the final contents: deterministic for a given THREADS */
	for (i = 0; i < NBUCKETS; i++) {
		struct node *n;
		for (n = t->buckets[i]; n; n = n->next) {
			digest += mix(n->key * 0x9e3779b97f4a7c15ULL + n->value);
			count++;
		}
	}
	for (i = 0; i < NSTRIPES; i++)
		stripe_items += t->stripes[i].items;
	printf("threads %u, operations %ld: %ld keys, digest %016llx\n", nthreads, ops, count,
	       (unsigned long long)digest);
	fprintf(stderr, "hashtable: lookups %ld (misses %ld), inserts %ld, updates %ld, deletes %ld; "
		"found-value xor %016llx\n", t->stats.lookups, t->stats.misses, t->stats.inserts,
		t->stats.updates, t->stats.deletes, (unsigned long long)found);
	if (stripe_items != count) {
		fprintf(stderr, "hashtable: INCONSISTENT: the stripes count %ld nodes, the chains hold %ld\n",
			stripe_items, count);
		return 1;
	}
	if (t->stats.inserts - t->stats.deletes != count) {	/* initial inserts included */
		fprintf(stderr, "hashtable: INCONSISTENT: inserts - deletes = %ld, the chains hold %ld\n",
			t->stats.inserts - t->stats.deletes, count);
		return 1;
	}
	/* leave the nodes to exit: freeing 131072 of them is not the workload */
	return 0;
}
