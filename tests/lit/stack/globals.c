// Global red zones: extern and static arrays of several sizes and a global of a dlopen'ed library; reports name the variable, its size and where it is defined; in-bounds twins are silent; dlclose leaves no poison behind.
// RUN: %ksan_cc -shared -fPIC -O1 %S/Inputs/libglob.c -o %t.so
// RUN: %ksan_cc -O1 %s -o %t -ldl
// RUN: bash %S/../Inputs/status.sh %run %t ext 13 %t.so 2>&1 | FileCheck %s --check-prefixes=CHECK,EXT
// RUN: bash %S/../Inputs/status.sh %run %t stat 40 %t.so 2>&1 | FileCheck %s --check-prefixes=CHECK,STAT
// RUN: bash %S/../Inputs/status.sh %run %t lib 24 %t.so 2>&1 | FileCheck %s --check-prefixes=CHECK,LIB
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t ext 13 %t.so 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: bash %S/../Inputs/status.sh %run %t ok 0 %t.so 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char ext_name[13];
static int stat_vals[10];
long big_table[100];

__attribute__((noinline)) int peek(volatile char *p, int i)
{
	return p[i];
}

int main(int argc, char **argv)
{
	int i = atoi(argv[2]), r = 0, k;
	void *h = dlopen(argv[3], RTLD_NOW);
	int (*lib_read)(int);

	if (!h)
		return 2;
	lib_read = (int (*)(int))dlsym(h, "lib_read");
	stat_vals[3] = 1;
	if (!strcmp(argv[1], "ext"))
		r = peek(ext_name, i);
	else if (!strcmp(argv[1], "stat"))
		r = peek((char *)stat_vals, i);
	else if (!strcmp(argv[1], "lib"))
		r = lib_read(i);
	else {
		r = peek(ext_name, 12) + peek((char *)stat_vals, 39) + lib_read(23) +
		    peek((char *)big_table, 799);
		/* unload and load again: the old red zones must be gone */
		for (k = 0; k < 3; k++) {
			dlclose(h);
			h = dlopen(argv[3], RTLD_NOW);
			lib_read = (int (*)(int))dlsym(h, "lib_read");
			r += lib_read(0) + lib_read(23);
		}
	}
	printf("%d\n", r);
	return 0;
}

// CHECK: BUG: KASAN: global-out-of-bounds in
// CHECK: The buggy address belongs to the variable:
// EXT-NEXT: {{^}} ext_name of size 13 defined in {{.*}}globals.c:
// STAT-NEXT: {{^}} stat_vals of size 40 defined in {{.*}}globals.c:
// LIB-NEXT: {{^}} lib_table of size 24 defined in {{.*}}libglob.c:
// CHECK-NEXT: The buggy address is located 0 bytes to the right of
// CHECK: STATUS: exit 1{{$}}
// ASAN: ERROR: AddressSanitizer: global-buffer-overflow on address
// ASAN: is located 0 bytes to the right of global variable 'ext_name' defined in '{{.*}}globals.c:{{[0-9]+}}:{{[0-9]+}}' (0x{{[0-9a-f]+}}) of size 13
// ASAN: SUMMARY: AddressSanitizer: global-buffer-overflow
// OK: STATUS: exit 0{{$}}
