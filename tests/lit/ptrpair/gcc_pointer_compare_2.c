// ksan's counterpart of GCC 12's c-c++-common/asan/pointer-compare-2.c, with the options that test sets, in KSAN_OPTIONS and as GCC sets them, in ASAN_OPTIONS (detect_invalid_pointer_pairs=1, halt_on_error=1): pairs inside one object or one past its end, near and far apart, are never reported: inside a 42-byte, a 1 KiB and a 4 KiB heap object, an 8 KiB and a 7-byte global, a 10000-byte local array, and a null pointer with a local (level 1 skips it).  Written for ksan (not a copy).
// RUN: %ksan_cc -O1 -fsanitize=address,pointer-compare %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=KASAN
// RUN: env "ASAN_OPTIONS=detect_invalid_pointer_pairs=1 halt_on_error=1" bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>

volatile int result;
char page_pair[8192];
char seven[7];

__attribute__((noinline)) int ahead(char *p)
{
	char *later = p + 20;

	result = p > later;
	return result;
}

__attribute__((noinline)) void not_after(char *a, char *b)
{
	result = a <= b;
}

__attribute__((noinline)) void guarded(char *a, char *b)
{
	result = a != 0 && a < b;
}

int main(void)
{
	char *h = malloc(42);
	char local[10000];

	setvbuf(stdout, NULL, _IONBF, 0);
	ahead(h);
	free(h);

	h = malloc(1024);
	not_after(h, h + 1024);
	not_after(h + 1024, h + 1023);
	not_after(h + 1, h + 1023);
	free(h);

	h = malloc(4096);
	not_after(h, h + 4096);
	not_after(h + 10, h + 100);
	not_after(h + 1024, h + 4096);
	not_after(h + 4095, h + 4096);
	not_after(h + 4095, h + 4094);
	not_after(h + 100, h + 4096);
	not_after(h + 100, h + 4094);
	free(h);

	not_after(&page_pair[0], &page_pair[1]);
	not_after(&page_pair[1], &page_pair[2]);
	not_after(&page_pair[2], &page_pair[1]);
	not_after(&page_pair[0], &page_pair[100]);
	not_after(&page_pair[1000], &page_pair[7000]);
	not_after(&page_pair[500], &page_pair[10]);
	not_after(page_pair, page_pair + 8192);
	not_after(page_pair + 8000, page_pair + 8000 + 192);

	not_after(seven, seven + 1);
	not_after(seven, seven + 7);
	not_after(seven + 7, seven + 1);
	not_after(seven + 6, seven + 7);
	not_after(seven + 7, seven + 7);

	local[0] = 0;
	not_after(&local[0], &local[100]);
	not_after(&local[1000], &local[9000]);
	not_after(&local[500], &local[10]);
	guarded(0, &local[10]);
	puts("no report");
	return 0;
}

// CHECK: no report
// CHECK-NEXT: STATUS: exit 0{{$}}
