/*
 * This file contains KMSAN's model of the C library's thread joins:
 * pthread_join and pthread_tryjoin_np store the thread's result through
 * their second argument with plain stores, so *retval is initialised
 * after a successful join (MemorySanitizer's rule too).  The value the
 * thread returned was computed by the program; its shadow went through
 * the C library, which keeps none, and is not tracked.  Not modelled:
 * pthread_timedjoin_np, pthread_clockjoin_np.
 *
 * Dynamic executables call the C library's functions (dlsym(RTLD_NEXT));
 * static ones glibc's other names (__pthread_join, __pthread_tryjoin_np),
 * which ksan-cc keeps in a static KMSAN link (-u).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include "libc.h"

int __pthread_join(pthread_t, void **) __attribute__((weak));
int __pthread_tryjoin_np(pthread_t, void **) __attribute__((weak));

static int (*real_pthread_join)(pthread_t, void **) = __pthread_join;
static int (*real_pthread_tryjoin_np)(pthread_t, void **) = __pthread_tryjoin_np;

void port_kmsan_libc_thread_init(void)
{
	FIND_REAL(pthread_join);
	FIND_REAL(pthread_tryjoin_np);
}

PORT_INTERCEPTOR int pthread_join(pthread_t t, void **retval)
{
	int r = real_pthread_join(t, retval);

	if (!r && retval)
		kmsan_wrote(retval, sizeof(*retval));
	return r;
}

PORT_INTERCEPTOR int pthread_tryjoin_np(pthread_t t, void **retval)
{
	int r = real_pthread_tryjoin_np(t, retval);

	if (!r && retval)
		kmsan_wrote(retval, sizeof(*retval));
	return r;
}
