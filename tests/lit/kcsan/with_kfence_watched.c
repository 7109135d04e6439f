// --ksan=kcsan,kfence: a plain out-of-bounds read past a KFENCE object, made after the program had threads and with kcsan_skip_watch=0, is watched by KCSAN: KCSAN reads the value under its watchpoint first and that read hits the guard page.  The KFENCE report must still name the program's access (peek, with_kfence.c's line), not the runtime's value read: the watcher reads no value inside KFENCE's pool (ksan_port_read_unsafe).
// RUN: %ksan_cc --ksan=kcsan,kfence -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kfence_sample_every=1:kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --implicit-check-not=kcsan_slow
#include "Inputs/race.h"
#include "../kfence/Inputs/kfence.h"

int x;
volatile int sink;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

kc_noinline void locked_reader(long i) { pthread_mutex_lock(&lock); sink = x; pthread_mutex_unlock(&lock); }
kc_noinline void locked_writer(long i) { pthread_mutex_lock(&lock); x = (int)i; pthread_mutex_unlock(&lock); }

kc_noinline int peek(char *p, int i)
{
	return p[i];	/* L:oob */
}

int main(void)
{
	char *r = kfence_object(32, 1);

	kc_setup();
	memset(r, 1, 32);
	kc_race(locked_reader, locked_writer, 50, 0);	/* the process has had threads */
	printf("peek %d\n", peek(r, 32));
	printf("done\n");
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KFENCE: out-of-bounds read in peek+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Out-of-bounds read at 0x{{[0-9a-f]+}} (1B right of kfence-#{{[0-9]+}}):{{$}}
// CHECK-NEXT: {{^}} peek+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}with_kfence_watched.c:16{{$}}
// CHECK: {{^}}peek {{-?[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
