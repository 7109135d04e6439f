// A suppressions file that cannot be used stops the program at start-up with one line naming the file, the line and what is accepted, and exit 1: a malformed line (missing fields, empty check or glob), another detector's or an unknown detector's line (unknown suppression type, the accepted ones listed), an unknown check; a path that is a directory or a device.  Comments, blank lines and indentation are fine.
// REQUIRES: inline
// RUN: %ksan_cc -O0 -g --ksan=ubsan %s -o %t
// RUN: printf '# two fields, as UBSan writes them\nsigned-integer-overflow:foo.c\n' > %t.fields
// RUN: env KSAN_OPTIONS=suppressions=%t.fields bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=FIELDS -DF=%t.fields
// RUN: printf 'ubsan:signed-integer-overflow:x.c\n\nubsan::foo\n' > %t.nocheck
// RUN: env KSAN_OPTIONS=suppressions=%t.nocheck bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NOCHECK -DF=%t.nocheck
// RUN: printf 'ubsan:shift-out-of-bounds:  \n' > %t.noglob
// RUN: env KSAN_OPTIONS=suppressions=%t.noglob bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NOGLOB -DF=%t.noglob
// RUN: printf 'kasan:slab-out-of-bounds:*\n' > %t.kasan
// RUN: env KSAN_OPTIONS=suppressions=%t.kasan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=KASAN -DF=%t.kasan
// RUN: printf 'ubsn:signed-integer-overflow:*\n' > %t.det
// RUN: env KSAN_OPTIONS=suppressions=%t.det bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=DET -DF=%t.det
// RUN: printf '  # indented comment\n\tubsan:signed-overflow:*\n' > %t.kind
// RUN: env KSAN_OPTIONS=suppressions=%t.kind bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=KIND -DF=%t.kind
// RUN: printf 'ubsan:*-by-one:*\n' > %t.kindglob
// RUN: env KSAN_OPTIONS=suppressions=%t.kindglob bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=KINDGLOB -DF=%t.kindglob
// RUN: rm -rf %t.isdir && mkdir -p %t.isdir
// RUN: env KSAN_OPTIONS=suppressions=%t.isdir bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=DIR -DF=%t.isdir
// RUN: env KSAN_OPTIONS=suppressions=/dev/null bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=DEV
// RUN: printf '# fine\n\n   ubsan:signed-integer-overflow:over*   \n\tubsan:*-integer-*:nothing.c\r\n' > %t.good
// RUN: env KSAN_OPTIONS=suppressions=%t.good bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOOD
#include <limits.h>
#include <stdio.h>

volatile int big = INT_MAX;

__attribute__((noinline)) int overflow(void) { return big + 1; }

int main(void)
{
	printf("end %d\n", overflow() & 0);
	return 0;
}
// FIELDS-NOT: {{.}}
// FIELDS: {{^}}ksan: bad suppression at [[F]]:2: 'signed-integer-overflow:foo.c' (expected ubsan:<check>:<glob>){{$}}
// FIELDS-NEXT: {{^}}STATUS: exit 1{{$}}

// NOCHECK-NOT: {{.}}
// NOCHECK: {{^}}ksan: bad suppression at [[F]]:3: 'ubsan::foo' (expected ubsan:<check>:<glob>){{$}}
// NOCHECK-NEXT: {{^}}STATUS: exit 1{{$}}

// NOGLOB-NOT: {{.}}
// NOGLOB: {{^}}ksan: bad suppression at [[F]]:1: 'ubsan:shift-out-of-bounds:' (expected ubsan:<check>:<glob>){{$}}
// NOGLOB-NEXT: {{^}}STATUS: exit 1{{$}}

// KASAN-NOT: {{.}}
// KASAN: {{^}}ksan: bad suppression at [[F]]:1: 'kasan:slab-out-of-bounds:*' (unknown suppression type 'kasan'; accepted: ubsan:<check>:<glob>, leak:<pattern>, interceptor_via_fun:<pattern>, interceptor_via_lib:<pattern>, interceptor_name:<pattern>, odr_violation:<pattern>){{$}}
// KASAN-NEXT: {{^}}STATUS: exit 1{{$}}

// DET-NOT: {{.}}
// DET: {{^}}ksan: bad suppression at [[F]]:1: 'ubsn:signed-integer-overflow:*' (unknown suppression type 'ubsn'; accepted: ubsan:<check>:<glob>, leak:<pattern>, interceptor_via_fun:<pattern>, interceptor_via_lib:<pattern>, interceptor_name:<pattern>, odr_violation:<pattern>){{$}}
// DET-NEXT: {{^}}STATUS: exit 1{{$}}

// KIND-NOT: {{.}}
// KIND: {{^}}ksan: bad suppression at [[F]]:2: 'ubsan:signed-overflow:*' (unknown check 'signed-overflow'; accepted: a UBSAN check such as signed-integer-overflow, or a glob matching one){{$}}
// KIND-NEXT: {{^}}STATUS: exit 1{{$}}

// KINDGLOB-NOT: {{.}}
// KINDGLOB: {{^}}ksan: bad suppression at [[F]]:1: 'ubsan:*-by-one:*' (unknown check '*-by-one'; accepted: a UBSAN check such as signed-integer-overflow, or a glob matching one){{$}}
// KINDGLOB-NEXT: {{^}}STATUS: exit 1{{$}}

// DIR-NOT: {{.}}
// DIR: {{^}}ksan: suppressions file '[[F]]' is a directory (expected a file of ubsan:<check>:<glob> lines){{$}}
// DIR-NEXT: {{^}}STATUS: exit 1{{$}}

// DEV-NOT: {{.}}
// DEV: {{^}}ksan: suppressions file '/dev/null' is a device (expected a file of ubsan:<check>:<glob> lines){{$}}
// DEV-NEXT: {{^}}STATUS: exit 1{{$}}

// GOOD-NOT: UBSAN
// GOOD: {{^}}end 0
// GOOD-NEXT: STATUS: exit 0{{$}}
