// A fault through a non-canonical pointer (general protection: the kernel gives no address) never says "addr 0x0": the address is computed from the faulting instruction (base + index*scale + disp, in code the compiler did not instrument), and an instruction with no memory operand (a jump to a non-canonical address) is called a non-canonical address; in JSON such a fault has no "address" (as the text layouts print none); the correct twin is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t load 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: bash %S/../Inputs/status.sh %run %t store 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: bash %S/../Inputs/status.sh %run %t copy 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: bash %S/../Inputs/status.sh %run %t jump 2>&1 | FileCheck %s --check-prefix=JUMP
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t load 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t jump 2>&1 | FileCheck %s --check-prefix=ASANJ
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t load 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t jump 2>&1 | FileCheck %s --check-prefix=JSONJ
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t jump 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSONJ-SCHEMA
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* uninstrumented loads and stores, as in a library built without ksan */
__attribute__((noinline)) long load(const long *base, long i)
{
	long v;

	__asm__ volatile("movq 0x18(%1,%2,8), %0" : "=r"(v) : "r"(base), "r"(i) : "memory");
	return v;
}

__attribute__((noinline)) void store(long *base, long v)
{
	__asm__ volatile("movq %1, -0x10(%0)" : : "r"(base), "r"(v) : "memory");
}

__attribute__((no_sanitize_address, noinline)) void copy(char *d, const char *s, unsigned long n)
{
	__asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

__attribute__((noinline)) void jump(uintptr_t to)
{
	__asm__ volatile("jmp *%0" : : "r"(to));
}

int main(int argc, char **argv)
{
	volatile uintptr_t bad = 0x4141414141414141ull;
	long arr[8] = { 0 };
	char buf[16];

	if (!strcmp(argv[1], "load"))
		printf("%ld\n", load((const long *)bad, 2));
	if (!strcmp(argv[1], "store"))
		store((long *)bad, 1);
	if (!strcmp(argv[1], "copy"))
		copy(buf, (const char *)bad, 8);
	if (!strcmp(argv[1], "jump"))
		jump(bad);
	if (!strcmp(argv[1], "ok")) {
		store(arr + 4, 5);
		copy(buf, "abcdefg", 8);
		printf("ok %ld %s\n", load(arr, 0) + arr[2], buf);
	}
	return 0;
}

// LOAD: {{^}}BUG: KASAN: wild-memory-access in load+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// LOAD-NEXT: {{^}}Read of size 8 at addr 4141414141414169 by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// LOAD: STATUS: exit 1{{$}}
// STORE: {{^}}BUG: KASAN: wild-memory-access in store+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// STORE-NEXT: {{^}}Write of size 8 at addr 4141414141414131 by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// STORE: STATUS: exit 1{{$}}
// COPY: {{^}}BUG: KASAN: wild-memory-access in copy+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// COPY-NEXT: {{^}}Read of size 1 at addr 4141414141414141 by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// COPY: STATUS: exit 1{{$}}
// JUMP: {{^}}general protection fault: 0000 [#1] KASAN{{$}}
// JUMP-NEXT: {{^}}KASAN: wild-memory-access in jump+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}, address unknown{{$}}
// JUMP-NEXT: {{^}}{{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} Comm: {{.+}}{{$}}
// JUMP-NEXT: {{^}}RIP: 0033:jump+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// JUMP: STATUS: exit 1{{$}}
// LOAD-NOT: addr 0x0{{$}}
// JUMP-NOT: addr 0x0

// ASAN: ERROR: AddressSanitizer: SEGV on unknown address 0x4141414141414169 (pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T0){{$}}
// ASAN-NEXT: The signal is caused by a READ memory access.
// ASAN-NEXT: Hint: this fault was caused by a dereference of a high value address (see register values below).  Disassemble the provided pc to learn which register was used.
// ASAN: STATUS: exit 1{{$}}
// ASANJ: ERROR: AddressSanitizer: SEGV on unknown address (pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T0){{$}}
// ASANJ: STATUS: exit 1{{$}}

// JSON: {{^}}{"detector":"KASAN","type":"wild-memory-access","asan_type":"SEGV on unknown address","access":"read","address":"0x4141414141414169","size":8,"pc":"0x{{[0-9a-f]+}}",{{.*}}}{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}
// JSONJ: {{^}}{"detector":"KASAN","type":"wild-memory-access","asan_type":"SEGV on unknown address","access":"read","size":0,"pc":"0x{{[0-9a-f]+}}",{{.*}}}{{$}}
// JSONJ-NEXT: STATUS: exit 1{{$}}
// JSONJ-SCHEMA: {{^}}report type=wild-memory-access asan_type=SEGV on unknown address access=read size=0 top=jump{{$}}
// JSONJ-SCHEMA-NEXT: STATUS: exit 1{{$}}
// JSONJ-SCHEMA-NEXT: 1 json reports

// OK: ok 5 abcdefg
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: non-canonical addresses (x86-64's general-protection fault, which gives no address) and x86 assembly; aarch64 has top-byte-ignore and 48-bit addresses instead.
// UNSUPPORTED: aarch64
