// The rules syzkaller and ClusterFuzz read KFENCE's reports by (docs/report-format.md, "Read by"), in both KFENCE builds (LD_PRELOAD into an uninstrumented program, and ksan-cc --ksan=kasan,kfence).  Kernel layout: the title's function as fn+0x../0x..; a fault's report (out-of-bounds, use-after-free) ends with a "Call Trace:" block whose first line is a frame (syzkaller marks a fault report without one corrupted, "no stack trace in report"); a corruption found at free keeps the kernel's layout with no Call Trace.  Asan layout: a bad free in ASan's words ("attempting double-free on 0x...", "attempting free on address which was not malloc()-ed: 0x...": ClusterFuzz's Heap-double-free and Invalid-free); the access line has ASan's size ("READ of size 4"), which ClusterFuzz's crash type carries ("Heap-buffer-overflow\nREAD 4"); a corruption found at free is a WRITE of the changed bytes.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: %ksan_cc --ksan=kasan,kfence -g -O0 %s -o %t.k
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t oob 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: env KSAN_OPTIONS=kfence_sample_every=1:detect_leaks=0 %run %t.k oob 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: env KSAN_OPTIONS=kfence_sample_every=1:detect_leaks=0 %run %t.k uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t corrupt 2>&1 | FileCheck %s --check-prefix=CORRUPT --implicit-check-not='Call Trace'
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=asan %run %t oob 2>&1 | FileCheck %s --check-prefix=ASAN-OOB
// RUN: env KSAN_OPTIONS=kfence_sample_every=1:detect_leaks=0:report_format=asan %run %t.k oob 2>&1 | FileCheck %s --check-prefix=ASAN-OOB
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=asan %run %t uaf 2>&1 | FileCheck %s --check-prefix=ASAN-UAF
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=asan %run %t corrupt 2>&1 | FileCheck %s --check-prefix=ASAN-CORRUPT
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=asan %run %t dfree 2>&1 | FileCheck %s --check-prefix=ASAN-DFREE
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=asan %run %t ifree 2>&1 | FileCheck %s --check-prefix=ASAN-IFREE
#include <stdio.h>
#include <string.h>
#include "Inputs/kfence.h"

__attribute__((noinline)) int parse(const char *how)
{
	volatile char *p = kfence_object(20, 1);
	volatile char *l = kfence_object(20, 0);
	int v = 0;

	if (!strcmp(how, "oob"))
		v = *(volatile int *)(p + 20);	/* L:oob */
	if (!strcmp(how, "uaf")) {
		free((void *)p);
		p[3] = 7;			/* L:uaf */
	}
	if (!strcmp(how, "corrupt")) {
		l[21] = 0x42;			/* a canary byte: seen at free */
		free((void *)l);		/* L:free */
	}
	if (!strcmp(how, "dfree")) {
		free((void *)p);
		free((void *)p);
	}
	if (!strcmp(how, "ifree"))
		free((void *)(p + 1));
	return v;
}

int main(int argc, char **argv)
{
	printf("%d\n", parse(argv[1]));
	return 0;
}

// OOB: {{^}}BUG: KFENCE: out-of-bounds read in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// OOB: {{^}}Out-of-bounds read at 0x{{[0-9a-f]+}} (1B right of kfence-#{{[0-9]+}}):{{$}}
// OOB-NEXT: {{^}} parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read_by.c:27{{$}}
// OOB: {{^}}Call Trace:{{$}}
// OOB-NEXT: {{^}} parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read_by.c:27{{$}}
// OOB-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read_by.c:{{[0-9]+}}{{$}}
// OOB: {{^}}=================================================================={{$}}

// UAF: {{^}}BUG: KFENCE: use-after-free write in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// UAF: {{^}}freed by task {{[0-9]+}}:{{$}}
// UAF: {{^}}Call Trace:{{$}}
// UAF-NEXT: {{^}} parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read_by.c:30{{$}}

// CORRUPT: {{^}}BUG: KFENCE: memory corruption in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CORRUPT: {{^}}Corrupted memory at 0x{{[0-9a-f]+}} [ 0x42 . . .{{.*}}] (in kfence-#{{[0-9]+}}):{{$}}

// ASAN-OOB: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x{{[0-9a-f]+}} at pc 0x{{[0-9a-f]+}} (KFENCE){{$}}
// ASAN-OOB-NEXT: {{^}}READ of size 4 at 0x{{[0-9a-f]+}} thread T0{{$}}
// ASAN-OOB-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in parse {{.*}}read_by.c:27{{.*$}}

// ASAN-UAF: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: heap-use-after-free on address 0x{{[0-9a-f]+}} at pc 0x{{[0-9a-f]+}} (KFENCE){{$}}
// ASAN-UAF-NEXT: {{^}}WRITE of size 1 at 0x{{[0-9a-f]+}} thread T0{{$}}
// ASAN-UAF-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in parse {{.*}}read_by.c:30{{.*$}}

// ASAN-CORRUPT: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x[[A:[0-9a-f]+]] at pc 0x{{[0-9a-f]+}} (KFENCE){{$}}
// ASAN-CORRUPT-NEXT: {{^}}WRITE of size 1 at 0x[[A]] thread T0{{$}}
// ASAN-CORRUPT-NEXT: {{^}}Corrupted memory at 0x[[A]] [ 0x42 ] found at free of 0x{{[0-9a-f]+}} by thread T0 (the write's own stack is not known):{{$}}
// ASAN-CORRUPT-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in free{{$}}
// ASAN-CORRUPT-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in parse {{.*}}read_by.c:34{{.*$}}

// ASAN-DFREE: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: attempting double-free on 0x[[A:[0-9a-f]+]] in thread T0: (KFENCE){{$}}
// ASAN-DFREE-NEXT: {{^}}Free of 0x[[A]] by thread T0:{{$}}
// ASAN-DFREE-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in free{{$}}

// ASAN-IFREE: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: attempting free on address which was not malloc()-ed: 0x[[A:[0-9a-f]+]] in thread T0: (KFENCE){{$}}
// ASAN-IFREE-NEXT: {{^}}Free of 0x[[A]] by thread T0:{{$}}

// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64; and the access sizes come from the x86-64 decoder.
// UNSUPPORTED: aarch64
