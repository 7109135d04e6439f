/*
 * This file contains KMSAN's model of the math functions that store a
 * result through a pointer: frexp (the exponent) and modf (the integral
 * part), in their float, double and long double forms.  Lua hashes every
 * float key with frexp(n, &i), so without this each float table key is an
 * uninitialised read.
 *
 * Dynamic executables call the C library's (dlsym(RTLD_NEXT)); static ones
 * ksan's own below (glibc's other names, __frexp and __modf, are not
 * exported by libc.so, so no name reaches them in both kinds of link).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include "libc.h"

/* ---- fallbacks: the IEEE formats, by their bits ------------------------ */

/* x = m * 2^e with 0.5 <= |m| < 1; 0, inf and nan come back with e = 0. */
static double own_frexp(double x, int *e)
{
	union { double d; uint64_t u; } v = { x };
	int ex = (int)(v.u >> 52 & 0x7ff), adj = 0;

	*e = 0;
	if (ex == 0x7ff || x == 0)
		return x;
	if (!ex) {		/* subnormal: scale into the normal range */
		v.d = x * 0x1p64;
		ex = (int)(v.u >> 52 & 0x7ff);
		adj = 64;
	}
	*e = ex - 1022 - adj;
	v.u = (v.u & ~(0x7ffull << 52)) | (0x3feull << 52);
	return v.d;
}

static float own_frexpf(float x, int *e)
{
	union { float f; uint32_t u; } v = { x };
	int ex = (int)(v.u >> 23 & 0xff), adj = 0;

	*e = 0;
	if (ex == 0xff || x == 0)
		return x;
	if (!ex) {
		v.f = x * 0x1p32f;
		ex = (int)(v.u >> 23 & 0xff);
		adj = 32;
	}
	*e = ex - 126 - adj;
	v.u = (v.u & ~(0xffu << 23)) | (0x7eu << 23);
	return v.f;
}

/* x86 extended precision: 64-bit significand with an explicit integer
 * bit, then sign and a 15-bit exponent. */
static long double own_frexpl(long double x, int *e)
{
	union { long double l; struct { uint64_t m; uint16_t se; } b; } v = { x };
	int ex = v.b.se & 0x7fff, adj = 0;

	*e = 0;
	if (ex == 0x7fff || x == 0)
		return x;
	if (!ex) {
		v.l = x * 0x1p64L;
		ex = v.b.se & 0x7fff;
		adj = 64;
	}
	*e = ex - 16382 - adj;
	v.b.se = (uint16_t)((v.b.se & 0x8000) | 16382);
	return v.l;
}

/* Integral part toward zero, fraction with x's sign (huge values and inf
 * are integral; nan stays nan in both). */
static double own_modf(double x, double *ip)
{
	if (!(__builtin_fabs(x) < 0x1p52)) {
		*ip = x;
		return x != x ? x : __builtin_copysign(0.0, x);
	}
	*ip = __builtin_copysign((double)(long long)x, x);
	return __builtin_copysign(x - *ip, x);
}

static float own_modff(float x, float *ip)
{
	if (!(__builtin_fabsf(x) < 0x1p23f)) {
		*ip = x;
		return x != x ? x : __builtin_copysignf(0.0f, x);
	}
	*ip = __builtin_copysignf((float)(long)x, x);
	return __builtin_copysignf(x - *ip, x);
}

static long double own_modfl(long double x, long double *ip)
{
	if (!(__builtin_fabsl(x) < 0x1p63L)) {
		*ip = x;
		return x != x ? x : __builtin_copysignl(0.0L, x);
	}
	*ip = __builtin_copysignl((long double)(long long)x, x);
	return __builtin_copysignl(x - *ip, x);
}

/* ---- the C library's versions, once known ----------------------------- */

static double (*real_frexp)(double, int *) = own_frexp;
static float (*real_frexpf)(float, int *) = own_frexpf;
static long double (*real_frexpl)(long double, int *) = own_frexpl;
static double (*real_modf)(double, double *) = own_modf;
static float (*real_modff)(float, float *) = own_modff;
static long double (*real_modfl)(long double, long double *) = own_modfl;

void port_kmsan_libc_math_init(void)
{
	FIND_REAL(frexp);
	FIND_REAL(frexpf);
	FIND_REAL(frexpl);
	FIND_REAL(modf);
	FIND_REAL(modff);
	FIND_REAL(modfl);
}

/* Call the C library's (or ksan's own), then mark what it stored through
 * the pointer; a long double's 6 bytes of padding are stored too. */
#define OUT_PARAM(type, name, ptype)					\
	PORT_INTERCEPTOR type name(type x, ptype *out)			\
	{								\
		type r = real_##name(x, out);				\
									\
		kmsan_wrote(out, sizeof(*out));				\
		return r;						\
	}

OUT_PARAM(double, frexp, int)
OUT_PARAM(float, frexpf, int)
OUT_PARAM(long double, frexpl, int)
OUT_PARAM(double, modf, double)
OUT_PARAM(float, modff, float)
OUT_PARAM(long double, modfl, long double)
