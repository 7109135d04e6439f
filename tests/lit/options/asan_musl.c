// With musl (the pass's ksan-cc and mode, --ksan-cc=musl-gcc; dynamic and static), where the runtime starts from the executable's first constructor instead of .preinit_array: the hooks and ASAN_OPTIONS are read as with glibc.  __asan_default_options' halt_on_error=0 gives two reports, ASAN_OPTIONS' halt_on_error=1 one, __ksan_default_options' exitcode=6 is the status, the lenient texts' unknown keys are listed at verbosity=1.
// REQUIRES: musl-runtime, gcc
// RUN: %ksan_cc --ksan-cc=musl-gcc -O1 %s -o %t
// RUN: %ksan_cc --ksan-cc=musl-gcc -O1 -static %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t.static 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env ASAN_OPTIONS=halt_on_error=1:verbosity=1:asan_env_key=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT
// RUN: env ASAN_OPTIONS=halt_on_error=1:verbosity=1:asan_env_key=0 bash %S/../Inputs/status.sh %run %t.static 2>&1 | FileCheck %s --check-prefix=HALT
#include <stdio.h>
#include <stdlib.h>

const char *__asan_default_options(void)
{
	return "halt_on_error=0:asan_hook_key=1";
}

const char *__ksan_default_options(void)
{
	return "exitcode=6";
}

char *volatile sink;

__attribute__((noinline)) void poke(char *p, int i)
{
	p[i] = 1;
}

int main(void)
{
	char *p = sink = malloc(16);

	setvbuf(stdout, NULL, _IONBF, 0);
	poke(p, 16);
	free(p);
	poke(p, 0);
	printf("went on\n");
	return 0;
}

// GOON: {{^}}BUG: KASAN: slab-out-of-bounds in poke
// GOON: {{^}}BUG: KASAN: slab-use-after-free in poke
// GOON: {{^}}went on{{$}}
// GOON-NEXT: {{^}}STATUS: exit 0{{$}}

// HALT-NOT: {{.}}
// HALT: {{^}}ksan: __asan_default_options: not implemented, ignored: asan_hook_key{{$}}
// HALT-NEXT: {{^}}ksan: ASAN_OPTIONS: not implemented, ignored: asan_env_key{{$}}
// HALT-NEXT: {{^}}ksan: initialised
// HALT: {{^}}BUG: KASAN: slab-out-of-bounds in poke
// HALT-NOT: went on
// HALT: {{^}}STATUS: exit 6{{$}}
