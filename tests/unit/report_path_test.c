/*
 * This file contains the program tests/unit/report_path.sh builds once per
 * runtime: it makes one report of the detector argv[1] names and checks,
 * from the report callback, that the report came through the core's one
 * report path (core_report_emit counts every report it hands to the
 * callback in core_report_emitted).  The callback takes the report
 * (returns 1), so nothing is printed and the program goes on.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

/* The one path's counter: a hidden symbol of the static runtime. */
extern unsigned long core_report_emitted;

static unsigned long calls;

static int on_report(const struct ksan_report *r, void *arg)
{
	(void)arg;
	calls++;
	/* only the first: a KCSAN race may be seen more than once */
	if (calls == 1)
		printf("report %s %s emitted=%lu count=%lu\n", r->detector, r->bug_type,
		       core_report_emitted, ksan_report_count());
	fflush(stdout);
	return 1;
}

static void *volatile sink;
static volatile int spin = 1;
static long shared;

static void *racer(void *arg)
{
	(void)arg;
	while (spin)
		shared++;
	return 0;
}

static int run(const char *what)
{
	if (!strcmp(what, "kasan")) {
		char *p = malloc(8);

		sink = p;
		return p[((volatile int *)&(int){ 8 })[0]];
	}
	if (!strcmp(what, "overlap")) {
		char *p = malloc(16);

		memset(p, 1, 16);
		memcpy(p, p + ((volatile int *)&(int){ 1 })[0], 8);
		sink = p;
		return 0;
	}
	if (!strcmp(what, "pool")) {
		static char mem[64];
		struct ksan_pool *pool = ksan_pool_create("test_pool", 16, 0, 0);

		ksan_pool_add_memory(pool, mem, sizeof(mem));
		ksan_pool_alloc(pool, mem, 16);
		ksan_pool_destroy(pool);	/* one object still in use */
		return 0;
	}
	if (!strcmp(what, "leak")) {
		sink = malloc(24);
		sink = 0;
		return ksan_leak_check() < 0;
	}
	if (!strcmp(what, "ubsan")) {
		volatile int by = 40;

		return 1 << by;
	}
	if (!strcmp(what, "kfence")) {
		char *p = malloc(32);

		free(p);
		free(p);
		return 0;
	}
	if (!strcmp(what, "kmsan")) {
		int *p = malloc(sizeof(int));

		if (*p)
			puts("");
		return 0;
	}
	if (!strcmp(what, "kcsan")) {
		pthread_t t[2];
		int i;

		for (i = 0; i < 2; i++)
			pthread_create(&t[i], 0, racer, 0);
		for (i = 0; i < 200 && !calls; i++) {
			struct timespec ts = { 0, 10 * 1000 * 1000 };

			nanosleep(&ts, 0);
		}
		spin = 0;
		for (i = 0; i < 2; i++)
			pthread_join(t[i], 0);
		return 0;
	}
	fprintf(stderr, "unknown case %s\n", what);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	ksan_set_report_callback(on_report, 0);
	run(argv[1]);
	if (!calls)
		printf("no report\n");
	return 0;
}
