// KFENCE's crash signature: an out-of-bounds write, a use-after-free read and a double free in an uninstrumented program under the KFENCE preload, each with the kernel word, the access and the program's frames (the faulting function, not the preload library's free); the asan and json layouts carry the same signature.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t oob > %t.k 2>&1
// RUN: FileCheck %s --check-prefix=OOB < %t.k
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=asan %run %t oob > %t.a 2>&1
// RUN: FileCheck %s --check-prefix=ASAN < %t.a
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=json %run %t oob > %t.j 2>&1
// RUN: grep '^{' %t.j | python3 %S/../Inputs/check_json.py --signature | FileCheck %s --check-prefix=JSON
// RUN: python3 %S/../formats/Inputs/sigcmp.py kasan=%t.k asan=%t.a json=%t.j | FileCheck %s --check-prefix=SAME
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t double 2>&1 | FileCheck %s --check-prefix=DOUBLE
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=signature
#include <stdio.h>
#include <string.h>
#include "Inputs/kfence.h"

__attribute__((noinline)) void poke(volatile char *p, int i)
{
	p[i] = 1;
}

__attribute__((noinline)) int peek(volatile char *p, int i)
{
	return p[i];
}

__attribute__((noinline)) void release(char *p)
{
	free(p);
}

int main(int argc, char **argv)
{
	const char *m = argv[1];
	volatile char *r = kfence_object(32, 1);
	char *f = kfence_object(32, 0);
	int v = 0;

	if (!strcmp(m, "oob"))
		poke(r, 33);
	if (!strcmp(m, "uaf")) {
		free(f);
		v = peek(f, 4);
	}
	if (!strcmp(m, "double")) {
		release(f);
		release(f);
	}
	printf("went on %d\n", v + r[0]);
	return 0;
}

// OOB: {{^}}BUG: KFENCE: out-of-bounds write in poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// OOB: {{^}}Crash signature: {{([0-9a-f]{16})}} out-of-bounds Write | poke | main{{$}}
// OOB-NEXT: {{^}}={{=+}}{{$}}
// OOB-NEXT: {{^}}went on 0{{$}}

// ASAN: {{^}}SUMMARY: AddressSanitizer: heap-buffer-overflow (KFENCE){{$}}
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} out-of-bounds Write | poke | main{{$}}
// ASAN-NEXT: {{^}}={{=+}}{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}signature {{([0-9a-f]{16})}} out-of-bounds Write | poke | main{{$}}
// JSON-NEXT: {{^}}report type=out-of-bounds {{.*}}top=poke

// SAME: {{^}}signatures: same{{$}}
// SAME: {{^}}hash: ok{{$}}

// UAF: {{^}}BUG: KFENCE: use-after-free read in peek+
// UAF: {{^}}Crash signature: {{([0-9a-f]{16})}} use-after-free Read | peek | main{{$}}

// The preload library's free heads the stack; the signature starts at its caller.
// DOUBLE: {{^}}BUG: KFENCE: invalid free in release+
// DOUBLE: {{^}}Crash signature: {{([0-9a-f]{16})}} invalid free | release | main{{$}}

// OK: {{^}}went on 0{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
// Not on aarch64: the KFENCE preload library is not built for aarch64.
// UNSUPPORTED: aarch64
