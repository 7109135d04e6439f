// KFENCE reports in the asan and json layouts; kfence_stats=1 prints the statistics at exit.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=asan %run %t 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=json %run %t 2>&1 | grep '^{' | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JCHECK
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=json %run %t 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:kfence_stats=1 %run %t 2>&1 | FileCheck %s --check-prefix=STATS
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	volatile char *p = malloc(20);

	free((void *)p);
	p[2] = 1;
	return 0;
}

// ASAN: ==ERROR: AddressSanitizer: heap-use-after-free on address 0x{{[0-9a-f]+}} at pc 0x{{[0-9a-f]+}} (KFENCE)
// ASAN-NEXT: WRITE of size 1 at 0x{{[0-9a-f]+}} thread T0{{$}}
// ASAN-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}formats.c:16
// ASAN: 0x{{[0-9a-f]+}} is located 2 bytes inside of 20-byte region [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}) (kfence-#{{[0-9]+}}, cache=malloc)
// ASAN-NEXT: freed by thread T0 here:
// ASAN-NEXT: #0 0x{{[0-9a-f]+}} in free
// ASAN-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}formats.c:15
// ASAN: previously allocated by thread T0 here:
// ASAN-NEXT: #0 0x{{[0-9a-f]+}} in malloc
// ASAN: SUMMARY: AddressSanitizer: heap-use-after-free (KFENCE)
// ASAN: STATUS: exit 0{{$}}

// JSON: {"detector":"KFENCE","type":"use-after-free","asan_type":"heap-use-after-free","access":"write",{{.*}}"object":{"index":{{[0-9]+}},{{.*}}"size":20,"cache":"malloc","cache_size":4096,"state":"freed","relation":"inside",{{.*}}"free_stack":[{"pc":

// STATS: ksan: KFENCE stats (pid {{[0-9]+}}): enabled: 1
// STATS-NEXT: currently allocated: 0
// STATS-NEXT: total allocations: 1
// STATS-NEXT: total frees: 1
// STATS-NEXT: total bugs: 1
// STATS-NEXT: skipped allocations (incompatible): 0
// STATS-NEXT: skipped allocations (capacity): 0
// STATS-NEXT: pool: 255 objects, 2048 KiB

// JCHECK: report type=use-after-free asan_type=heap-use-after-free access=write size=1 top=main object=freed/20 cache=malloc/4096 inside 2 addr_ok=1 alloc0=malloc free0=free
// JCHECK-NEXT: 1 json reports
// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
