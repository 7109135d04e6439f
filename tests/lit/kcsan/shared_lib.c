// A race inside an instrumented shared library (ksan-cc -shared --ksan=kcsan): the library's __tsan_* calls bind to the runtime in the executable (exported through ksan.exports), so the race between two threads calling into it is reported with the library's function and line; the library's own correct function (under its lock) stays silent.
// RUN: %kcsan_cc -g -O1 -fPIC -shared -DLIB %s -o %t.lib.so
// RUN: %kcsan_cc -g -O1 %s %t.lib.so -Wl,-rpath,%T -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t locked 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#ifdef LIB
#include <pthread.h>
int lib_counter;
static pthread_mutex_t lib_lock = PTHREAD_MUTEX_INITIALIZER;

__attribute__((noinline)) void lib_bump(void)
{
	lib_counter++;	/* L:bump */
}

__attribute__((noinline)) void lib_bump_locked(void)
{
	pthread_mutex_lock(&lib_lock);
	lib_counter++;
	pthread_mutex_unlock(&lib_lock);
}
#else
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <ksan/ksan.h>

void lib_bump(void);
void lib_bump_locked(void);
static void (*fn)(void);

__attribute__((no_sanitize("thread"))) static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* until a report exists, or 300 ms (race) / the whole 300 ms (twin) */
__attribute__((no_sanitize("thread"))) static void *worker(void *arg)
{
	double end = now() + (arg ? 4.0 : 0.3);
	long i;

	for (i = 0; now() < end && !(arg && ksan_report_count()); i++)
		fn();
	return NULL;
}

int main(int argc, char **argv)
{
	int race = argc > 1 && !strcmp(argv[1], "race");
	pthread_t t[2];
	int i;

	fn = race ? lib_bump : lib_bump_locked;
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, race ? (void *)1 : NULL);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	printf("done\n");
	return 0;
}
#endif

// CHECK: BUG: KCSAN: data-race in lib_bump / lib_bump
// CHECK: lib_bump{{.*}}shared_lib.c:13
// CHECK: done
// CHECK: STATUS: exit 0

// OK: done
// OK: STATUS: exit 0
