// fork(): a child forked before the parent ever had a thread, and one forked after the parent's threads raced and were reported, each detect and report their own race (reported by the child's task), and the parent goes on detecting after each child ends; twin: the same processes with the loops under a mutex stay silent and every child ends normally (an alarm turns a hang in a child or the parent into a failure).
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t mutex 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include <signal.h>
#include <sys/wait.h>
#include "Inputs/race.h"

int x, y, z;
volatile int sink;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int locked;

kc_noinline void child_reader(long i) { sink = x; }
kc_noinline void child_writer(long i) { x = (int)i; }
kc_noinline void parent_reader(long i) { sink = y; }
kc_noinline void parent_writer(long i) { y = (int)i; }
kc_noinline void late_child_reader(long i) { sink = z; }
kc_noinline void late_child_writer(long i) { z = (int)i; }

kc_noinline void locked_reader(long i)
{
	pthread_mutex_lock(&lock);
	sink = x + y + z;
	pthread_mutex_unlock(&lock);
}

kc_noinline void locked_writer(long i)
{
	pthread_mutex_lock(&lock);
	x = y = z = (int)i;
	pthread_mutex_unlock(&lock);
}

kc_uninstr static void race(kc_fn a, kc_fn b)
{
	if (locked)
		kc_race(locked_reader, locked_writer, 200, 0);
	else
		kc_race(a, b, 4000, 1);
}

kc_uninstr static void in_child(const char *name, kc_fn a, kc_fn b)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		abort();
	if (pid == 0) {
		race(a, b);
		printf("%s: pid %d, reports %lu\n", name, (int)getpid(), ksan_report_count());
		exit(0);
	}
	if (waitpid(pid, &st, 0) != pid)
		abort();
	printf("%s ended: %s %d\n", name, WIFEXITED(st) ? "exit" : "signal",
	       WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
}

int main(int argc, char **argv)
{
	kc_setup();
	alarm(30);
	locked = !strcmp(argv[1], "mutex");
	in_child("early child", child_reader, child_writer);
	race(parent_reader, parent_writer);
	printf("parent: pid %d, reports %lu\n", (int)getpid(), ksan_report_count());
	in_child("late child", late_child_reader, late_child_writer);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}BUG: KCSAN: data-race in child_reader / child_writer{{$}}
// CHECK: {{^}}Reported by Kernel Concurrency Sanitizer on:{{$}}
// CHECK: {{^}}early child: pid {{[0-9]+}}, reports {{[1-9][0-9]*}}{{$}}
// CHECK-NEXT: {{^}}early child ended: exit 0{{$}}
// CHECK: {{^}}BUG: KCSAN: data-race in parent_reader / parent_writer{{$}}
// CHECK: {{^}}parent: pid {{[0-9]+}}, reports {{[1-9][0-9]*}}{{$}}
// CHECK: {{^}}BUG: KCSAN: data-race in late_child_reader / late_child_writer{{$}}
// CHECK: {{^}}late child: pid {{[0-9]+}}, reports {{[2-9]|[1-9][0-9]+}}{{$}}
// CHECK-NEXT: {{^}}late child ended: exit 0{{$}}
// CHECK-NEXT: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}early child: pid {{[0-9]+}}, reports 0{{$}}
// OK-NEXT: {{^}}early child ended: exit 0{{$}}
// OK-NEXT: {{^}}parent: pid {{[0-9]+}}, reports 0{{$}}
// OK-NEXT: {{^}}late child: pid {{[0-9]+}}, reports 0{{$}}
// OK-NEXT: {{^}}late child ended: exit 0{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
