/*
 * One function per UBSan check.  Usage: ub CHECK [ok]   (or "all": every
 * check the program can go on after, in order).  With "ok" the same code
 * runs with correct values and must stay silent.  Values come from
 * volatile globals so that no compiler folds them.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))
volatile int bad = 1;
volatile long sink;
volatile __int128 sink128;

NOINLINE void add(void) { volatile int a = INT_MAX; int b = bad ? 1 : -1; sink = a + b; }
NOINLINE void sub(void) { volatile int a = INT_MIN; int b = bad ? 1 : -1; sink = a - b; }
NOINLINE void mul(void) { volatile long long a = LLONG_MAX; long long b = bad ? 2 : 1; sink = a * b; }
NOINLINE void neg(void) { volatile int a = bad ? INT_MIN : 5; sink = -a; }
NOINLINE void div0(void) { volatile int a = 7, b = bad ? 0 : 2; sink = a / b; }
NOINLINE void divmin(void) { volatile int a = INT_MIN, b = bad ? -1 : 2; sink = a / b; }
NOINLINE void shift_big(void) { volatile unsigned long a = 1; volatile int s = bad ? 64 : 3; sink = a << s; }
NOINLINE void shift_neg(void) { volatile int a = 1, s = bad ? -1 : 1; sink = a << s; }
NOINLINE void shift_base(void) { volatile int a = bad ? -1 : 1, s = 1; sink = a << s; }
NOINLINE void shift_ovf(void) { volatile int a = bad ? INT_MAX : 1, s = 2; sink = a << s; }
NOINLINE void mul128(void)
{
	volatile __int128 a = (__int128)1 << 100;
	__int128 b = bad ? a : 1;
	sink128 = a * b;
}
NOINLINE void bounds(void)
{
	int arr[10] = { 0 };
	volatile int i = bad ? 10 : 9;
	sink = arr[i];
}
NOINLINE void misaligned(void)
{
	long buf[2] = { 0, 0 };
	volatile int off = bad ? 1 : 4;
	int *p = (int *)((char *)buf + off);
	sink = *p;
}
NOINLINE void null_load(void)
{
	int *volatile p = bad ? NULL : (int *)&sink;
	sink = *p;
}
NOINLINE void ptr_overflow(void)
{
	char *volatile p = (char *)&sink;
	volatile unsigned long off = bad ? (unsigned long)-(long)(unsigned long)p - 1 + 2 : 1;
	sink = (long)(p + off);
}
NOINLINE void load_bool(void)
{
	_Bool b;
	unsigned char raw = bad ? 2 : 1;
	memcpy(&b, &raw, 1);
	sink = b ? 3 : 4;
}
NOINLINE void vla(void)
{
	volatile int n = bad ? 0 : 4;
	int a[n];
	sink = sizeof(a);
}
NOINLINE __attribute__((nonnull)) int deref_nonnull(const int *p) { sink = (long)p; return 0; }
NOINLINE void nonnull_arg(void)
{
	int *volatile p = bad ? NULL : (int *)&bad;
	sink = deref_nonnull(p);
}
NOINLINE __attribute__((returns_nonnull)) int *give(void)
{
	return bad ? NULL : (int *)&bad;
}
NOINLINE void nonnull_ret(void) { sink = (long)give(); }
NOINLINE void ctz0(void) { volatile unsigned x = bad ? 0 : 8; sink = __builtin_ctz(x); }
NOINLINE void clz0(void) { volatile unsigned x = bad ? 0 : 8; sink = __builtin_clz(x); }
NOINLINE void float_cast(void) { volatile double d = bad ? 1e20 : 5.5; sink = (int)d; }
NOINLINE void float_cast_f(void) { volatile float f = bad ? 3e38f : 5.5f; sink = (int)f; }
NOINLINE void float_cast_ld(void) { volatile long double d = bad ? 1e30L : 5.5L; sink = (int)d; }
NOINLINE void float_div0(void) { volatile double a = 1.5, b = bad ? 0.0 : 2.0; sink = (long)(a / b); }
NOINLINE void unreachable(void) { if (bad) __builtin_unreachable(); }
#ifdef __clang__
NOINLINE void uadd(void) { volatile unsigned a = UINT_MAX; sink = a + (bad ? 1u : 0u); }
NOINLINE void truncation(void) { volatile int v = bad ? 300 : 30; unsigned char c = v; sink = c; }
NOINLINE void sign_change(void) { volatile int v = bad ? -1 : 1; unsigned u = v; sink = u; }
NOINLINE void assume_aligned(void)
{
	char *volatile p = (char *)&sink + (bad ? 1 : 0);
	char *q = __builtin_assume_aligned(p, 8);
	sink = *q;
}
NOINLINE int nn_param(int *_Nonnull p) { return *(volatile char *)&p ? 0 : 1; }
NOINLINE void nullability_arg(void) { int *volatile p = bad ? NULL : (int *)&bad; sink = nn_param(p); }
NOINLINE int *_Nonnull nn_ret(void) { return bad ? NULL : (int *)&bad; }
NOINLINE void nullability_ret(void) { sink = (long)nn_ret(); }
#endif
struct pair { int x, y; };
NOINLINE void member_null(void)
{
	struct pair *volatile p = bad ? NULL : (struct pair *)&sink;
	int *q = &p->y;
	sink = (long)q;
}
NOINLINE void ptr_index(void)
{
	char *volatile c = (char *)&sink;
	volatile unsigned long o = bad ? (unsigned long)-8 : 1;
	char *d = c + o * 0x100000000000;
	sink = (long)d;
}

static const struct { const char *name; void (*fn)(void); } tests[] = {
	{ "add", add }, { "sub", sub }, { "mul", mul }, { "neg", neg },
	{ "shift_big", shift_big },
	{ "shift_neg", shift_neg }, { "shift_base", shift_base },
	{ "shift_ovf", shift_ovf }, { "mul128", mul128 }, { "bounds", bounds },
	{ "misaligned", misaligned }, { "ptr_overflow", ptr_overflow },
	{ "load_bool", load_bool }, { "vla", vla }, { "nonnull_arg", nonnull_arg },
	{ "nonnull_ret", nonnull_ret }, { "ctz0", ctz0 }, { "clz0", clz0 },
	{ "float_cast", float_cast }, { "float_cast_f", float_cast_f },
	{ "float_cast_ld", float_cast_ld }, { "float_div0", float_div0 },
#ifdef __clang__
	{ "uadd", uadd }, { "truncation", truncation }, { "sign_change", sign_change },
	{ "assume_aligned", assume_aligned }, { "nullability_arg", nullability_arg },
	{ "nullability_ret", nullability_ret },
#endif
	{ "member_null", member_null }, { "ptr_index", ptr_index },
	/* not in "all": they stop the program */
	{ "null_load", null_load }, { "unreachable", unreachable },
	{ "div0", div0 }, { "divmin", divmin },	/* SIGFPE after the report */
};

int main(int argc, char **argv)
{
	size_t i;
	int all = argc > 1 && !strcmp(argv[1], "all");

	if (argc > 2 && !strcmp(argv[2], "ok"))
		bad = 0;
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (all && !strcmp(tests[i].name, "null_load"))
			break;
		if (all || (argc > 1 && !strcmp(argv[1], tests[i].name)))
			tests[i].fn();
	}
	printf("done\n");
	return 0;
}
