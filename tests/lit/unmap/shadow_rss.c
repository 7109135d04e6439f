// The unmap quarantine must not leave shadow resident (issue 31's 12 MB on SQLite's speedtest1).  A large heap object's shadow is discarded when the heap gives its mapping back, except the shadow pages it shares with a neighbour, which are written with zeros instead; the quarantine keeps the old ranges reserved, so the system places each new object at a fresh address and every freed one left one or two resident shadow pages: 3000 malloc/free pairs of 20000-byte objects grew the shadow by about 10 MB (the quarantine off: nothing).  The test reads its own /proc/self/smaps: the shadow's Rss may grow by at most 2 MB.  Twins: the quarantine off, the same bound; after the churn a stale read into a freed object is still use-after-unmap, and an overflow of a fresh object still a page red zone (the discarded pages did not take a live object's poison with them).
// UNSUPPORTED: aarch64
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 %run %t churn 2>&1 | FileCheck %s --check-prefix=CHURN --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0:unmap_quarantine_mb=0 %run %t churn 2>&1 | FileCheck %s --check-prefix=CHURN --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t stale 2>&1 | FileCheck %s --check-prefix=STALE
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 20000
#define ROUNDS 3000
#define SHADOW_LO 0x7fff8000UL
#define SHADOW_HI 0x10007fff8000UL

/* kB of Rss in the mappings that start inside the shadow */
static long shadow_rss_kb(void)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	unsigned long lo, hi;
	long kb, sum = 0;
	int in = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (line[strspn(line, "0123456789abcdef")] == '-' &&
		    sscanf(line, "%lx-%lx", &lo, &hi) == 2)
			in = lo >= SHADOW_LO && lo < SHADOW_HI;
		else if (in && sscanf(line, "Rss: %ld kB", &kb) == 1)
			sum += kb;
	}
	fclose(f);
	return sum;
}

__attribute__((noinline)) static void churn(int rounds)
{
	for (int i = 0; i < rounds; i++) {
		char *volatile p = malloc(SIZE);

		memset(p, i, SIZE);
		free(p);
	}
}

__attribute__((noinline)) static int peek(volatile char *p, long i)
{
	return p[i];
}

int main(int argc, char **argv)
{
	long before, grew;
	char *p;

	if (!strcmp(argv[1], "churn")) {
		churn(100);
		before = shadow_rss_kb();
		churn(ROUNDS);
		grew = shadow_rss_kb() - before;
		printf("shadow grew %s\n", grew < 2048 ? "little" : "a lot");
		if (grew >= 2048)
			printf("by %ld kB\n", grew);
		// CHURN: shadow grew little
		return 0;
	}
	churn(ROUNDS);
	p = malloc(SIZE);
	memset(p, 1, SIZE);
	if (!strcmp(argv[1], "stale")) {
		free(p);
		churn(10);
		printf("read %d\n", peek(p, 100));
		// STALE: BUG: KASAN: use-after-unmap
		// STALE-NOT: read
		// STALE: STATUS: exit 1
		return 0;
	}
	printf("read %d\n", peek(p, SIZE + 8));
	free(p);
	// OVERFLOW: BUG: KASAN: {{.*}}out-of-bounds
	return 0;
}
