/*
 * This file contains KMSAN's model of the thread library's getters: the
 * attribute objects' pthread_*attr_get* (each stores one value through
 * its last argument, or two for pthread_attr_getstack), thread names,
 * scheduling parameters, keys, cancellation states, semaphore values and
 * the process id posix_spawn stores.  Each stores only on success (a
 * return of 0).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <spawn.h>
#include "libc_model.h"

/* Names made here: pthread_attr_getdetachstate pthread_attr_getguardsize
 * pthread_attr_getinheritsched pthread_attr_getschedparam
 * pthread_attr_getschedpolicy pthread_attr_getscope pthread_attr_getstacksize
 * pthread_barrierattr_getpshared pthread_condattr_getclock
 * pthread_condattr_getpshared pthread_mutexattr_getprioceiling
 * pthread_mutexattr_getprotocol pthread_mutexattr_getpshared
 * pthread_mutexattr_getrobust
 * pthread_mutexattr_gettype pthread_rwlockattr_getkind_np
 * pthread_rwlockattr_getpshared */
KMSAN_OUT1(pthread_attr_getdetachstate, const pthread_attr_t *, int)
KMSAN_OUT1(pthread_attr_getguardsize, const pthread_attr_t *, size_t)
KMSAN_OUT1(pthread_attr_getinheritsched, const pthread_attr_t *, int)
KMSAN_OUT1(pthread_attr_getschedparam, const pthread_attr_t *, struct sched_param)
KMSAN_OUT1(pthread_attr_getschedpolicy, const pthread_attr_t *, int)
KMSAN_OUT1(pthread_attr_getscope, const pthread_attr_t *, int)
KMSAN_OUT1(pthread_attr_getstacksize, const pthread_attr_t *, size_t)
KMSAN_OUT1(pthread_barrierattr_getpshared, const pthread_barrierattr_t *, int)
KMSAN_OUT1(pthread_condattr_getclock, const pthread_condattr_t *, clockid_t)
KMSAN_OUT1(pthread_condattr_getpshared, const pthread_condattr_t *, int)
KMSAN_OUT1(pthread_mutexattr_getprioceiling, const pthread_mutexattr_t *, int)
KMSAN_OUT1(pthread_mutexattr_getprotocol, const pthread_mutexattr_t *, int)
KMSAN_OUT1(pthread_mutexattr_getpshared, const pthread_mutexattr_t *, int)
KMSAN_OUT1(pthread_mutexattr_getrobust, const pthread_mutexattr_t *, int)
KMSAN_OUT1(pthread_mutexattr_gettype, const pthread_mutexattr_t *, int)
KMSAN_OUT1(pthread_rwlockattr_getkind_np, const pthread_rwlockattr_t *, int)
KMSAN_OUT1(pthread_rwlockattr_getpshared, const pthread_rwlockattr_t *, int)

KMSAN_REAL(pthread_attr_getstack);
PORT_INTERCEPTOR int pthread_attr_getstack(const pthread_attr_t *a, void **addr, size_t *size)
{
	int r = REAL(pthread_attr_getstack)(a, addr, size);

	if (!r) {
		kmsan_wrote(addr, sizeof(*addr));
		kmsan_wrote(size, sizeof(*size));
	}
	return r;
}

KMSAN_REAL(pthread_attr_getaffinity_np);
PORT_INTERCEPTOR int pthread_attr_getaffinity_np(const pthread_attr_t *a, size_t n, cpu_set_t *set)
{
	return kmsan_wrote_if0(REAL(pthread_attr_getaffinity_np)(a, n, set), set, n);
}

KMSAN_REAL(pthread_getname_np);
PORT_INTERCEPTOR int pthread_getname_np(pthread_t t, char *name, size_t n)
{
	int r = REAL(pthread_getname_np)(t, name, n);

	if (!r)
		kmsan_wrote_strn(name, n);
	return r;
}

KMSAN_REAL(pthread_getschedparam);
PORT_INTERCEPTOR int pthread_getschedparam(pthread_t t, int *policy, struct sched_param *p)
{
	int r = REAL(pthread_getschedparam)(t, policy, p);

	if (!r) {
		kmsan_wrote(policy, sizeof(*policy));
		kmsan_wrote(p, sizeof(*p));
	}
	return r;
}

KMSAN_REAL(pthread_key_create);
PORT_INTERCEPTOR int pthread_key_create(pthread_key_t *key, void (*dtor)(void *))
{
	return kmsan_wrote_if0(REAL(pthread_key_create)(key, dtor), key, sizeof(*key));
}

/* the old state, when asked for */
KMSAN_REAL(pthread_setcancelstate);
PORT_INTERCEPTOR int pthread_setcancelstate(int state, int *old)
{
	int r = REAL(pthread_setcancelstate)(state, old);

	if (!r && old)
		kmsan_wrote(old, sizeof(*old));
	return r;
}

KMSAN_REAL(pthread_setcanceltype);
PORT_INTERCEPTOR int pthread_setcanceltype(int type, int *old)
{
	int r = REAL(pthread_setcanceltype)(type, old);

	if (!r && old)
		kmsan_wrote(old, sizeof(*old));
	return r;
}

KMSAN_REAL(sem_getvalue);
PORT_INTERCEPTOR int sem_getvalue(sem_t *sem, int *v)
{
	return kmsan_wrote_if0(REAL(sem_getvalue)(sem, v), v, sizeof(*v));
}

/* the child's id, when asked for (0: spawned) */
KMSAN_REAL(posix_spawn);
PORT_INTERCEPTOR int posix_spawn(pid_t *pid, const char *path,
				 const posix_spawn_file_actions_t *fa,
				 const posix_spawnattr_t *attr, char *const argv[], char *const envp[])
{
	int r = REAL(posix_spawn)(pid, path, fa, attr, argv, envp);

	if (!r && pid)
		kmsan_wrote(pid, sizeof(*pid));
	return r;
}

KMSAN_REAL(posix_spawnp);
PORT_INTERCEPTOR int posix_spawnp(pid_t *pid, const char *file,
				  const posix_spawn_file_actions_t *fa,
				  const posix_spawnattr_t *attr, char *const argv[], char *const envp[])
{
	int r = REAL(posix_spawnp)(pid, file, fa, attr, argv, envp);

	if (!r && pid)
		kmsan_wrote(pid, sizeof(*pid));
	return r;
}
