// The runtimes without generic KASAN's heap look for no leaks: under KCSAN, KMSAN and the KFENCE preload ksan_leak_check() returns -1, the LeakSanitizer calls do nothing and a leaking program exits 0 without a word (tag-based KASAN's archive, aarch64, has the same weak definitions).  --ksan=kfence and --ksan=ubsan link KASAN's runtime (its heap, without instrumentation): there the leak check is off by default, as GWP-ASan and UBSan have none (issue 25: production programs leak at exit on purpose), ksan_leak_check() returns 0 and the program exits with its own status; detect_leaks=1 (KSAN_OPTIONS or LSAN_OPTIONS) finds the leaks; generic KASAN finds them by default (with ubsan too), as ASan does.
// RUN: %kcsan_cc -O1 -g %s -o %t.kcsan
// RUN: bash %S/../Inputs/status.sh %run %t.kcsan 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not=leak --implicit-check-not=BUG
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -g %s -o %t.kmsan
// RUN: bash %S/../Inputs/status.sh %run %t.kmsan 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not=leak --implicit-check-not=BUG
// RUN: %cc -O1 -D__KSAN__=1 -I%root/include %s -o %t.preload %build/lib/libksan-kfence.so -Wl,-rpath,%build/lib
// RUN: bash %S/../Inputs/status.sh %run %t.preload 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not=leak --implicit-check-not=BUG
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=kfence -O1 -g %s -o %t.kfence
// RUN: bash %S/../Inputs/status.sh %run %t.kfence 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=detect_leaks=1 bash %S/../Inputs/status.sh %run %t.kfence 2>&1 | FileCheck %s --check-prefix=FOUND
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=ubsan -O1 -g %s -o %t.ubsan
// RUN: bash %S/../Inputs/status.sh %run %t.ubsan 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env LSAN_OPTIONS=detect_leaks=true bash %S/../Inputs/status.sh %run %t.ubsan 2>&1 | FileCheck %s --check-prefix=FOUND
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=kfence,ubsan -O1 -g %s -o %t.kfence_ubsan
// RUN: bash %S/../Inputs/status.sh %run %t.kfence_ubsan 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=kasan,ubsan -O1 -g %s -o %t.kasan_ubsan
// RUN: bash %S/../Inputs/status.sh %run %t.kasan_ubsan 2>&1 | FileCheck %s --check-prefix=FOUND
// RUN: env KSAN_OPTIONS=detect_leaks=0 bash %S/../Inputs/status.sh %run %t.kasan_ubsan 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/Inputs/tags_noops.sh %build/lib/aarch64/libksan-tags.a | FileCheck %s --check-prefix=TAGS
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <ksan/ksan.h>
#include "Inputs/leak.h"

__attribute__((noinline)) void leaks(const char *how)
{
	keep(malloc(48));
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(leaks, "");
	__lsan_disable();
	__lsan_enable();
	__lsan_ignore_object(0);
	printf("ksan_leak_check: %d\n", ksan_leak_check());
	printf("recoverable: %d\n", __lsan_do_recoverable_leak_check());
	__lsan_do_leak_check();
	printf("done\n");
	return 0;
}

// NOOP: {{^}}ksan_leak_check: -1{{$}}
// NOOP-NEXT: {{^}}recoverable: 0{{$}}
// NOOP-NEXT: {{^}}done{{$}}
// NOOP-NEXT: {{^}}STATUS: exit 0{{$}}

// OFF: {{^}}ksan_leak_check: 0{{$}}
// OFF-NEXT: {{^}}recoverable: 0{{$}}
// OFF-NEXT: {{^}}done{{$}}
// OFF-NEXT: {{^}}STATUS: exit 0{{$}}

// FOUND: {{^}}BUG: memory leak{{$}}
// FOUND: {{^}}ksan_leak_check: 1{{$}}
// FOUND: {{^}}recoverable: 1{{$}}
// FOUND: {{^}}BUG: memory leak{{$}}
// FOUND: {{^}}STATUS: exit 23{{$}}

// TAGS: {{^}}libksan-tags.a: {{(not built|6 weak leak definitions)$}}
