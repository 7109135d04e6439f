// What libFuzzer asks of a sanitizer runtime, answered by ksan's: the comparison hooks (an 8-byte memcmp guards the bug, or with -DSTRCMP a strcmp with an 11-character string, and libFuzzer gets past them from an empty corpus only because ksan's memcmp and strcmp tell it what they compared), the malloc hooks (-malloc_limit_mb=1 turns an 8 MiB malloc into libFuzzer's out-of-memory, exit status 71, with ksan's stack trace), the report file descriptor (-close_fd_mask=2 closes stderr: the report still arrives, on libFuzzer's copy of it), pc symbolization (-print_pcs=1 lines name the function, file and line), and no "Failed to find function" warning.  Silent twin: built with -DNO_BUG both crashing inputs run clean, and so do 20000 runs.
// REQUIRES: clang-inline, libfuzzer
// RUN: rm -rf %t && mkdir -p %t/corpus %t/corpus2 %t/corpus3
// RUN: %ksan_cc -g -O1 -fsanitize=fuzzer %s -o %t/fuzz
// RUN: %ksan_cc -g -O1 -fsanitize=fuzzer -DSTRCMP %s -o %t/fuzz-strcmp
// RUN: %ksan_cc -g -O1 -fsanitize=fuzzer -DNO_BUG %s -o %t/fuzz-ok
// RUN: cd %t && bash %S/../Inputs/status.sh ./fuzz -seed=1 -runs=300000 -print_pcs=1 corpus 2>&1 | FileCheck %s --implicit-check-not=WARNING
// RUN: cd %t && bash %S/../Inputs/status.sh ./fuzz-strcmp -seed=1 -runs=300000 -artifact_prefix=strcmp- corpus3 2>&1 | FileCheck %s --check-prefix=STRCMP --implicit-check-not=WARNING
// RUN: python3 -c "open('%t/big', 'w').write('BIG')"
// RUN: bash %S/../Inputs/status.sh %t/fuzz -malloc_limit_mb=1 %t/big 2>&1 | FileCheck %s --check-prefix=MALLOC
// RUN: cd %t && bash %S/../Inputs/status.sh ./fuzz -close_fd_mask=2 crash-* > %t/out 2> %t/err; FileCheck %s --check-prefix=FD < %t/err
// RUN: cd %t && bash %S/../Inputs/status.sh ./fuzz-ok crash-* strcmp-crash-* 2>&1 | FileCheck %s --check-prefix=REPLAY-OK --implicit-check-not=KASAN
// RUN: cd %t && bash %S/../Inputs/status.sh ./fuzz-ok -seed=1 -runs=20000 corpus2 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN --implicit-check-not=WARNING
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef NO_BUG
#define LAST 7
#else
#define LAST 8
#endif

char *volatile sink;

__attribute__((noinline)) static void store(size_t n)
{
	char *p = sink = malloc(8);

	p[n] = 1;
	free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char s[32];

	if (size == 3 && !memcmp(data, "BIG", 3))
		free(sink = malloc(8 << 20));
#ifdef STRCMP
	if (size >= sizeof(s))
		return 0;
	memcpy(s, data, size);
	s[size] = 0;
	if (!strcmp(s, "ksan-strcmp"))
		store(LAST);
#else
	if (size == 8 && !memcmp(data, "KSANFUZZ", 8))
		store(LAST);
#endif
	return 0;
}

// CHECK: {{^}}INFO: Seed: 1{{$}}
// CHECK: {{^}}{{[[:space:]]}}NEW_PC: 0x{{[0-9a-f]+}} in LLVMFuzzerTestOneInput {{.*}}libfuzzer_hooks.c:{{[0-9]+}}:{{[0-9]+}}{{$}}
// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in store+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 1 at addr
// CHECK: {{^}}0x4b,0x53,0x41,0x4e,0x46,0x55,0x5a,0x5a,{{$}}
// CHECK-NEXT: {{^}}KSANFUZZ{{$}}
// CHECK-NEXT: {{^}}artifact_prefix='./'; Test unit written to ./crash-{{[0-9a-f]+}}{{$}}
// CHECK: STATUS: exit 1{{$}}

// STRCMP: {{^}}BUG: KASAN: slab-out-of-bounds in store+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// STRCMP: {{^}}ksan-strcmp{{(\\000)*$}}
// STRCMP-NEXT: {{^}}artifact_prefix='strcmp-'; Test unit written to strcmp-crash-{{[0-9a-f]+}}{{$}}
// STRCMP: STATUS: exit 1{{$}}

// MALLOC: {{^}}==[[PID:[0-9]+]]== ERROR: libFuzzer: out-of-memory (malloc(8388608)){{$}}
// MALLOC: {{^}}Call Trace:{{$}}
// MALLOC: {{^}} LLVMFuzzerTestOneInput+0x{{.*}}libfuzzer_hooks.c:39{{$}}
// MALLOC: {{^}}SUMMARY: libFuzzer: out-of-memory{{$}}
// MALLOC: STATUS: exit 71{{$}}

// FD: {{^}}BUG: KASAN: slab-out-of-bounds in store+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}

// REPLAY-OK: {{^}}Executed {{.*}}crash-{{[0-9a-f]+}} in {{[0-9]+}} ms{{$}}
// REPLAY-OK: {{^}}Executed {{.*}}strcmp-crash-{{[0-9a-f]+}} in {{[0-9]+}} ms{{$}}
// REPLAY-OK: STATUS: exit 0{{$}}

// OK: {{^}}INFO: Seed: 1{{$}}
// OK: {{^}}Done 20000 runs in {{[0-9]+}} second(s){{$}}
// OK-NEXT: STATUS: exit 0{{$}}
