// A UBSAN report raised in a signal handler is never lost: after a recoverable report at the same source location (INT_MIN / -1, whose idiv then raises SIGFPE; and the other order), while another report is being made on the same thread (raised from the report callback), and an unrecoverable one always halts with exit 1; a report that recurses without end is stopped with a message.
// REQUIRES: inline
// RUN: %ksan_cc -O0 -g --ksan=ubsan -fsanitize=undefined -fno-sanitize-recover=integer-divide-by-zero %s -o %t.zero
// RUN: %ksan_cc -O0 -g --ksan=ubsan -fsanitize=undefined -fno-sanitize-recover=signed-integer-overflow %s -o %t.ovf
// RUN: %ksan_cc -O0 -g --ksan=ubsan -fsanitize=undefined %s -o %t.rec
// RUN: bash %S/../Inputs/status.sh %run %t.zero after 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: bash %S/../Inputs/status.sh %run %t.ovf after_rev 2>&1 | FileCheck %s --check-prefix=REV
// RUN: bash %S/../Inputs/status.sh %run %t.ovf during 2>&1 | FileCheck %s --check-prefix=DURING
// RUN: bash %S/../Inputs/status.sh %run %t.rec during 2>&1 | FileCheck %s --check-prefix=DURREC
// RUN: bash %S/../Inputs/status.sh %run %t.zero recurse 2>&1 | FileCheck %s --check-prefix=RECURSE
// RUN: bash %S/../Inputs/status.sh %run %t.zero silent 2>&1 | FileCheck %s --check-prefix=SILENT --implicit-check-not=UBSAN
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

static volatile int calls, nested_done;
static volatile int zero = 0, minus_one = -1, int_min = INT_MIN, forty = 40;

__attribute__((noinline)) int quotient(int n, int d)
{
	return n / d;	/* one source location for every division below */
}

static void say(const char *s)
{
	printf("%s\n", s);
	fflush(stdout);
}

/* SIGFPE from the idiv that follows a recoverable report */
static void on_fpe_zero(int sig)
{
	(void)sig;
	if (calls++)
		exit(3);	/* the report was lost and the division trapped again */
	say("handler");
	quotient(7, zero);
	exit(4);	/* the unrecoverable report did not stop */
}

static void on_fpe_min(int sig)
{
	(void)sig;
	if (calls++)
		exit(3);
	say("handler");
	quotient(int_min, minus_one);
	exit(4);
}

__attribute__((noinline)) int sum(int a, int b)
{
	return a + b;
}

static void on_fpe_ok(int sig)
{
	(void)sig;
	printf("handler %d %d\n", quotient(int_min, 1), quotient(7, minus_one));
	exit(0);
}

/* SIGUSR1 raised by the report callback, i.e. in the middle of a report */
static void on_usr1(int sig)
{
	(void)sig;
	say("usr1 handler");
	sum(int_min, minus_one);
	nested_done = 1;
	say("usr1 handler returns");
}

static int raise_usr1(const struct ksan_report *r, void *arg)
{
	(void)arg;
	printf("callback: %s\n", r->bug_type);
	fflush(stdout);
	if (!calls++)
		raise(SIGUSR1);
	return 0;
}

/* the callback itself does UB that cannot recover: every report makes another */
static int recurse(const struct ksan_report *r, void *arg)
{
	(void)r;
	(void)arg;
	calls++;
	return quotient(1, zero);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	if (!strcmp(mode, "after")) {
		sa.sa_handler = on_fpe_zero;
		sigaction(SIGFPE, &sa, NULL);
		quotient(int_min, minus_one);
	} else if (!strcmp(mode, "after_rev")) {
		sa.sa_handler = on_fpe_min;
		sigaction(SIGFPE, &sa, NULL);
		quotient(5, zero);
	} else if (!strcmp(mode, "during")) {
		sa.sa_handler = on_usr1;
		sigaction(SIGUSR1, &sa, NULL);
		ksan_set_report_callback(raise_usr1, 0);
		printf("shifted %d\n", 1 << forty);	/* recoverable in every build */
		printf("nested %s\n", nested_done ? "done" : "not done");
	} else if (!strcmp(mode, "recurse")) {
		ksan_set_report_callback(recurse, 0);
		quotient(2, zero);
	} else {
		sa.sa_handler = on_fpe_ok;
		sigaction(SIGFPE, &sa, NULL);
		raise(SIGFPE);	/* a handler that divides correctly */
	}
	say("end");
	return 0;
}

