/*
 * This file contains KMSAN's model of the C library's numeric functions
 * that store a second result through a pointer argument: sincos (both),
 * remquo (the quotient's low bits), lgamma_r (the sign), the reentrant
 * random generators (rand_r's seed, random_r's, drand48_r's and
 * lrand48_r's result) and crypt_r (libcrypt: the hash, a string in the
 * caller's struct crypt_data).
 */
#define _GNU_SOURCE
#include <crypt.h>
#include <math.h>
#include <stdlib.h>
#include "libc_model.h"

#define SINCOS(name, T)							\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR void name(T x, T *s, T *c)			\
	{								\
		REAL(name)(x, s, c);					\
		kmsan_wrote(s, sizeof(*s));				\
		kmsan_wrote(c, sizeof(*c));				\
	}
#define REMQUO(name, T)							\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR T name(T x, T y, int *q)			\
	{								\
		T r = REAL(name)(x, y, q);				\
		kmsan_wrote(q, sizeof(*q));				\
		return r;						\
	}
#define LGAMMA_R(name, T)						\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR T name(T x, int *sign)				\
	{								\
		T r = REAL(name)(x, sign);				\
		kmsan_wrote(sign, sizeof(*sign));			\
		return r;						\
	}

/* Names made here: sincos sincosf sincosl remquo remquof remquol lgamma_r
 * lgammaf_r lgammal_r */
SINCOS(sincos, double)
SINCOS(sincosf, float)
SINCOS(sincosl, long double)
REMQUO(remquo, double)
REMQUO(remquof, float)
REMQUO(remquol, long double)
LGAMMA_R(lgamma_r, double)
LGAMMA_R(lgammaf_r, float)
LGAMMA_R(lgammal_r, long double)

KMSAN_REAL(rand_r);
PORT_INTERCEPTOR int rand_r(unsigned int *seed)
{
	int r = REAL(rand_r)(seed);

	kmsan_wrote(seed, sizeof(*seed));
	return r;
}

KMSAN_REAL(random_r);
PORT_INTERCEPTOR int random_r(struct random_data *buf, int32_t *res)
{
	return kmsan_wrote_if0(REAL(random_r)(buf, res), res, sizeof(*res));
}

KMSAN_REAL(drand48_r);
PORT_INTERCEPTOR int drand48_r(struct drand48_data *buf, double *res)
{
	return kmsan_wrote_if0(REAL(drand48_r)(buf, res), res, sizeof(*res));
}

KMSAN_REAL(lrand48_r);
PORT_INTERCEPTOR int lrand48_r(struct drand48_data *buf, long *res)
{
	return kmsan_wrote_if0(REAL(lrand48_r)(buf, res), res, sizeof(*res));
}

KMSAN_REAL(crypt_r);
PORT_INTERCEPTOR char *crypt_r(const char *phrase, const char *setting, struct crypt_data *data)
{
	char *r = REAL(crypt_r)(phrase, setting, data);

	kmsan_wrote_str(r);
	return r;
}
