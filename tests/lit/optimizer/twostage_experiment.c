// The two-stage experiment (KSAN_OPT_EXPERIMENT=twostage-cost, a measurement of Tech-ASan's first stage, docs/optimizer.md): a load of poisoned memory whose value equals the magic 0xbebebebe still takes the full check and is reported with its type, address, size and line; the same load of any other value is not checked (such a build measures the first stage's cost and misses bugs, as documented), while the default build reports it.
// REQUIRES: ksan-opt
// RUN: env KSAN_OPT_EXPERIMENT=twostage-cost %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t magic 2>&1 | FileCheck %s --check-prefix=MAGIC
// RUN: bash %S/../Inputs/status.sh %run %t other 2>&1 | FileCheck %s --check-prefix=MISSED --implicit-check-not=KASAN
// RUN: %ksan_cc -O1 %s -o %t.default
// RUN: bash %S/../Inputs/status.sh %run %t.default other 2>&1 | FileCheck %s --check-prefix=DEFAULT
#include <stdio.h>
#include <string.h>

void __asan_poison_memory_region(const volatile void *addr, size_t size);

static unsigned pool[16] __attribute__((aligned(16)));

__attribute__((noinline)) unsigned get(const unsigned *p, int i)
{
	return p[i];
}

int main(int argc, char **argv)
{
	memset(pool, strcmp(argv[1], "magic") == 0 ? 0xbe : 0x11, sizeof(pool));
	__asan_poison_memory_region(pool + 8, 32);
	fprintf(stderr, "bad %p\n", (void *)&pool[9]);
	printf("value %x\n", get(pool, 9));
	return 0;
}
// MAGIC: bad 0x[[ADDR:[0-9a-f]+]]
// MAGIC-NEXT: ==================
// MAGIC-NEXT: BUG: KASAN: use-after-poison in get+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// MAGIC-NEXT: Read of size 4 at addr {{0*}}[[ADDR]] by task
// MAGIC: Call Trace:
// MAGIC-NEXT: get+0x{{.*}}twostage_experiment.c:17
// MAGIC: STATUS: exit 1{{$}}
// MISSED: bad
// MISSED-NEXT: value 11111111
// MISSED-NEXT: STATUS: exit 0{{$}}
// DEFAULT: bad
// DEFAULT-NEXT: ==================
// DEFAULT-NEXT: BUG: KASAN: use-after-poison in get
// DEFAULT: STATUS: exit 1{{$}}
