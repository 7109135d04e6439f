// --ksan=kcsan,kfence (dynamically linked: KFENCE samples in front of the C library's malloc): with kfence_sample_every=1 an out-of-bounds read past a heap object is a KFENCE report while KCSAN is on, and a race in the same run is still a KCSAN report; the in-bounds, race-free twin is silent.  -static with kcsan and kfence is refused with one line.
// RUN: %ksan_cc --ksan=kcsan,kfence -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kfence_sample_every=1:kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t bug 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kfence_sample_every=1:kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN --implicit-check-not=KFENCE
// RUN: %ksan_cc --ksan=kcsan,kfence -g -O1 -c %s -o %t.o
// RUN: not %ksan_cc --ksan=kcsan,kfence -static %t.o -o %t.static -pthread 2>&1 | FileCheck %s --check-prefix=STATIC
#include "Inputs/race.h"
#include "../kfence/Inputs/kfence.h"

int x;
volatile int sink;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

kc_noinline void reader(long i) { sink = x; }
kc_noinline void writer(long i) { x = (int)i; }
kc_noinline void locked_reader(long i) { pthread_mutex_lock(&lock); sink = x; pthread_mutex_unlock(&lock); }
kc_noinline void locked_writer(long i) { pthread_mutex_lock(&lock); x = (int)i; pthread_mutex_unlock(&lock); }

/* a marked read (volatile): KCSAN only checks it, it never watches it
 * (with_kfence_watched.c has the plain read that KCSAN watches) */
kc_noinline int peek(volatile char *p, int i)
{
	return p[i];	/* L:oob */
}

int main(int argc, char **argv)
{
	int bug = !strcmp(argv[1], "bug");
	volatile char *r = kfence_object(32, 1);

	kc_setup();
	for (int i = 0; i < 32; i++)
		r[i] = (char)i;
	if (bug)
		kc_race(reader, writer, 4000, 1);
	else
		kc_race(locked_reader, locked_writer, 300, 0);
	printf("peek %d\n", peek(r, bug ? 32 : 31));
	printf("done\n");
	return 0;
}

// CHECK: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// CHECK: {{^}}Reported by Kernel Concurrency Sanitizer on:{{$}}
// CHECK: {{^}}BUG: KFENCE: out-of-bounds read in peek+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Out-of-bounds read at 0x{{[0-9a-f]+}} (1B right of kfence-#{{[0-9]+}}):{{$}}
// CHECK-NEXT: {{^}} peek+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}with_kfence.c:23{{$}}
// CHECK: {{^}}peek {{-?[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}peek 31{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// STATIC-NOT: {{.}}
// STATIC: {{^}}ksan-cc: kcsan with kfence needs a dynamically linked executable {{.*}}{{$}}
// STATIC-NOT: {{.}}
