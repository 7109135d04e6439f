// ksan-cc compile-only (-c) then a separate link, a one-shot compile+link of two files, and -MMD/-MF dependency output; each binary reports the bug in the other translation unit.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -c %s -o %t.dir/main.o -MMD -MF %t.dir/main.d
// RUN: %ksan_cc -O1 -c %S/Inputs/helper.c -o %t.dir/helper.o
// RUN: %ksan_cc %t.dir/main.o %t.dir/helper.o -o %t.dir/two-step
// RUN: FileCheck %s --check-prefix=DEP < %t.dir/main.d
// RUN: bash %S/../Inputs/status.sh %run %t.dir/two-step 2>&1 | FileCheck %s
// RUN: %ksan_cc -O1 %s %S/Inputs/helper.c -o %t.dir/one-shot
// RUN: bash %S/../Inputs/status.sh %run %t.dir/one-shot 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

char *make_name(const char *first, const char *last);

int main(void)
{
	char *s = make_name("Ada", "Lovelace");

	printf("%s\n", s);
	free(s);
	return 0;
}

// DEP: main.o:
// DEP: separate_compile.c

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in make_name+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: Write of size 1 at addr
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} make_name+0x{{.*}}helper.c:16{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}separate_compile.c:17{{$}}
// CHECK: 12-byte region
// CHECK: STATUS: exit 1{{$}}
