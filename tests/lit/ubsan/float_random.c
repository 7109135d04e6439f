// ksan's libc-free float formatter agrees with libc's %Lg (what the compilers' runtimes print) on 4000 values: random bit patterns (denormals, huge, tiny, nan), binary fractions with exact decimal ties, large integers, and long doubles.  The handler is called directly with one fresh source location per value.
// REQUIRES: inline
// RUN: %ksan_cc -O1 --ksan=ubsan %s -o %t
// RUN: env KSAN_OPTIONS=report_format=asan %run %t 4000 2>&1 | python3 %S/Inputs/compare_floats.py | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: {{^}}4000 compared, 0 differ{{$}}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct loc { const char *file; unsigned line, column; };
struct type { unsigned short kind, info; char name[16]; };
struct data { struct loc loc; const struct type *from, *to; };
void __ubsan_handle_float_cast_overflow(void *data, void *value);

static const struct type dbl = { 1, 64, "'double'" }, i32 = { 0, 11, "'int'" },
			 ldbl = { 1, 80, "'long double'" };

int main(int argc, char **argv)
{
	int n = atoi(argv[1]), i;

	srand(1);
	for (i = 0; i < n; i++) {
		struct data *d = calloc(1, sizeof(*d));
		uint64_t bits = ((uint64_t)rand() << 33) ^ ((uint64_t)rand() << 11) ^ rand();
		double v;
		long double l;

		d->loc.file = "values.c";
		d->loc.line = i + 1;
		d->loc.column = 1;
		d->to = &i32;
		memcpy(&v, &bits, 8);
		if (i % 4 == 1)
			v = (double)(rand() % 10000000) / (1 << (rand() % 12));
		else if (i % 4 == 2)
			v = (double)(rand() % 100000000) * 1000;
		if (i % 4 == 3) {
			l = (long double)v * 1.000001L;
			d->from = &ldbl;
			printf("%Lg\n", l);
			fflush(stdout);
			__ubsan_handle_float_cast_overflow(d, &l);
			free(d);
			continue;
		}
		d->from = &dbl;
		printf("%Lg\n", (long double)v);
		fflush(stdout);
		memcpy(&bits, &v, 8);
		__ubsan_handle_float_cast_overflow(d, (void *)(uintptr_t)bits);
		free(d);
	}
	return 0;
}
