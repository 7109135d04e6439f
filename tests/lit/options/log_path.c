// log_path=PATH writes reports to PATH.<pid> and nothing to stderr; the program's own output is untouched.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: rm -f %t.log.* %t.pid
// RUN: env KSAN_OPTIONS=log_path=%t.log bash %S/../Inputs/status.sh %run %t %t.pid > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: bash -c 'cat %t.log.$(cat %t.pid)' | FileCheck %s
// RUN: bash -c 'ls %t.log.* | wc -l' | FileCheck %s --check-prefix=ONE
// RUN: env KSAN_OPTIONS=log_path=%t.no/such/dir/log bash %S/../Inputs/status.sh %run %t %t.pid 2>&1 | FileCheck %s --check-prefix=FALLBACK
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

char *volatile sink;

int main(int argc, char **argv)
{
	FILE *f = fopen(argv[1], "w");
	char *p;

	fprintf(f, "%d", (int)getpid());
	fclose(f);
	printf("program output\n");
	fflush(stdout);
	p = sink = malloc(50);
	return p[50];
}

// EMPTY-NOT: {{.}}

// OUT: program output
// OUT-NEXT: STATUS: exit 1{{$}}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: BUG: KASAN: slab-out-of-bounds in main
// CHECK: 50-byte region
// CHECK: {{^}}=================================================================={{$}}

// ONE: {{^}}1{{$}}

// An unusable path falls back to stderr, saying so.
// FALLBACK: ksan: cannot open log_path file; reporting to stderr
// FALLBACK-NEXT: {{^}}=================================================================={{$}}
// FALLBACK-NEXT: BUG: KASAN: slab-out-of-bounds in main
// FALLBACK: STATUS: exit 1{{$}}
