// Float values print as the compiler's own runtime prints them (libc's %Lg: six significant digits, rounding carried into the exponent, inf, nan, -nan), by ksan's libc-free formatter: float, double and long double.
// REQUIRES: inline
// RUN: %cc -O0 -fsanitize=float-cast-overflow %s -o %t.ref
// RUN: %run %t.ref 2>&1 | grep -o "runtime error: .*" > %t.ref.txt
// RUN: %ksan_cc -O0 -fsanitize=float-cast-overflow %s -o %t
// RUN: env KSAN_OPTIONS=report_format=asan %run %t 2>&1 | grep -o "runtime error: .*" > %t.txt
// RUN: diff %t.ref.txt %t.txt
// RUN: FileCheck %s < %t.txt
#include <math.h>

volatile double v[] = { -1e20, 4294967296.0, 2147483648.5, 9.999995e9, 1.5e300,
			-INFINITY, 0x1p63, 99999950000.0, 2.5e15, 123456.5e10 };
volatile float fv[] = { 1e10f, NAN, -NAN };
volatile long double lv[] = { 1e4000L, -3.25e19L };
volatile int s;

#define D(i) { volatile double d = v[i]; s = (int)d; }
#define F(i) { s = (int)fv[i]; }
#define L(i) { s = (int)lv[i]; }

int main(void)
{
	D(0) D(1) D(2) D(3) D(4) D(5) D(6) D(7) D(8) D(9)
	F(0) F(1) F(2)
	L(0) L(1)
	return 0;
}
// CHECK: runtime error: -1e+20 is outside the range of representable values of type 'int'
// CHECK-NEXT: runtime error: 4.29497e+09 is
// CHECK-NEXT: runtime error: 2.14748e+09 is
// CHECK-NEXT: runtime error: 1e+10 is
// CHECK-NEXT: runtime error: 1.5e+300 is
// CHECK-NEXT: runtime error: -inf is
// CHECK-NEXT: runtime error: 9.22337e+18 is
// CHECK-NEXT: runtime error: 1e+11 is
// CHECK-NEXT: runtime error: 2.5e+15 is
// CHECK-NEXT: runtime error: 1.23456e+15 is
// CHECK-NEXT: runtime error: 1e+10 is
// CHECK-NEXT: runtime error: nan is
// CHECK-NEXT: runtime error: -nan is
// CHECK-NEXT: runtime error: 1e+4000 is
// CHECK-NEXT: runtime error: -3.25e+19 is
// Not with clang on aarch64: the reference build needs clang's own UBSan runtime for aarch64 (libclang_rt.ubsan_standalone-aarch64.a), which is not installed.
// UNSUPPORTED: clang && aarch64
