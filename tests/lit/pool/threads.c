// Four threads allocate from and free into one pool at once (20000 objects each, with a release function and a quarantine of 64 slots, so releases happen on every thread; and a second pool without one): no report, every object handed out is whole and addressable, no slot is handed out twice, and the pool's records and quarantine stay consistent (at the end every slot was released or is free).  "uaf": an object freed by one thread and read by another is slab-use-after-free with the freeing thread's stack ("Freed by task <its tid>").  "fork": while the threads run, and a fifth one hands out and takes back a 16 MiB object of a third pool (whose lock is then held most of the time, while 2 MiB of shadow are written), the main thread forks 20 times and each child allocates and frees from the pools (the pool locks follow the fork protocol: a child never starts with a pool lock held; without it the children hang).  The test's own free-list locks follow it too (pthread_atfork): without that a child hung now and then on a free-list lock a churning thread held at the fork (5 of 180 runs under load).
// RUN: %ksan_cc -O1 -g %s -o %t -pthread
// RUN: env KSAN_OPTIONS=pool_quarantine_size=4096 bash %S/../Inputs/status.sh %run %t churn 2>&1 | FileCheck %s --check-prefix=CHURN --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=pool_quarantine_size=4096 bash %S/../Inputs/status.sh timeout 60 %run %t fork 2>&1 | FileCheck %s --check-prefix=FORK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "Inputs/slots.h"

#define NTHREADS 4
#define ROUNDS 20000
#define OBJ 64

static struct slots pool, plain;
static struct ksan_pool *big;		/* "fork": its lock is held most of the time */
static int bad, stop;
static char *volatile handoff;
static pthread_barrier_t barrier;

static void *churn(void *arg)
{
	unsigned seed = (unsigned)(uintptr_t)arg;
	char *held[8] = { 0 };
	int i, k;

	for (i = 0; i < ROUNDS; i++) {
		struct slots *s = i & 1 ? &plain : &pool;

		k = (int)((seed = seed * 1103515245 + 12345) >> 16) % 8;
		if (held[k]) {
			if (held[k][0] != (char)k || held[k][OBJ - 1] != (char)k)
				__atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
			slots_free(held[k][1] ? &plain : &pool, held[k]);
			held[k] = NULL;
		} else if ((held[k] = slots_alloc(s, OBJ))) {
			memset(held[k], k, OBJ);
			held[k][1] = s == &plain;
		}
	}
	for (k = 0; k < 8; k++)
		if (held[k])
			slots_free(held[k][1] ? &plain : &pool, held[k]);
	return NULL;
}

#define BIG (16 << 20)

static void *big_churn(void *arg)
{
	char *p = malloc(BIG);

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		KSAN_POOL_ALLOC(big, p, BIG);	/* 2 MiB of shadow, under the lock */
		KSAN_POOL_FREE(big, p);
	}
	free(p);
	return NULL;
}

static void *freer(void *arg)
{
	char *p = slots_alloc(&pool, OBJ);

	memset(p, 1, OBJ);
	slots_free(&pool, p);
	handoff = p;
	pthread_barrier_wait(&barrier);
	return NULL;
}

static void *reader(void *arg)
{
	pthread_barrier_wait(&barrier);
	printf("read %d\n", handoff[10]);
	return NULL;
}

/* the free lists' own locks (slots.h): a child must not start with one
 * held by a churning thread */
static void lists_lock(void)
{
	pthread_mutex_lock(&pool.lock);
	pthread_mutex_lock(&plain.lock);
}

static void lists_unlock(void)
{
	pthread_mutex_unlock(&plain.lock);
	pthread_mutex_unlock(&pool.lock);
}

int main(int argc, char **argv)
{
	pthread_t t[NTHREADS];
	unsigned long i, nfree = 0;
	void *q;

	setvbuf(stdout, NULL, _IONBF, 0);
	slots_init(&pool, "shared_pool", OBJ, 1024, 1);
	slots_init(&plain, "plain_pool", OBJ, 1024, 0);
	pthread_atfork(lists_lock, lists_unlock, lists_unlock);
	if (!strcmp(argv[1], "uaf")) {
		pthread_barrier_init(&barrier, NULL, 2);
		pthread_create(&t[0], NULL, freer, NULL);
		pthread_create(&t[1], NULL, reader, NULL);
		pthread_join(t[0], NULL);
		pthread_join(t[1], NULL);
		return 0;
	}
	for (i = 0; i < NTHREADS; i++)
		pthread_create(&t[i], NULL, churn, (void *)(i + 1));
	if (!strcmp(argv[1], "fork")) {
		pthread_t bt;
		int ok = 0;

		big = KSAN_POOL_CREATE("big_pool", 0, NULL, NULL);
		pthread_create(&bt, NULL, big_churn, NULL);
		for (i = 0; i < 20; i++) {
			pid_t pid = fork();
			int st;

			if (!pid) {
				char *p = slots_alloc(&pool, OBJ), obj[64];

				memset(p, 2, OBJ);
				slots_free(&pool, p);
				KSAN_POOL_ALLOC(big, obj, sizeof(obj));
				KSAN_POOL_FREE(big, obj);
				KSAN_POOL_ALLOC(big, obj, sizeof(obj));
				_exit(0);
			}
			if (waitpid(pid, &st, 0) == pid && WIFEXITED(st) && !WEXITSTATUS(st))
				ok++;
		}
		printf("children ok %d\n", ok);
		__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
		pthread_join(bt, NULL);
		KSAN_POOL_DESTROY(big);
	}
	for (i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	/* every slot of the quarantined pool is free or still quarantined:
	 * count the free list, then let the destroy release the rest */
	for (q = pool.head; q && nfree <= 2 * pool.n; q = link_get(q))
		nfree++;
	printf("bad %d, released %s\n", bad, pool.released > 1000 ? "many" : "few");
	KSAN_POOL_DESTROY(pool.pool);
	for (q = pool.head, i = 0; q && i <= 2 * pool.n; q = link_get(q))
		i++;
	printf("free after destroy %lu, of %lu\n", i, (unsigned long)pool.n);
	KSAN_POOL_DESTROY(plain.pool);
	return 0;
}

// CHURN: {{^}}bad 0, released many{{$}}
// CHURN-NEXT: {{^}}free after destroy 1024, of 1024{{$}}
// CHURN-NEXT: STATUS: exit 0{{$}}

// FORK: {{^}}children ok 20{{$}}
// FORK-NEXT: {{^}}bad 0, released many{{$}}
// FORK-NEXT: {{^}}free after destroy 1024, of 1024{{$}}
// FORK-NEXT: STATUS: exit 0{{$}}

// UAF: {{^}}BUG: KASAN: slab-use-after-free in reader+
// UAF-NEXT: {{^}}Read of size 1 at addr {{.*}} by task {{.*}}/[[READER:[0-9]+]]{{$}}
// UAF: {{^}}Freed by task [[FREER:[0-9]+]]:{{$}}
// UAF-NEXT: {{^}} ksan_pool_free{{$}}
// UAF-NEXT: {{^}} slots_free+
// UAF-NEXT: {{^}} freer+
// UAF: {{^}} which belongs to the cache shared_pool of size 64{{$}}
// UAF-NEXT: {{^}}The buggy address is located 10 bytes inside of{{$}}
// UAF: STATUS: exit 1{{$}}
