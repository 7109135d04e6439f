// The forwarder of a register-passing outline check (clang's __asan_check_*) in a library whose runtime calls cannot be preempted keeps every register of the thunk contract (general, xmm and ymm), on its first call (lazy resolution, before or without the library's constructor resolving it) and afterwards.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// Lazy: the version script exports the forwarder the constructor tests for preemption, so it resolves nothing and the check's forwarder resolves on first use.
// RUN: %ksan_cc -O1 -fPIC -shared -fno-sanitize=all -Wl,--version-script=%S/Inputs/libregs-lazy.map %S/Inputs/libregs.c %S/Inputs/regs.S -o %t.dir/libregs-lazy.so
// RUN: %ksan_cc -O1 -fPIC -shared -fno-sanitize=all -Wl,--version-script=%S/Inputs/libregs.map %S/Inputs/libregs.c %S/Inputs/regs.S -o %t.dir/libregs.so
// RUN: nm %t.dir/libregs-lazy.so | FileCheck %s --check-prefix=LOCAL
// RUN: nm %t.dir/libregs.so | FileCheck %s --check-prefix=LOCAL
// RUN: %ksan_cc -O1 %s -o %t.dir/regs -ldl
// RUN: bash %S/../Inputs/status.sh %run %t.dir/regs %t.dir/libregs-lazy.so 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t.dir/regs %t.dir/libregs.so 2>&1 | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	void *h = dlopen(argv[1], RTLD_NOW);
	int (*regs)(void);

	(void)argc;
	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 2;
	}
	regs = (int (*)(void))dlsym(h, "api_regs");
	return regs();
}

// LOCAL: {{^}}{{[0-9a-f]+}} t __asan_check_load_add_4_RDI{{$}}

// CHECK-NOT: changed
// CHECK: {{^}}registers checked: general, {{[xy]}}mm{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
// Not on aarch64: the register-passing outline checks (clang's __asan_check_*) and their thunk contract are x86-64's; regs.S is x86 assembly.
// UNSUPPORTED: aarch64
