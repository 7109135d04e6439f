// Pointers into the middle of an object keep it, as in LeakSanitizer: a global holding p + 17 (a field's address), p + 99 (its last byte) or the start of a malloc(0) object; one past the end (p + 100) or one before the start does not: those objects are reported.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t inside 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t last 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t zero 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t end 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t before 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t zero-end 2>&1 | FileCheck %s --check-prefix=ZERO
#include <stdio.h>
#include "Inputs/leak.h"

char *held;

__attribute__((noinline)) void setup(const char *how)
{
	char *p = keep(malloc(!strncmp(how, "zero", 4) ? 0 : 100));

	if (!strcmp(how, "inside"))
		held = p + 17;
	else if (!strcmp(how, "last"))
		held = p + 99;
	else if (!strcmp(how, "zero"))
		held = p;
	else if (!strcmp(how, "zero-end"))
		held = p + 1;
	else if (!strcmp(how, "end"))
		held = p + 100;
	else
		held = p - 1;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(setup, argv[1]);
	printf("done\n");
	return 0;
}

// OK: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// CHECK: {{^}}done{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 100):{{$}}
// CHECK: {{^}}  direct leak in {{[A-Za-z0-9_]+}}: 1 object(s), 100 byte(s) allocated from this backtrace{{$}}
// CHECK: {{^}}STATUS: exit 23{{$}}

// ZERO: {{^}}done{{$}}
// ZERO: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 0):{{$}}
// ZERO-NEXT: {{^}}  comm "{{[^"]+}}", pid {{[0-9]+}}{{$}}
// ZERO-NEXT: {{^}}  hex dump (first 0 bytes):{{$}}
// ZERO-NEXT: {{^}}  backtrace:{{$}}
// ZERO: {{^}}  direct leak in {{[A-Za-z0-9_]+}}: 1 object(s), 0 byte(s) allocated from this backtrace{{$}}
// ZERO: {{^}}STATUS: exit 23{{$}}
