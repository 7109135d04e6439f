// libFuzzer's leak detection (-detect_leaks=1, its default) through ksan's leak detector: an input that makes the target drop a malloc'ed object is run again between __lsan_disable and __lsan_enable (the malloc hooks count more mallocs than frees), then __lsan_do_recoverable_leak_check finds the leak, ksan prints its report and libFuzzer saves the input as leak-* and exits with its error_exitcode, 77; from an empty corpus the fuzzer finds the two bytes through the comparison hooks' help.  Silent twin: -DNO_LEAK frees the object, and the same runs report nothing.
// REQUIRES: clang-inline, libfuzzer
// RUN: rm -rf %t && mkdir -p %t/corpus %t/corpus2 %t/corpus3
// RUN: %ksan_cc -g -O1 -fsanitize=fuzzer %s -o %t/fuzz
// RUN: %ksan_cc -g -O1 -fsanitize=fuzzer -DNO_LEAK %s -o %t/fuzz-ok
// RUN: cd %t && bash %S/../Inputs/status.sh ./fuzz -seed=1 -runs=200000 corpus 2>&1 | FileCheck %s
// RUN: cd %t && ls leak-*
// RUN: cd %t && bash %S/../Inputs/status.sh ./fuzz-ok -seed=1 -runs=20000 corpus2 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMEMLEAK --implicit-check-not=leak
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	if (n >= 3 && memcmp(d, "LKx", 3) == 0) {
		sink = malloc(40);
		memcpy(sink, d, 3);
#ifdef NO_LEAK
		free(sink);
#endif
		sink = 0;
	}
	return 0;
}

// CHECK: {{^}}BUG: memory leak{{$}}
// CHECK-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 40):{{$}}
// CHECK: {{^}}    4c 4b 78
// CHECK: {{^}}    [<{{[0-9a-f]+}}>] LLVMFuzzerTestOneInput+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}libfuzzer_leak.c:18
// CHECK: {{^}}  direct leak in LLVMFuzzerTestOneInput: 1 object(s), 40 byte(s) allocated from this backtrace{{$}}
// CHECK: INFO: to ignore leaks on libFuzzer side use -detect_leaks=0.
// CHECK: Test unit written to ./leak-
// CHECK: STATUS: exit 77{{$}}
// OK: Done 20000 runs
// OK: STATUS: exit 0{{$}}
