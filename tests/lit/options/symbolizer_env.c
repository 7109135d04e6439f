// Issue 25: a test harness puts an instrumented shared library on LD_LIBRARY_PATH; the symbolizer is a program that loads a library of that name (llvm-symbolizer loads libLLVM), so with the harness's environment it would load the instrumented one, whose check stops it.  The runtime starts the symbolizer with no LD_* variable: it runs (it leaves a file), and the report keeps file:line.  A symbolizer that dies gives way to addr2line (file:line again); when addr2line dies too, one line says that frames have no file:line from now on, once.
// UNSUPPORTED: aarch64
// RUN: rm -rf %t.dir && mkdir -p %t.dir/ksan %t.dir/plain %t.dir/bin
// RUN: %ksan_cc -O1 -fPIC -shared -DDEP %s -o %t.dir/ksan/libdep.so
// RUN: %cc -O1 -fPIC -shared -DDEP %s -o %t.dir/plain/libdep.so
// RUN: %cc -O1 -DWRAPPER %s -o %t.dir/bin/llvm-symbolizer -L%t.dir/plain -ldep -Wl,--enable-new-dtags,-rpath,%t.dir/plain
// RUN: %ksan_cc -g -O0 %s -o %t -L%t.dir/ksan -ldep
// RUN: ln -s /bin/false %t.dir/bin/addr2line
// RUN: env LD_LIBRARY_PATH=%t.dir/ksan KSAN_SYMBOLIZER_PATH=%t.dir/bin/llvm-symbolizer ANSWERED=%t.dir/answered bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=ksan:
// RUN: ls %t.dir/answered
// RUN: env LD_LIBRARY_PATH=%t.dir/ksan KSAN_SYMBOLIZER_PATH=/bin/false bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=ksan:
// RUN: env LD_LIBRARY_PATH=%t.dir/ksan KSAN_SYMBOLIZER_PATH=%t.dir/bin/addr2line bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=LOST
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int dep(int x);

#if defined(DEP)
int dep_table[4];	/* instrumented: a checked load, a registered global */

int dep(int x)
{
	return dep_table[x & 3] + x + 1;
}
#elif defined(WRAPPER)
/* the symbolizer: needs libdep.so, then is llvm-symbolizer */
int main(int argc, char **argv)
{
	(void)argc;
	if (dep(1) != 2)
		return 1;
	/* it started: the file:line come from it, not from addr2line */
	if (getenv("ANSWERED"))
		fclose(fopen(getenv("ANSWERED"), "w"));
	argv[0] = "llvm-symbolizer";
	execvp("llvm-symbolizer", argv);
	execv("/usr/lib/llvm-14/bin/llvm-symbolizer", argv);
	return 1;
}
#else
char *volatile sink;

int main(void)
{
	char *p = sink = malloc(dep(9));

	return p[10];
}
#endif

// CHECK: BUG: KASAN: slab-out-of-bounds in main
// CHECK: Call Trace:
// CHECK-NEXT: main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}symbolizer_env.c:48
// CHECK: Allocated by task
// CHECK: main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}symbolizer_env.c:46
// CHECK: STATUS: exit 1

// LOST: ksan: symbolizer: addr2line stopped answering for {{.*}}; frames have no file:line from now on
// LOST-NOT: stopped answering
// LOST: BUG: KASAN: slab-out-of-bounds in main
// LOST: Call Trace:
// LOST-NEXT: main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} ({{.*}})
// LOST: STATUS: exit 1
