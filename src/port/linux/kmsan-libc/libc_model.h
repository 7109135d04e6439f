/*
 * This file contains what the libc_<group>.c files of KMSAN's C library
 * model share: the lazy lookup of the C library's function behind each
 * interceptor and the shapes most of them take (a call that returns 0 on
 * success and stores one object through a pointer argument).
 *
 * Each file is built twice.  For dynamic executables (libksan-kmsan-libc.a)
 * each interceptor is the function of that name and reaches the C library
 * through dlsym(RTLD_NEXT).  A static executable has no dlsym, and its own
 * libc.a definitions must not be displaced, so for static links the same
 * source is built with KMSAN_LIBC_WRAP defined (libksan-kmsan-libc-wrap.a,
 * tools/kmsan-libc-wrap.sh): REAL(name) is __real_name, and the script
 * splits the object into one member per interceptor and renames each name
 * to __wrap_name; ksan-cc links -static KMSAN programs with --wrap=name for
 * every name the archive defines (the list the script writes beside it).
 * The list they answer to is tests/kmsan-libc/list.txt
 * (tools/kmsan-libc-list.py derives and checks it).
 */
#ifndef KSAN_PORT_KMSAN_LIBC_MODEL_H
#define KSAN_PORT_KMSAN_LIBC_MODEL_H

#include "../kmsan/libc.h"

/*
 * REAL(name): the C library's name.  The pointer has the type the C
 * library's header gives name.  A constructor looks each one up before
 * main (the runtime itself calls some of these names, sigfillset or
 * mincore among them, also from signal handlers, where dlsym must not run);
 * a call before that (the runtime's start-up, a shared library's
 * constructor) looks it up on the spot.  A race between two first calls
 * stores the same value twice.
 */
#ifdef KMSAN_LIBC_WRAP
/*
 * A static link with --wrap=name: the C library's name is __real_name (the
 * linker's), with the type its header gives name.
 */
#define KMSAN_REAL(name) extern __typeof__(name) __real_##name
#define REAL(name) __real_##name
#else
#define KMSAN_REAL(name)						\
	static __typeof__(name) *real_##name;				\
	__attribute__((constructor(101))) static void find_real_##name(void) \
	{								\
		if (!real_##name)					\
			kmsan_find_real((void **)&real_##name, #name);	\
	}								\
	static __typeof__(name) *real_##name
#define REAL(name)							\
	(*(__atomic_load_n(&real_##name, __ATOMIC_RELAXED) ?		\
	   real_##name :							\
	   (__typeof__(real_##name))kmsan_find_real((void **)&real_##name, #name)))

static inline void *kmsan_find_real(void **slot, const char *name)
{
	void *p = port_real(name);

	__atomic_store_n(slot, p, __ATOMIC_RELAXED);
	return p;
}
#endif

/* The call stored *out when it returned 0 (a status or an errno value). */
static inline int kmsan_wrote_if0(int r, const void *out, size_t n)
{
	if (!r)
		kmsan_wrote(out, n);
	else
		kmsan_wrote_errno();
	return r;
}

/* The call stored the old value at old (if not NULL) when it returned 0. */
static inline int kmsan_wrote_old(int r, const void *old, size_t n)
{
	if (!r && old)
		kmsan_wrote(old, n);
	else if (r)
		kmsan_wrote_errno();
	return r;
}

/*
 * int name(A a, T *out): 0 on success, *out stored.  The macro defines
 * the interceptor of that name (and its REAL pointer).
 */
#define KMSAN_OUT1(name, A, T)						\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR int name(A a, T *out)				\
	{								\
		return kmsan_wrote_if0(REAL(name)(a, out), out, sizeof(*out)); \
	}

/* int name(A a, B b, T *out): the same with two leading arguments. */
#define KMSAN_OUT2(name, A, B, T)					\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR int name(A a, B b, T *out)			\
	{								\
		return kmsan_wrote_if0(REAL(name)(a, b, out), out, sizeof(*out)); \
	}

/* A string the call stored at s, at most n bytes with its NUL. */
static inline void kmsan_wrote_strn(const char *s, size_t n)
{
	if (s && n)
		kmsan_wrote(s, strnlen(s, n) + (strnlen(s, n) < n));
}

#endif