// AFTER: {{^}}UBSAN: division-overflow in {{.*}}signal.c:24:11{{$}}
// AFTER-NEXT: {{^}}division of -2147483648 by -1 cannot be represented in type 'int'{{$}}
// AFTER: {{^}}handler{{$}}
// AFTER: {{^}}UBSAN: division-overflow in {{.*}}signal.c:24{{$}}
// AFTER-NEXT: {{^}}division by zero{{$}}
// AFTER-NEXT: {{^}}Call Trace:{{$}}
// AFTER-NEXT: {{^}} quotient+0x
// AFTER-NEXT: {{^}} on_fpe_zero+0x
// AFTER: {{^}}STATUS: exit 1{{$}}

// REV: {{^}}UBSAN: division-overflow in {{.*}}signal.c:24:11{{$}}
// REV-NEXT: {{^}}division by zero{{$}}
// REV: {{^}}handler{{$}}
// REV: {{^}}UBSAN: division-overflow in {{.*}}signal.c:24{{$}}
// REV-NEXT: {{^}}division of -2147483648 by -1 cannot be represented in type 'int'{{$}}
// REV: {{^}}STATUS: exit 1{{$}}

// DURING: {{^}}callback: shift-out-of-bounds{{$}}
// DURING-NEXT: {{^}}usr1 handler{{$}}
// DURING-NEXT: {{^}}callback: signed-integer-overflow{{$}}
// DURING-NEXT: {{^}}==================================================================
// DURING-NEXT: {{^}}UBSAN: signed-integer-overflow in {{.*}}signal.c:56:11{{$}}
// DURING-NEXT: {{^}}signed integer overflow: -2147483648 + -1 cannot be represented in type 'int'{{$}}
// DURING-NEXT: {{^}}Call Trace:{{$}}
// DURING-NEXT: {{^}} sum+0x
// DURING-NEXT: {{^}} on_usr1+0x
// DURING-NOT: {{^}}usr1 handler returns
// DURING-NOT: {{^}}end{{$}}
// DURING: {{^}}STATUS: exit 1{{$}}

// DURREC: {{^}}callback: shift-out-of-bounds{{$}}
// DURREC-NEXT: {{^}}usr1 handler{{$}}
// DURREC-NEXT: {{^}}callback: signed-integer-overflow{{$}}
// DURREC-NEXT: {{^}}==================================================================
// DURREC-NEXT: {{^}}UBSAN: signed-integer-overflow in {{.*}}signal.c:56:11{{$}}
// DURREC: {{^}}usr1 handler returns{{$}}
// DURREC-NEXT: {{^}}==================================================================
// DURREC-NEXT: {{^}}UBSAN: shift-out-of-bounds in {{.*}}signal.c:
// DURREC: {{^}}shifted
// DURREC-NEXT: {{^}}nested done{{$}}
// DURREC-NEXT: {{^}}end{{$}}
// DURREC-NEXT: {{^}}STATUS: exit 0{{$}}

// RECURSE: {{^}}ksan: a division-overflow report raised inside another report on this thread was not made (recursion){{$}}
// RECURSE-NEXT: {{^}}STATUS: exit 1{{$}}

// SILENT: {{^}}handler -2147483648 -7{{$}}
// SILENT-NEXT: {{^}}STATUS: exit 0{{$}}
// Not on aarch64: the test needs SIGFPE from a division (x86's idiv traps on INT_MIN / -1 and on / 0); aarch64's sdiv never traps.
// UNSUPPORTED: aarch64
