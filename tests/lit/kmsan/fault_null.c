// A null-pointer write (*(int *)16 = 3) faults first on its KMSAN metadata (the instrumentation writes the shadow before the data): it is reported at the program's address as KASAN reports it (null-ptr-deref below the first page, else wild-memory-access; asan: SEGV on unknown address 0x10 with the zero-page hint), the program's own SIGSEGV handler gets si_addr 0x10, and a wild pointer that itself points into the metadata ranges keeps its own address.  One blank line before the frames.  A valid write is silent.  -O0 and -O2; the wild, null and metadata cases also with the call hint's PLT stubs in place (kmsan_call_hints=1: the wild case was once classified as a plain fault in about half the runs with them, docs/kmsan.md).
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 null 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: bash %S/../Inputs/status.sh %t2 null 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t0 null 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t2 null 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %t2 null 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %t0 wild 2>&1 | FileCheck %s --check-prefix=WILD
// RUN: bash %S/../Inputs/status.sh %t2 wild 2>&1 | FileCheck %s --check-prefix=WILD
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t0 wild 2>&1 | FileCheck %s --check-prefix=WILD
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t2 wild 2>&1 | FileCheck %s --check-prefix=WILD
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t2 null 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t2 meta 2>&1 | FileCheck %s --check-prefix=META
// RUN: bash %S/../Inputs/status.sh %t0 meta 2>&1 | FileCheck %s --check-prefix=META
// RUN: bash %S/../Inputs/status.sh %t2 meta 2>&1 | FileCheck %s --check-prefix=META
// RUN: bash %S/../Inputs/status.sh %t0 handler 2>&1 | FileCheck %s --check-prefix=HANDLER --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 handler 2>&1 | FileCheck %s --check-prefix=HANDLER --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static sigjmp_buf env;
static int target;

__attribute__((noinline)) static void poke(uintptr_t a)
{
	*(int *)a = 3;
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	printf("handler: si_addr %p\n", si->si_addr);
	siglongjmp(env, 1);
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "ok";

	if (!strcmp(m, "null")) {
		*(volatile int *)16 = 3;
	} else if (!strcmp(m, "wild")) {
		poke(0x700000001000);	/* app-3, nothing mapped */
	} else if (!strcmp(m, "meta")) {
		poke(0x123456789010);	/* the shadow of 0x523456789010 */
	} else if (!strcmp(m, "handler")) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_segv;
		sa.sa_flags = SA_SIGINFO;
		sigaction(SIGSEGV, &sa, 0);
		if (!sigsetjmp(env, 1))
			*(volatile int *)16 = 3;
		printf("back\n");
	} else {
		poke((uintptr_t)&target);
	}
	printf("done %d\n", target);
	return 0;
}
// NULL: {{^}}BUG: KMSAN: null-ptr-deref in main+0x
// NULL-NEXT: {{^}}Write of size 4 at addr 0000000000000010 by task
// NULL-NEXT: {{^}}(found at its KMSAN metadata 0x500000000010, where nothing is mapped){{$}}
// NULL-EMPTY:
// NULL-NEXT: {{^}} main+0x{{.*}}fault_null.c:
// NULL-NOT: done
// NULL: STATUS: exit 1
// ASAN: {{^}}==[[#]]==ERROR: MemorySanitizer: SEGV on unknown address 0x10 (pc 0x
// ASAN-NEXT: {{^}}==[[#]]==The signal is caused by a WRITE memory access.
// ASAN-NEXT: {{^}}==[[#]]==Hint: address points to the zero page.
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in main {{.*}}fault_null.c:
// ASAN: {{^}}SUMMARY: MemorySanitizer: SEGV in main
// ASAN: STATUS: exit 1
// JSON: {"detector":"KMSAN","type":"null-ptr-deref","asan_type":"SEGV","access":"write","address":"0x10",
// JSON: STATUS: exit 1
// WILD: {{^}}BUG: KMSAN: wild-memory-access in poke+0x
// WILD-NEXT: {{^}}Write of size 4 at addr 0000700000001000 by task
// WILD-NEXT: {{^}}(found at its KMSAN metadata 0x200000001000, where nothing is mapped){{$}}
// WILD-EMPTY:
// WILD-NEXT: {{^}} poke+0x
// WILD: STATUS: exit 1
// META: {{^}}BUG: KMSAN: wild-memory-access in poke+0x
// META-NEXT: {{^}}Write of size 4 at addr 0000123456789010 by task
// META-NEXT: {{^}}(the KMSAN metadata of 0x523456789010, where nothing is mapped){{$}}
// META-EMPTY:
// META-NEXT: {{^}} poke+0x
// META: STATUS: exit 1
// HANDLER: {{^}}handler: si_addr 0x10{{$}}
// HANDLER-NEXT: {{^}}back{{$}}
// HANDLER-NEXT: {{^}}done 0{{$}}
// HANDLER-NEXT: STATUS: exit 0
// OK: {{^}}done 3{{$}}
// OK-NEXT: STATUS: exit 0
