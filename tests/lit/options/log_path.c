// log_path=PATH writes reports to PATH.<pid> (created 0600) and nothing to stderr; the program's own output is untouched.  A symbolic link planted at PATH.<pid> is not followed: one line says so and the report goes to stderr (issue 24).
// RUN: %ksan_cc -O1 %s -o %t
// RUN: rm -f %t.log.* %t.pid
// RUN: env KSAN_OPTIONS=log_path=%t.log bash %S/../Inputs/status.sh %run %t %t.pid > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: bash -c 'cat %t.log.$(cat %t.pid)' | FileCheck %s
// RUN: bash -c 'ls %t.log.* | wc -l' | FileCheck %s --check-prefix=ONE
// RUN: bash -c 'stat -c %%a %t.log.$(cat %t.pid)' | FileCheck %s --check-prefix=MODE
// RUN: env KSAN_OPTIONS=log_path=%t.no/such/dir/log bash %S/../Inputs/status.sh %run %t %t.pid 2>&1 | FileCheck %s --check-prefix=FALLBACK
// RUN: rm -f %t.sl.* && echo untouched > %t.target
// RUN: env KSAN_OPTIONS=log_path=%t.sl bash -c 'ln -s %t.target %t.sl.$$ && exec %run %t %t.pid' > %t.sl.out 2>&1 || true
// RUN: FileCheck %s --check-prefix=SYMLINK < %t.sl.out
// RUN: FileCheck %s --check-prefix=TARGET < %t.target
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
// FALLBACK: ksan: not writing to log_path file '{{.*}}.no/such/dir/log.{{[0-9]+}}' (No such file or directory); reporting to stderr
// FALLBACK-NEXT: {{^}}=================================================================={{$}}
// FALLBACK-NEXT: BUG: KASAN: slab-out-of-bounds in main
// FALLBACK: STATUS: exit 1{{$}}

// MODE: {{^}}600{{$}}

// SYMLINK: ksan: not writing to log_path file '{{.*}}.sl.{{[0-9]+}}' (it is a symbolic link); reporting to stderr
// SYMLINK-NEXT: {{^}}=================================================================={{$}}
// SYMLINK-NEXT: BUG: KASAN: slab-out-of-bounds in main

// TARGET: {{^}}untouched{{$}}
// TARGET-NOT: {{.}}
