// KMSAN's C library model, numeric second results (src/port/linux/kmsan/libc_math.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t -lm -lcrypt
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static -lm -lcrypt
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <crypt.h>
#include <math.h>
#include <stdlib.h>
#include "Inputs/libc_rows.h"

static volatile double x = 0.75;

#define SINCOS_ROW(fn, T)						\
	ROW(fn, 2 * sizeof(T))						\
	{								\
		fn((T)x, (T *)b, (T *)b + 1);				\
		return 2 * sizeof(T);					\
	}
#define INT_ROW(fn, call)						\
	ROW(fn, sizeof(int))						\
	{								\
		volatile double r = call;				\
		(void)r;						\
		return sizeof(int);					\
	}

SINCOS_ROW(sincos, double)
SINCOS_ROW(sincosf, float)
INT_ROW(remquo, remquo(x * 7, x, (int *)b))
INT_ROW(remquof, remquof((float)x * 7, (float)x, (int *)b))
INT_ROW(remquol, remquol((long double)x * 7, (long double)x, (int *)b))
INT_ROW(lgamma_r, lgamma_r(x, (int *)b))
INT_ROW(lgammaf_r, lgammaf_r((float)x, (int *)b))
INT_ROW(lgammal_r, lgammal_r((long double)x, (int *)b))

SINCOS_ROW(sincosl, long double)

ROW(rand_r, sizeof(unsigned))
{
	*(unsigned short *)b = 1;	/* two bytes of the seed: rand_r stores all four */
	rand_r((unsigned *)b);
	return sizeof(unsigned);
}

ROW(random_r, sizeof(int32_t))
{
	static char state[64];
	struct random_data rd = { 0 };

	initstate_r(1, state, sizeof(state), &rd);
	return random_r(&rd, (int32_t *)b) ? -2 : (long)sizeof(int32_t);
}

ROW(drand48_r, sizeof(double))
{
	struct drand48_data d;

	srand48_r(1, &d);
	return drand48_r(&d, (double *)b) ? -2 : (long)sizeof(double);
}

ROW(lrand48_r, sizeof(long))
{
	struct drand48_data d;

	srand48_r(1, &d);
	return lrand48_r(&d, (long *)b) ? -2 : (long)sizeof(long);
}

/* the hash lies inside the caller's struct crypt_data (checked there) */
ROW(crypt_r, 0)
{
	static struct crypt_data cd;

	use_str(crypt_r("secret", "$1$salt$", &cd));
	(void)b;
	return NOPAST;
}

int main(int argc, char **argv)
{
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 14{{$}}
// CHECK-NEXT: STATUS: exit 0
