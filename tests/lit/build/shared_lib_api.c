// An instrumented shared library may call ksan.h's report API (ksan_set_report_callback, ksan_report_count) itself: the executable's runtime exports them (they were hidden, and the library stopped with "calls ksan_report_count, which the executable's ksan runtime does not have").
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -fPIC -shared -I%root/include %S/Inputs/libcount.c -o %t.dir/libcount.so
// RUN: %ksan_cc -O1 %s -o %t.dir/main -L%t.dir -lcount -Wl,-rpath,%t.dir
// RUN: bash %S/../Inputs/status.sh %run %t.dir/main 2>&1 | FileCheck %s --implicit-check-not=KASAN
#include <stdio.h>

int lib_overflow_counted(unsigned long *count);

int main(void)
{
	unsigned long count;
	int seen = lib_overflow_counted(&count);

	printf("callback saw %d, reports counted %lu\n", seen, count);
	return 0;
}

// CHECK: callback saw 1, reports counted 1
// CHECK-NEXT: STATUS: exit 0{{$}}
