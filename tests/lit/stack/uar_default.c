// Stack-use-after-return without a special build, as GCC's own ASan tests it (its c-c++-common/asan/use-after-return-1.c, and compiler-rt's variants of it: a bigger frame, another thread, a small stack): plain ksan-cc with GCC instruments for it, detect_stack_use_after_return=1 at run time (KSAN_OPTIONS, or ASAN_OPTIONS as the GCC test sets it) reports a write through a pointer to a dead frame's local, naming the frame and the variable (asan layout: ASan's lines, WRITE of size 1 in thread T0 or T1, offset 32 of 'local'); off by default and with =0 the same binary is silent; a 10000-byte frame under a 65 KiB stack limit is caught too (the fake frames are not on the thread's stack).  --ksan-no-uar builds nothing for it.  clang 14 cannot instrument for it in kernel mode: a clang build stays silent either way.
// RUN: %ksan_cc -O2 %s -o %t -pthread
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=detect_stack_use_after_return=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=detect_stack_use_after_return=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=%cc_family
// RUN: env ASAN_OPTIONS=detect_stack_use_after_return=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=%cc_family
// RUN: env KSAN_OPTIONS=detect_stack_use_after_return=1:report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=ASAN-%cc_family -DT=T0
// RUN: %ksan_cc -O2 -DUSE_THREAD %s -o %t.thread -pthread
// RUN: env ASAN_OPTIONS=detect_stack_use_after_return=1 KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t.thread 2>&1 | FileCheck %s --check-prefix=ASAN-%cc_family -DT=T1
// RUN: %ksan_cc -O2 -DLOCAL_SIZE=10000 %s -o %t.big -pthread
// RUN: env KSAN_OPTIONS=detect_stack_use_after_return=1 bash %S/../Inputs/status.sh bash -c 'ulimit -s 65 && exec "$@"' _ %run %t.big 2>&1 | FileCheck %s --check-prefix=%cc_family
// RUN: %ksan_cc --ksan-no-uar -O2 %s -o %t.nouar -pthread
// RUN: env KSAN_OPTIONS=detect_stack_use_after_return=1 bash %S/../Inputs/status.sh %run %t.nouar 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// (aarch64: gcc runs it under qemu-aarch64)
#include <pthread.h>
#include <stdio.h>

#ifndef LOCAL_SIZE
#define LOCAL_SIZE 1
#endif

/* the pointer leaves the frame through a call the compiler cannot see into */
__attribute__((noinline)) char *pass_on(char *x)
{
	fprintf(stderr, "pass_on %d\n", x != 0);
	return x;
}

__attribute__((noinline)) char *make_local(void)
{
	char local[LOCAL_SIZE];

	return pass_on(local);
}

__attribute__((noinline)) void write_through(char *x)
{
	fprintf(stderr, "write_through %d\n", x != 0);
	*x = 1;
}

static void *body(void *unused)
{
	write_through(make_local());
	return unused;
}

int main(void)
{
#ifdef USE_THREAD
	pthread_t t;

	pthread_create(&t, 0, body, 0);
	pthread_join(t, 0);
#else
	body(0);
#endif
	printf("done\n");
	return 0;
}

// OFF: {{^}}pass_on 1{{$}}
// OFF-NEXT: {{^}}write_through 1{{$}}
// OFF-NEXT: {{^}}done{{$}}
// OFF-NEXT: {{^}}STATUS: exit 0{{$}}

// gcc: {{^}}write_through 1{{$}}
// gcc-NEXT: {{^}}={{=+}}{{$}}
// gcc-NEXT: {{^}}BUG: KASAN: stack-use-after-return in write_through+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// gcc-NEXT: {{^}}Write of size 1 at addr {{[0-9a-f]+}} by task {{.*}}/{{[0-9]+}}{{$}}
// gcc: {{^}} write_through+0x{{.*}}uar_default.c:[[@LINE-32]]{{$}}
// gcc: {{^}}The buggy address belongs to stack of task {{.*}}/{{[0-9]+}}{{$}}
// gcc-NEXT: {{^}} and is located at offset {{32|48}} in frame:{{$}}
// gcc-NEXT: {{^}} make_local{{$}}
// gcc: {{^}} [{{32|48}}, {{[0-9]+}}) 'local' (line [[@LINE-44]]){{$}}
// gcc: {{^}}STATUS: exit 1{{$}}

// ASAN-gcc: {{^}}==[[#]]==ERROR: AddressSanitizer: stack-use-after-return on address 0x{{[0-9a-f]+}} at pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}}{{$}}
// ASAN-gcc-NEXT: {{^}}WRITE of size 1 at 0x{{[0-9a-f]+}} thread [[T]]{{( \(.*\))?$}}
// ASAN-gcc-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in write_through {{.*}}uar_default.c:[[@LINE-41]]
// ASAN-gcc: {{^}}Address 0x{{[0-9a-f]+}} is located in stack of thread [[T]]{{( \(.*\))?}} at offset 32 in frame{{$}}
// ASAN-gcc-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in make_local{{$}}
// ASAN-gcc: {{^}}    [32, 33) 'local' (line [[@LINE-52]]) <== Memory access at offset 32 is inside this variable{{$}}
// ASAN-gcc: {{^}}SUMMARY: AddressSanitizer: stack-use-after-return {{.*}}uar_default.c:[[@LINE-45]]{{.*}} in write_through{{$}}
// ASAN-gcc: {{^}}STATUS: exit 1{{$}}

// clang 14: no instrumentation for it in kernel-address mode, so nothing
// clang-NOT: KASAN
// clang: {{^}}done{{$}}
// clang-NEXT: {{^}}STATUS: exit 0{{$}}
// ASAN-clang-NOT: AddressSanitizer
// ASAN-clang: {{^}}done{{$}}
// ASAN-clang-NEXT: {{^}}STATUS: exit 0{{$}}
