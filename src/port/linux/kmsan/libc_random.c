/*
 * This file contains KMSAN's model of the C library's random bytes:
 * arc4random_buf (glibc 2.36), getrandom and getentropy fill the program's
 * buffer with plain stores (or the kernel does), so those bytes are
 * initialised: all n of arc4random_buf and getentropy (on success), the
 * count getrandom returns.  arc4random and arc4random_uniform return their
 * value in a register, which the instrumentation already takes as
 * initialised from any uninstrumented call: nothing to model.
 *
 * Dynamic executables call the C library's functions (dlsym(RTLD_NEXT));
 * static ones glibc's other names (__arc4random_buf, __getrandom), which
 * ksan-cc keeps in a static KMSAN link (-u), and the system call for
 * getentropy.
 */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>
#include "libc.h"

void __arc4random_buf(void *, size_t) __attribute__((weak));
ssize_t __getrandom(void *, size_t, unsigned) __attribute__((weak));

/* getentropy as the C library has it: at most 256 bytes, all or -1 */
static int own_getentropy(void *buf, size_t n)
{
	size_t done = 0;

	if (n > 256) {
		errno = EIO;
		return -1;
	}
	while (done < n) {
		long r = syscall(SYS_getrandom, (char *)buf + done, n - done, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		done += (size_t)r;
	}
	return 0;
}

static void (*real_arc4random_buf)(void *, size_t) = __arc4random_buf;
static ssize_t (*real_getrandom)(void *, size_t, unsigned) = __getrandom;
static int (*real_getentropy)(void *, size_t) = own_getentropy;

void port_kmsan_libc_random_init(void)
{
	FIND_REAL(arc4random_buf);
	FIND_REAL(getrandom);
	FIND_REAL(getentropy);
}

PORT_INTERCEPTOR void arc4random_buf(void *buf, size_t n)
{
	real_arc4random_buf(buf, n);
	kmsan_wrote(buf, n);
}

PORT_INTERCEPTOR ssize_t getrandom(void *buf, size_t n, unsigned flags)
{
	ssize_t r = real_getrandom(buf, n, flags);

	kmsan_wrote_count(buf, r);
	return r;
}

PORT_INTERCEPTOR int getentropy(void *buf, size_t n)
{
	int r = real_getentropy(buf, n);

	if (!r)
		kmsan_wrote(buf, n);
	else
		kmsan_wrote_errno();
	return r;
}
