// A signal handler that writes a variable while the thread it interrupted is watching its own read of it: with kcsan_interrupt_watcher=1 this is a data race, the handler's side printed "by interrupt" (the kernel's CONFIG_KCSAN_INTERRUPT_WATCHER); with the default 0 the same loops stay silent (the kernel keeps interrupts off while it watches: no report of either origin).  Another thread sends the signals; it never touches the variable.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_interrupt_watcher=1 bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_interrupt_watcher=0 bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include <signal.h>
#include "Inputs/race.h"

int x;
volatile int sink;
static pthread_t main_thread;
static int stop, counter;
static long handled;

kc_uninstr static int tick(void)
{
	__atomic_add_fetch(&handled, 1, __ATOMIC_RELAXED);
	return ++counter;
}

kc_noinline void on_signal(int sig)
{
	x = tick();	/* L:handler */
}

kc_noinline void reader(void)
{
	sink = x;	/* L:read */
}

kc_uninstr static void *kicker(void *arg)
{
	struct timespec ts = { 0, 30000 };

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		pthread_kill(main_thread, SIGUSR1);
		nanosleep(&ts, NULL);
	}
	return NULL;
}

kc_uninstr static void run(double seconds, int until_report)
{
	double end = kc_now() + seconds;
	long i;

	for (i = 0;; i++) {
		reader();
		if ((i & 7) == 7 && (kc_now() > end || (until_report && ksan_report_count())))
			break;
	}
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	pthread_t t;
	int race = !strcmp(argv[1], "race");

	kc_setup();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	main_thread = pthread_self();
	printf("x at %p\n", (void *)&x);
	pthread_create(&t, NULL, kicker, NULL);
	run(race ? 4.0 : 0.3, race);
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	pthread_join(t, NULL);
	printf("signals handled: %s\n", handled > 10 ? "many" : "few");
	printf("done\n");
	return 0;
}

// CHECK: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// CHECK: {{^}}BUG: KCSAN: data-race in on_signal / reader{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}write to 0x[[X]] of 4 bytes by interrupt on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} on_signal+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}signal.c:23{{$}}
// CHECK: {{^}}read to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}signal.c:28{{$}}
// CHECK: {{^}}value changed: 0x{{([0-9a-f]{8})}} -> 0x{{([0-9a-f]{8})}}{{$}}
// CHECK: {{^}}signals handled: {{many|few}}{{$}}
// CHECK-NEXT: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}x at 0x{{[0-9a-f]+}}{{$}}
// OK-NEXT: {{^}}signals handled: many{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
