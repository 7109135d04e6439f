// KMSAN's C library model, thread getters (src/port/linux/kmsan/libc_pthread.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <spawn.h>
#include <sys/wait.h>
#include "Inputs/libc_rows.h"

extern char **environ;
static pthread_attr_t attr;
static pthread_mutexattr_t mattr;
static pthread_condattr_t cattr;
static pthread_rwlockattr_t rwattr;
static pthread_barrierattr_t battr;

#define GET_ROW(fn, obj, T)						\
	ROW(fn, sizeof(T))						\
	{								\
		return fn(obj, (T *)b) ? -2 : (long)sizeof(T);		\
	}

GET_ROW(pthread_attr_getdetachstate, &attr, int)
GET_ROW(pthread_attr_getguardsize, &attr, size_t)
GET_ROW(pthread_attr_getinheritsched, &attr, int)
GET_ROW(pthread_attr_getschedparam, &attr, struct sched_param)
GET_ROW(pthread_attr_getschedpolicy, &attr, int)
GET_ROW(pthread_attr_getscope, &attr, int)
GET_ROW(pthread_attr_getstacksize, &attr, size_t)
GET_ROW(pthread_barrierattr_getpshared, &battr, int)
GET_ROW(pthread_condattr_getclock, &cattr, clockid_t)
GET_ROW(pthread_condattr_getpshared, &cattr, int)
GET_ROW(pthread_mutexattr_getprioceiling, &mattr, int)
GET_ROW(pthread_mutexattr_getprotocol, &mattr, int)
GET_ROW(pthread_mutexattr_getpshared, &mattr, int)
GET_ROW(pthread_mutexattr_getrobust, &mattr, int)
GET_ROW(pthread_mutexattr_gettype, &mattr, int)
GET_ROW(pthread_rwlockattr_getkind_np, &rwattr, int)
GET_ROW(pthread_rwlockattr_getpshared, &rwattr, int)

ROW(pthread_attr_getstack, 2 * sizeof(void *))
{
	static char stack[65536] __attribute__((aligned(4096)));
	pthread_attr_t a;

	pthread_attr_init(&a);
	pthread_attr_setstack(&a, stack, sizeof(stack));
	if (pthread_attr_getstack(&a, (void **)b, (size_t *)(b + sizeof(void *))))
		return -2;
	pthread_attr_destroy(&a);
	return 2 * sizeof(void *);
}

ROW(pthread_attr_getaffinity_np, sizeof(cpu_set_t))
{
	return pthread_attr_getaffinity_np(&attr, sizeof(cpu_set_t), (cpu_set_t *)b) ? -2 :
		(long)sizeof(cpu_set_t);
}

ROW(pthread_getname_np, 16)
{
	pthread_setname_np(pthread_self(), "rows");
	return pthread_getname_np(pthread_self(), (char *)b, 16) ? -2 :
		(long)strlen((char *)b) + 1;
}

ROW(pthread_getschedparam, sizeof(int) + sizeof(struct sched_param))
{
	return pthread_getschedparam(pthread_self(), (int *)b,
				     (struct sched_param *)(b + sizeof(int))) ? -2 :
		(long)(sizeof(int) + sizeof(struct sched_param));
}

ROW(pthread_key_create, sizeof(pthread_key_t))
{
	return pthread_key_create((pthread_key_t *)b, NULL) ? -2 : (long)sizeof(pthread_key_t);
}

ROW(pthread_setcancelstate, sizeof(int))
{
	return pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, (int *)b) ? -2 : (long)sizeof(int);
}

ROW(pthread_setcanceltype, sizeof(int))
{
	return pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, (int *)b) ? -2 : (long)sizeof(int);
}

ROW(sem_getvalue, sizeof(int))
{
	sem_t s;
	long n;

	sem_init(&s, 0, 3);
	n = sem_getvalue(&s, (int *)b) ? -2 : (long)sizeof(int);
	sem_destroy(&s);
	return n;
}

ROW(posix_spawn, sizeof(pid_t))
{
	char *argv[] = { "/bin/true", NULL };

	if (posix_spawn((pid_t *)b, "/bin/true", NULL, NULL, argv, environ))
		return -2;
	waitpid(*(pid_t *)b, NULL, 0);
	return sizeof(pid_t);
}

ROW(posix_spawnp, sizeof(pid_t))
{
	char *argv[] = { "true", NULL };

	if (posix_spawnp((pid_t *)b, "true", NULL, NULL, argv, environ))
		return -2;
	waitpid(*(pid_t *)b, NULL, 0);
	return sizeof(pid_t);
}

int main(int argc, char **argv)
{
	pthread_attr_init(&attr);
	pthread_mutexattr_init(&mattr);
	pthread_condattr_init(&cattr);
	pthread_rwlockattr_init(&rwattr);
	pthread_barrierattr_init(&battr);
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 27{{$}}
// CHECK-NEXT: STATUS: exit 0
