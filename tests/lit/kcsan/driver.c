// ksan-cc's interface for KCSAN: kcsan with kasan or kmsan (in --ksan= or through -fsanitize=kernel-address) is refused with one clear line and status 2; -fsanitize=thread on a ksan-cc command line (no --ksan=) selects kcsan, and the program's race is a KCSAN report; the executables of both spellings carry ksan's __tsan_* entry points and never the compiler's ThreadSanitizer runtime (no libtsan in ldd, no __tsan:: C++ symbols in nm).
// RUN: not %ksan_cc --ksan=kcsan,kasan -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=KASAN
// RUN: not %ksan_cc --ksan=kasan,kcsan -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=KASAN
// RUN: not %ksan_cc -fsanitize=kernel-address -fsanitize=thread -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=KASAN
// RUN: not %ksan_cc --ksan=kcsan,kmsan -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=KMSAN
// RUN: %ksan_cc -fsanitize=thread -g -O1 %s -o %t.tsan -pthread
// RUN: %kcsan_cc -g -O1 %s -o %t.kcsan -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t.tsan 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t.kcsan 2>&1 | FileCheck %s
// RUN: ldd %t.tsan | FileCheck %s --check-prefix=LDD --implicit-check-not=tsan
// RUN: ldd %t.kcsan | FileCheck %s --check-prefix=LDD --implicit-check-not=tsan
// RUN: nm %t.tsan | FileCheck %s --check-prefix=NM --implicit-check-not=_ZN6__tsan --implicit-check-not=__sanitizer
// RUN: nm %t.kcsan | FileCheck %s --check-prefix=NM --implicit-check-not=_ZN6__tsan --implicit-check-not=__sanitizer
#include "Inputs/race.h"

int x;
volatile int sink;

kc_noinline void reader(long i) { sink = x; }
kc_noinline void writer(long i) { x = (int)i; }

int main(void)
{
	kc_setup();
	kc_race(reader, writer, 4000, 1);
	printf("done\n");
	return 0;
}

// KASAN-NOT: {{.}}
// KASAN: {{^}}ksan-cc: kasan and kcsan exclude each other {{.*}}pick one{{$}}
// KASAN-NOT: {{.}}

// KMSAN-NOT: {{.}}
// KMSAN: {{^}}ksan-cc: kmsan and kcsan exclude each other {{.*}}pick one{{$}}
// KMSAN-NOT: {{.}}

// CHECK: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// LDD: libc.so

// NM-DAG: {{^[0-9a-f]+}} T __tsan_read4{{$}}
// NM-DAG: {{^[0-9a-f]+}} T __tsan_write4{{$}}
// NM-DAG: {{^[0-9a-f]+}} T ksan_report_count{{$}}
