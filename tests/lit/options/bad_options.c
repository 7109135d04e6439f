// Bad KSAN_OPTIONS stop the program at start-up (before main) with exactly one clear line naming the key and what is accepted, and a non-zero exit: unknown key, bad values, missing value.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=no_such_option=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: env KSAN_OPTIONS=halt_on_error=2 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT
// RUN: env KSAN_OPTIONS=redzone=17 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=REDZONE
// RUN: env KSAN_OPTIONS=exitcode=abc bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=EXITCODE
// RUN: env KSAN_OPTIONS=report_format=xml bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: env KSAN_OPTIONS=verbosity=1:halt_on_error bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NOVALUE
// RUN: env KSAN_OPTIONS=malloc_context_size=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=CONTEXT
// RUN: env KSAN_OPTIONS=abort_on_error=on bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=BOOL
#include <stdio.h>

int main(void)
{
	printf("main ran\n");
	return 0;
}

// UNKNOWN-NOT: {{.}}
// UNKNOWN: {{^}}ksan: unknown option 'no_such_option'{{.*$}}
// UNKNOWN-NEXT: {{^}}STATUS: exit 1{{$}}

// HALT-NOT: {{.}}
// HALT: {{^}}ksan: bad value for option 'halt_on_error': '2' (accepted: 0, 1, true, false, yes or no){{$}}
// HALT-NEXT: {{^}}STATUS: exit 1{{$}}

// REDZONE-NOT: {{.}}
// REDZONE: {{^}}ksan: bad value for option 'redzone': '17' (accepted: a power of two from 16 to 2048){{$}}
// REDZONE-NEXT: {{^}}STATUS: exit 1{{$}}

// EXITCODE-NOT: {{.}}
// EXITCODE: {{^}}ksan: bad value for option 'exitcode': 'abc' (accepted: {{.*}}){{$}}
// EXITCODE-NEXT: {{^}}STATUS: exit 1{{$}}

// FORMAT-NOT: {{.}}
// FORMAT: {{^}}ksan: bad value for option 'report_format': 'xml' (accepted: kasan, asan or json){{$}}
// FORMAT-NEXT: {{^}}STATUS: exit 1{{$}}

// NOVALUE-NOT: {{.}}
// NOVALUE: {{^}}ksan: option 'halt_on_error' has no value (expected key=value){{$}}
// NOVALUE-NEXT: {{^}}STATUS: exit 1{{$}}

// CONTEXT-NOT: {{.}}
// CONTEXT: {{^}}ksan: bad value for option 'malloc_context_size': '0' (accepted: 1 to 64){{$}}
// CONTEXT-NEXT: {{^}}STATUS: exit 1{{$}}

// BOOL-NOT: {{.}}
// BOOL: {{^}}ksan: bad value for option 'abort_on_error': 'on' (accepted: 0, 1, true, false, yes or no){{$}}
// BOOL-NEXT: {{^}}STATUS: exit 1{{$}}
