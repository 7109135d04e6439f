// Every integer option is bounded and its bad values stop the program at start-up with one line naming the key and the accepted values: exitcode is decimal only (0x10 is refused, as its message says), verbosity 0..3, values that overflow, negative values of unsigned options, red zones that are not powers of two, an empty KFENCE pool; the bounds themselves are accepted.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=exitcode=0x10 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HEX
// RUN: env KSAN_OPTIONS=exitcode=256 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=EXIT256
// RUN: env KSAN_OPTIONS=exitcode=-1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=EXITNEG
// RUN: env KSAN_OPTIONS=exitcode=99999999999999999999 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=EXITBIG
// RUN: env KSAN_OPTIONS=verbosity=4 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=VERB
// RUN: env KSAN_OPTIONS=quarantine_size_mb=99999999999999999999 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=QBIG
// RUN: env KSAN_OPTIONS=quarantine_size_mb=1048577 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=QOVER
// RUN: env KSAN_OPTIONS=malloc_context_size=-1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=CTXNEG
// RUN: env KSAN_OPTIONS=malloc_context_size=65 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=CTXBIG
// RUN: env KSAN_OPTIONS=redzone=3 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=RZ3
// RUN: env KSAN_OPTIONS=redzone=48 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=RZ48
// RUN: env KSAN_OPTIONS=redzone=4096 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=RZBIG
// RUN: env KSAN_OPTIONS=kfence_num_objects=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=KNUM0
// RUN: env KSAN_OPTIONS=kfence_num_objects=65536 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=KNUMBIG
// RUN: env KSAN_OPTIONS=kfence_sample_interval=18446744073709551 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=KINT
// RUN: env KSAN_OPTIONS=kfence_sample_every=-1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=KEVERY
// RUN: env KSAN_OPTIONS=halt_on_error=-1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALTNEG
// RUN: env KSAN_OPTIONS=exitcode=255:verbosity=3:quarantine_size_mb=1048576:malloc_context_size=64:redzone=2048:kfence_num_objects=65535:kfence_sample_interval=86400000:kfence_sample_every=4294967295:halt_on_error=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=MAX
// RUN: env KSAN_OPTIONS=exitcode=0:verbosity=0:quarantine_size_mb=0:malloc_context_size=1:redzone=16:kfence_num_objects=1:kfence_sample_interval=0:kfence_sample_every=0:halt_on_error=1:redzone=0x20 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=MIN
#include <stdio.h>

int main(void)
{
	printf("main ran\n");
	return 0;
}

// HEX-NOT: {{.}}
// HEX: {{^}}ksan: bad value for option 'exitcode': '0x10' (accepted: a decimal integer from 0 to 255){{$}}
// HEX-NEXT: {{^}}STATUS: exit 1{{$}}

// EXIT256-NOT: {{.}}
// EXIT256: {{^}}ksan: bad value for option 'exitcode': '256' (accepted: a decimal integer from 0 to 255){{$}}
// EXIT256-NEXT: {{^}}STATUS: exit 1{{$}}

// EXITNEG-NOT: {{.}}
// EXITNEG: {{^}}ksan: bad value for option 'exitcode': '-1' (accepted: a decimal integer from 0 to 255){{$}}
// EXITNEG-NEXT: {{^}}STATUS: exit 1{{$}}

// EXITBIG-NOT: {{.}}
// EXITBIG: {{^}}ksan: bad value for option 'exitcode': '99999999999999999999' (accepted: a decimal integer from 0 to 255){{$}}
// EXITBIG-NEXT: {{^}}STATUS: exit 1{{$}}

// VERB-NOT: {{.}}
// VERB: {{^}}ksan: bad value for option 'verbosity': '4' (accepted: 0 to 3){{$}}
// VERB-NEXT: {{^}}STATUS: exit 1{{$}}

// QBIG-NOT: {{.}}
// QBIG: {{^}}ksan: bad value for option 'quarantine_size_mb': '99999999999999999999' (accepted: 0 to 1048576){{$}}
// QBIG-NEXT: {{^}}STATUS: exit 1{{$}}

// QOVER-NOT: {{.}}
// QOVER: {{^}}ksan: bad value for option 'quarantine_size_mb': '1048577' (accepted: 0 to 1048576){{$}}
// QOVER-NEXT: {{^}}STATUS: exit 1{{$}}

// CTXNEG-NOT: {{.}}
// CTXNEG: {{^}}ksan: bad value for option 'malloc_context_size': '-1' (accepted: 1 to 64){{$}}
// CTXNEG-NEXT: {{^}}STATUS: exit 1{{$}}

// CTXBIG-NOT: {{.}}
// CTXBIG: {{^}}ksan: bad value for option 'malloc_context_size': '65' (accepted: 1 to 64){{$}}
// CTXBIG-NEXT: {{^}}STATUS: exit 1{{$}}

// RZ3-NOT: {{.}}
// RZ3: {{^}}ksan: bad value for option 'redzone': '3' (accepted: a power of two from 16 to 2048){{$}}
// RZ3-NEXT: {{^}}STATUS: exit 1{{$}}

// RZ48-NOT: {{.}}
// RZ48: {{^}}ksan: bad value for option 'redzone': '48' (accepted: a power of two from 16 to 2048){{$}}
// RZ48-NEXT: {{^}}STATUS: exit 1{{$}}

// RZBIG-NOT: {{.}}
// RZBIG: {{^}}ksan: bad value for option 'redzone': '4096' (accepted: a power of two from 16 to 2048){{$}}
// RZBIG-NEXT: {{^}}STATUS: exit 1{{$}}

// KNUM0-NOT: {{.}}
// KNUM0: {{^}}ksan: bad value for option 'kfence_num_objects': '0' (accepted: 1 to 65535; kfence_sample_interval=0 turns KFENCE off){{$}}
// KNUM0-NEXT: {{^}}STATUS: exit 1{{$}}

// KNUMBIG-NOT: {{.}}
// KNUMBIG: {{^}}ksan: bad value for option 'kfence_num_objects': '65536' (accepted: 1 to 65535; kfence_sample_interval=0 turns KFENCE off){{$}}
// KNUMBIG-NEXT: {{^}}STATUS: exit 1{{$}}

// KINT-NOT: {{.}}
// KINT: {{^}}ksan: bad value for option 'kfence_sample_interval': '18446744073709551' (accepted: 0 (off) to 86400000 milliseconds){{$}}
// KINT-NEXT: {{^}}STATUS: exit 1{{$}}

// KEVERY-NOT: {{.}}
// KEVERY: {{^}}ksan: bad value for option 'kfence_sample_every': '-1' (accepted: 0 (off) to 4294967295){{$}}
// KEVERY-NEXT: {{^}}STATUS: exit 1{{$}}

// HALTNEG-NOT: {{.}}
// HALTNEG: {{^}}ksan: bad value for option 'halt_on_error': '-1' (accepted: 0, 1, true, false, yes or no){{$}}
// HALTNEG-NEXT: {{^}}STATUS: exit 1{{$}}

// MAX: {{^}}main ran{{$}}
// MAX-NEXT: {{^}}STATUS: exit 0{{$}}

// MIN: {{^}}main ran{{$}}
// MIN-NEXT: {{^}}STATUS: exit 0{{$}}
