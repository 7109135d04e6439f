// The compiler-rt texts are lenient, KSAN_OPTIONS stays strict.  ASan keys ksan does not implement are ignored: silent at verbosity 0, listed once (a key given twice too) on one line per text at verbosity=1, wherever verbosity was set; so is a key of another tool (print_stacktrace is UBSan's), a ksan key (report_format) and a key without a value.  A bad value leaves the key as it was (exit status 1, not 5; the red zone, the quarantine) and a number outside ksan's range takes its nearest bound (malloc_context_size=0: 1, one frame): never an error.  The same keys in KSAN_OPTIONS stop the program.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: env ASAN_OPTIONS=fast_unwind_on_malloc=0:detect_odr_violation=0:fast_unwind_on_malloc=1:print_stacktrace=1:report_format=json bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=ksan:
// RUN: env ASAN_OPTIONS=verbosity=1:fast_unwind_on_malloc=0:detect_odr_violation=0:fast_unwind_on_malloc=1:print_stacktrace=1:report_format=json bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=LISTED
// RUN: env ASAN_OPTIONS=fast_unwind_on_malloc=0 KSAN_OPTIONS=verbosity=1 LSAN_OPTIONS=use_tls=0:max_leaks=3 UBSAN_OPTIONS=report_error_type=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=EACH
// RUN: env ASAN_OPTIONS=exitcode=5x:redzone=17:quarantine_size_mb=-1:halt_on_error=2 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=BADQUIET --implicit-check-not=ksan:
// RUN: env ASAN_OPTIONS=exitcode=5x:redzone=17:quarantine_size_mb=-1:halt_on_error:verbosity=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env "ASAN_OPTIONS=verbosity=1:malloc_context_size=0:exitcode='5" bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=CLAMP
// RUN: env KSAN_OPTIONS=fast_unwind_on_malloc=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: env ASAN_OPTIONS=halt_on_error=0 KSAN_OPTIONS=exitcode=5x bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=STRICTVAL
// RUN: env "KSAN_OPTIONS=log_path='/tmp/x" bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=QUOTE
#include <stdio.h>
#include <stdlib.h>

char *volatile sink;

__attribute__((noinline)) char *alloc(void)
{
	return sink = malloc(16);
}

int main(void)
{
	char *p = alloc();

	setvbuf(stdout, NULL, _IONBF, 0);
	printf("main ran\n");
	p[16] = 1;
	printf("went on\n");
	return 0;
}

// QUIET: {{^}}main ran{{$}}
// QUIET: {{^}}BUG: KASAN: slab-out-of-bounds in main
// QUIET: {{^}}STATUS: exit 1{{$}}

// LISTED-NOT: {{.}}
// LISTED: {{^}}ksan: ASAN_OPTIONS: not implemented, ignored: fast_unwind_on_malloc, detect_odr_violation, print_stacktrace, report_format{{$}}
// LISTED-NOT: not implemented
// LISTED: {{^}}ksan: initialised
// LISTED-NOT: not implemented
// LISTED: {{^}}BUG: KASAN: slab-out-of-bounds in main
// LISTED-NOT: not implemented
// LISTED: {{^}}STATUS: exit 1{{$}}

// EACH-DAG: {{^}}ksan: ASAN_OPTIONS: not implemented, ignored: fast_unwind_on_malloc{{$}}
// EACH-DAG: {{^}}ksan: LSAN_OPTIONS: not implemented, ignored: use_tls, max_leaks{{$}}
// EACH-DAG: {{^}}ksan: UBSAN_OPTIONS: not implemented, ignored: report_error_type{{$}}
// EACH: {{^}}ksan: initialised
// EACH: {{^}}STATUS: exit 1{{$}}

// BADQUIET: {{^}}main ran{{$}}
// BADQUIET-NEXT: {{^}}={{=+}}{{$}}
// BADQUIET-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main
// BADQUIET-NOT: went on
// BADQUIET: {{^}}STATUS: exit 1{{$}}

// BAD-DAG: {{^}}ksan: ASAN_OPTIONS: bad value for option 'exitcode': '5x' (accepted: a decimal integer from 0 to 255); ignored{{$}}
// BAD-DAG: {{^}}ksan: ASAN_OPTIONS: bad value for option 'redzone': '17' (accepted: a power of two from 16 to 2048); ignored{{$}}
// BAD-DAG: {{^}}ksan: ASAN_OPTIONS: bad value for option 'quarantine_size_mb': '-1' (accepted: 0 to 1048576); ignored{{$}}
// BAD-DAG: {{^}}ksan: ASAN_OPTIONS: option 'halt_on_error' has no value (expected key=value); ignored{{$}}
// BAD: {{^}}ksan: initialised
// BAD: {{^}}BUG: KASAN: slab-out-of-bounds in main
// BAD: {{^}}STATUS: exit 1{{$}}

// CLAMP: {{^}}ksan: ASAN_OPTIONS: malloc_context_size=0 is outside ksan's range (1 to 64): 1 used{{$}}
// CLAMP-NEXT: {{^}}ksan: ASAN_OPTIONS: option 'exitcode': the value's quote ' is not closed; ignored{{$}}
// CLAMP: {{^}}Allocated by task
// CLAMP-NEXT: {{^}} malloc
// CLAMP-NEXT: {{^}} alloc+0x
// CLAMP-NEXT: {{^$}}
// CLAMP: {{^}}STATUS: exit 1{{$}}

// STRICT-NOT: {{.}}
// STRICT: {{^}}ksan: unknown option 'fast_unwind_on_malloc' (KSAN_OPTIONS=help=1 lists them){{$}}
// STRICT-NEXT: {{^}}STATUS: exit 1{{$}}

// STRICTVAL-NOT: {{.}}
// STRICTVAL: {{^}}ksan: bad value for option 'exitcode': '5x' (accepted: a decimal integer from 0 to 255){{$}}
// STRICTVAL-NEXT: {{^}}STATUS: exit 1{{$}}

// QUOTE-NOT: {{.}}
// QUOTE: {{^}}ksan: option 'log_path': the value's quote ' is not closed{{$}}
// QUOTE-NEXT: {{^}}STATUS: exit 1{{$}}
