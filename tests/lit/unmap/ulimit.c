// Under ulimit -v a program that maps and unmaps far more than its address-space limit (a 32 MiB file-sized buffer per "request", 200 requests: 6.4 GiB in all) must not run out: the quarantine holds at most a quarter of RLIMIT_AS, and a mapping refused with ENOMEM is retried after the quarantine is released.  Also with a larger option than the limit allows, and the stale-pointer case still reported under the limit.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash -c "ulimit -v 1048576; %run %t churn" 2>&1 | FileCheck %s --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=unmap_quarantine_mb=100000 bash -c "ulimit -v 1048576; %run %t churn" 2>&1 | FileCheck %s --implicit-check-not=KASAN
// RUN: bash -c "ulimit -v 1048576; bash %S/../Inputs/status.sh %run %t stale" 2>&1 | FileCheck %s --check-prefix=STALE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define SIZE (32 << 20)

int main(int argc, char **argv)
{
	int i, failed = 0;
	char *p = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	for (i = 0; i < 200; i++) {
		p = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED) {
			failed++;
			continue;
		}
		p[i * 4096] = 1;
		munmap(p, SIZE);
	}
	printf("requests 200 failed %d\n", failed);
	if (!strcmp(argv[1], "stale"))
		return ((volatile char *)p)[0];
	return 0;
}
// CHECK: requests 200 failed 0
// STALE: requests 200 failed 0
// STALE: BUG: KASAN: use-after-unmap in main
// STALE: STATUS: exit 1
