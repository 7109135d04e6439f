// Every runtime that parses options reads ASAN_OPTIONS, LSAN_OPTIONS, UBSAN_OPTIONS and the four hooks, in order: --ksan=kasan, ubsan and kfence (libksan.a), the KFENCE preload library (linked against it, and LD_PRELOADed into an executable that exports its hooks, -rdynamic), KMSAN and KCSAN.  The lenient texts' unknown keys are listed because __ksan_default_options (strict, read after them) sets verbosity=1 over __asan_default_options' verbosity=0; with -DBAD __ksan_default_options holds an unknown key and the program stops before main, naming the hook.
// RUN: %ksan_cc -O1 %s -o %t.kasan
// RUN: env ASAN_OPTIONS=asan_env_key=1 LSAN_OPTIONS=lsan_env_key=1 UBSAN_OPTIONS=ubsan_env_key=1 bash %S/../Inputs/status.sh %run %t.kasan 2>&1 | FileCheck %s
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=ubsan -O1 %s -o %t.ubsan
// RUN: env ASAN_OPTIONS=asan_env_key=1 LSAN_OPTIONS=lsan_env_key=1 UBSAN_OPTIONS=ubsan_env_key=1 bash %S/../Inputs/status.sh %run %t.ubsan 2>&1 | FileCheck %s
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=kfence -O1 %s -o %t.kfence
// RUN: env ASAN_OPTIONS=asan_env_key=1 LSAN_OPTIONS=lsan_env_key=1 UBSAN_OPTIONS=ubsan_env_key=1 bash %S/../Inputs/status.sh %run %t.kfence 2>&1 | FileCheck %s
// RUN: %cc -O1 %s -o %t.preload %build/lib/libksan-kfence.so -Wl,-rpath,%build/lib
// RUN: env ASAN_OPTIONS=asan_env_key=1 LSAN_OPTIONS=lsan_env_key=1 UBSAN_OPTIONS=ubsan_env_key=1 bash %S/../Inputs/status.sh %run %t.preload 2>&1 | FileCheck %s
// RUN: %cc -O1 -rdynamic %s -o %t.plain
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so ASAN_OPTIONS=asan_env_key=1 LSAN_OPTIONS=lsan_env_key=1 UBSAN_OPTIONS=ubsan_env_key=1 bash %S/../Inputs/status.sh %run %t.plain 2>&1 | FileCheck %s
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t.kmsan
// RUN: env ASAN_OPTIONS=asan_env_key=1 LSAN_OPTIONS=lsan_env_key=1 UBSAN_OPTIONS=ubsan_env_key=1 bash %S/../Inputs/status.sh %run %t.kmsan 2>&1 | FileCheck %s
// RUN: %kcsan_cc -O1 %s -o %t.kcsan
// RUN: env ASAN_OPTIONS=asan_env_key=1 LSAN_OPTIONS=lsan_env_key=1 UBSAN_OPTIONS=ubsan_env_key=1 bash %S/../Inputs/status.sh %run %t.kcsan 2>&1 | FileCheck %s
// RUN: %ksan_cc -O1 -DBAD %s -o %t.kasan-bad
// RUN: bash %S/../Inputs/status.sh %run %t.kasan-bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %cc -O1 -DBAD %s -o %t.preload-bad %build/lib/libksan-kfence.so -Wl,-rpath,%build/lib
// RUN: bash %S/../Inputs/status.sh %run %t.preload-bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -DBAD %s -o %t.kmsan-bad
// RUN: bash %S/../Inputs/status.sh %run %t.kmsan-bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %kcsan_cc -O1 -DBAD %s -o %t.kcsan-bad
// RUN: bash %S/../Inputs/status.sh %run %t.kcsan-bad 2>&1 | FileCheck %s --check-prefix=BAD
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <stdlib.h>

void *volatile sink;

const char *__asan_default_options(void)
{
	return "verbosity=0:asan_hook_key=1";
}

const char *__ubsan_default_options(void)
{
	return "ubsan_hook_key=1";
}

const char *__lsan_default_options(void)
{
	return "lsan_hook_key=1";
}

const char *__ksan_default_options(void)
{
#ifdef BAD
	return "verbosity=1:no_such_key=1";
#else
	return "verbosity=1";
#endif
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	printf("main ran\n");
	/* the preload library defines malloc: linked against it, the
	 * program needs it (--as-needed keeps it) and exports its hooks */
	free(sink = malloc(16));
	return 0;
}

// CHECK-NOT: {{.}}
// CHECK: {{^}}ksan: __asan_default_options: not implemented, ignored: asan_hook_key{{$}}
// CHECK-NEXT: {{^}}ksan: __ubsan_default_options: not implemented, ignored: ubsan_hook_key{{$}}
// CHECK-NEXT: {{^}}ksan: __lsan_default_options: not implemented, ignored: lsan_hook_key{{$}}
// CHECK-NEXT: {{^}}ksan: ASAN_OPTIONS: not implemented, ignored: asan_env_key{{$}}
// CHECK-NEXT: {{^}}ksan: LSAN_OPTIONS: not implemented, ignored: lsan_env_key{{$}}
// CHECK-NEXT: {{^}}ksan: UBSAN_OPTIONS: not implemented, ignored: ubsan_env_key{{$}}
// CHECK-NEXT: {{^}}ksan: {{.*}}initialised
// CHECK: {{^}}main ran{{$}}
// CHECK: {{^}}STATUS: exit 0{{$}}

// BAD-NOT: {{.}}
// BAD: {{^}}ksan: __ksan_default_options: unknown option 'no_such_key' (KSAN_OPTIONS=help=1 lists them){{$}}
// BAD-NEXT: {{^}}STATUS: exit 1{{$}}
