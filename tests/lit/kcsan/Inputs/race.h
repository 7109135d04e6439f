/*
 * Helpers of the KCSAN tests: run two functions on two threads at once, each
 * called again and again (with 0, 1, 2, ...), so that one's access falls in
 * the other's watchpoint.  The tests raise the sampling rate
 * (kcsan_skip_watch=0: every plain access is watched) so a race is seen in
 * the first milliseconds the two threads overlap; the loops stop at a time
 * limit, or earlier once the runtime has made the reports a test waits for:
 * reports with both sides known (a race of unknown origin can come first
 * now and then, and is a true report too: the other thread checked its
 * write just before the watchpoint was set up and stored just after the
 * watcher read the old value), or any report if kc_any is set.  A correct twin runs the same loops for the whole
 * time limit: a false positive would have all of it to show.
 *
 * The helpers themselves are not instrumented (kc_uninstr): only the tests'
 * own functions are.
 */
#ifndef KCSAN_TEST_RACE_H
#define KCSAN_TEST_RACE_H
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <ksan/ksan.h>

#define kc_uninstr __attribute__((no_sanitize("thread"), noinline, unused))
#define kc_noinline __attribute__((noinline))

typedef void (*kc_fn)(long i);

struct kc_thread {
	kc_fn fn;
	long iterations;
};

static pthread_barrier_t kc_barrier;
static int kc_stop;
static double kc_deadline;
static unsigned long kc_wanted;	/* stop once this many reports exist (0: never) */
static unsigned long kc_known;	/* reports with both sides known, so far */
static int kc_any;		/* kc_race's wanted counts races of unknown origin too */

kc_uninstr static int kc_count(const struct ksan_report *r, void *arg)
{
	if (r->other_pc)
		__atomic_add_fetch(&kc_known, 1, __ATOMIC_RELAXED);
	return 0;
}

kc_uninstr static unsigned long kc_reports(void)
{
	return kc_any ? ksan_report_count() : __atomic_load_n(&kc_known, __ATOMIC_RELAXED);
}

kc_uninstr static double kc_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

kc_uninstr static void *kc_loop(void *arg)
{
	struct kc_thread *t = arg;
	long i;

	pthread_barrier_wait(&kc_barrier);
	for (i = 0;; i++) {
		t->fn(i);
		if ((i & 7) != 7)
			continue;
		if (__atomic_load_n(&kc_stop, __ATOMIC_RELAXED))
			break;
		if (kc_now() > kc_deadline ||
		    (kc_wanted && kc_reports() >= kc_wanted)) {
			__atomic_store_n(&kc_stop, 1, __ATOMIC_RELAXED);
			break;
		}
	}
	t->iterations = i + 1;
	return NULL;
}

/*
 * Runs a and b on two threads for up to ms milliseconds, or until wanted
 * more reports were made (known-origin ones unless kc_any; 0: for the whole
 * time).  Returns the reports of any kind made meanwhile.
 */
kc_uninstr static unsigned long kc_race(kc_fn a, kc_fn b, long ms, unsigned long wanted)
{
	struct kc_thread t[2] = { { a, 0 }, { b, 0 } };
	pthread_t th[2];
	unsigned long before = ksan_report_count();
	int i;

	ksan_set_report_callback(kc_count, NULL);
	kc_stop = 0;
	kc_wanted = wanted ? kc_reports() + wanted : 0;
	kc_deadline = kc_now() + ms / 1000.0;
	pthread_barrier_init(&kc_barrier, NULL, 2);
	for (i = 0; i < 2; i++)
		if (pthread_create(&th[i], NULL, kc_loop, &t[i]))
			abort();
	for (i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	pthread_barrier_destroy(&kc_barrier);
	return ksan_report_count() - before;
}

/* stdout unbuffered: the program's lines and the reports (stderr) in the
 * order they happened */
kc_uninstr static void kc_setup(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
}

#endif
