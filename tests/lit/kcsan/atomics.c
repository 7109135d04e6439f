// kcsan_test test_read_atomic_write_atomic, test_atomic_builtins, test_read_plain_atomic_write, test_read_plain_atomic_rmw: atomics are marked accesses and never race with each other (__atomic builtins, C11 stdatomic loads, stores and read-modify-writes), but a plain read racing with an atomic store, or with an atomic read-modify-write, is a data race: the atomic side is printed "(marked)".
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t plain_atomic_write 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t plain_atomic_rmw 2>&1 | FileCheck %s --check-prefix=RMW
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t builtins 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t c11 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_strict=1 bash %S/../Inputs/status.sh %t c11 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include <stdatomic.h>
#include "Inputs/race.h"

int x;
long lx;
_Atomic int ax;
_Atomic long alx;
volatile long sink;

kc_noinline void plain_reader(long i)
{
	sink = x;	/* L:plain */
}

kc_noinline void atomic_writer(long i)
{
	__atomic_store_n(&x, (int)i, __ATOMIC_RELAXED);	/* L:store */
}

kc_noinline void atomic_incrementer(long i)
{
	__atomic_fetch_add(&x, 1, __ATOMIC_RELAXED);	/* L:rmw */
}

kc_noinline void builtin_a(long i)
{
	sink = __atomic_load_n(&x, __ATOMIC_ACQUIRE);
	__atomic_store_n(&lx, i, __ATOMIC_RELEASE);
	__atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
	sink = __atomic_exchange_n(&lx, i, __ATOMIC_ACQ_REL);
}

kc_noinline void builtin_b(long i)
{
	long expected = __atomic_load_n(&lx, __ATOMIC_RELAXED);

	__atomic_store_n(&x, (int)i, __ATOMIC_RELAXED);
	__atomic_compare_exchange_n(&lx, &expected, i, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
	sink = __atomic_load_n(&lx, __ATOMIC_SEQ_CST);
	__atomic_fetch_sub(&x, 1, __ATOMIC_RELAXED);
}

kc_noinline void c11_a(long i)
{
	sink = atomic_load(&ax);
	atomic_store(&alx, i);
	atomic_fetch_add(&ax, 1);
	sink = atomic_load_explicit(&alx, memory_order_relaxed);
}

kc_noinline void c11_b(long i)
{
	atomic_store_explicit(&ax, (int)i, memory_order_release);
	sink = atomic_exchange(&alx, i);
	atomic_fetch_or(&ax, 2);
	sink = atomic_load(&ax);
}

int main(int argc, char **argv)
{
	const char *m = argv[1];

	kc_setup();
	printf("x at %p\n", (void *)&x);
	if (!strcmp(m, "plain_atomic_write"))
		kc_race(plain_reader, atomic_writer, 4000, 1);
	else if (!strcmp(m, "plain_atomic_rmw"))
		kc_race(plain_reader, atomic_incrementer, 4000, 1);
	else if (!strcmp(m, "builtins"))
		kc_race(builtin_a, builtin_b, 300, 0);
	else if (!strcmp(m, "c11"))
		kc_race(c11_a, c11_b, 300, 0);
	printf("done\n");
	return 0;
}

// STORE: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// STORE: {{^}}BUG: KCSAN: data-race in atomic_writer / plain_reader{{$}}
// STORE-EMPTY:
// STORE-NEXT: {{^}}write (marked) to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// STORE-NEXT: {{^}} atomic_writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}atomics.c:24{{$}}
// STORE: {{^}}read to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// STORE-NEXT: {{^}} plain_reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}atomics.c:19{{$}}
// STORE: {{^}}value changed: 0x{{([0-9a-f]{8})}} -> 0x{{([0-9a-f]{8})}}{{$}}
// STORE: {{^}}done{{$}}
// STORE-NEXT: {{^}}STATUS: exit 0{{$}}

// RMW: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// RMW: {{^}}BUG: KCSAN: data-race in atomic_incrementer / plain_reader{{$}}
// RMW-EMPTY:
// RMW-NEXT: {{^}}{{(read-)?write}} (marked) to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// RMW-NEXT: {{^}} atomic_incrementer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}atomics.c:29{{$}}
// RMW: {{^}}read to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// RMW-NEXT: {{^}} plain_reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}atomics.c:19{{$}}
// RMW: {{^}}value changed:
// RMW: {{^}}done{{$}}
// RMW-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}x at 0x{{[0-9a-f]+}}{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
