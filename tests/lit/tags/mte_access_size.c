// MTE tag-check faults (--ksan=kasan-hw, qemu-aarch64's MTE): the report's
// access size and direction come from the faulting A64 instruction
// (src/port/linux/fault/insn_a64.c), one instruction class per case, written in
// assembly so both compilers run exactly it.  Each case accesses a 48-byte
// object at p + 48 (its slot's invalid tail granule) or, for "straddle",
// stores q0:q1 at p + 32 (the first 16 bytes are the object's): the report
// names the access's start and its whole size.  The twin, "ok", runs
// every case inside the object and stays silent.
// REQUIRES: aarch64
// RUN: %ksan_cc_plain --ksan=kasan-hw -g -O1 %s -o %t
// RUN: not %run %t ldrb 2>&1 | FileCheck %s --check-prefixes=CHECK,LDRB
// RUN: not %run %t strh 2>&1 | FileCheck %s --check-prefixes=CHECK,STRH
// RUN: not %run %t ldr_w_reg 2>&1 | FileCheck %s --check-prefixes=CHECK,LDRW
// RUN: not %run %t str_x_pre 2>&1 | FileCheck %s --check-prefixes=CHECK,STRX
// RUN: not %run %t str_q 2>&1 | FileCheck %s --check-prefixes=CHECK,STRQ
// RUN: not %run %t ldp_x 2>&1 | FileCheck %s --check-prefixes=CHECK,LDPX
// RUN: not %run %t st1_2 2>&1 | FileCheck %s --check-prefixes=CHECK,ST1
// RUN: not %run %t ldadd 2>&1 | FileCheck %s --check-prefixes=CHECK,LDADD
// RUN: not %run %t ldxr 2>&1 | FileCheck %s --check-prefixes=CHECK,LDXR
// RUN: not %run %t straddle 2>&1 | FileCheck %s --check-prefixes=STRADDLE
// RUN: %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=BUG:

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *volatile keep;

#define ASM(insn, ...) __asm__ volatile(".arch_extension lse\n\t" insn : : __VA_ARGS__ : "memory", "x9", "v0", "v1")

__attribute__((noinline)) static void access_at(const char *c, char *p)
{
	long idx = 12;	/* 12 * 4 = 48 */

	if (!strcmp(c, "ldrb"))
		ASM("ldrb w9, [%0]", "r"(p));
	else if (!strcmp(c, "strh"))
		ASM("strh wzr, [%0]", "r"(p));
	else if (!strcmp(c, "ldr_w_reg"))
		ASM("ldr w9, [%0, %1, lsl #2]", "r"(p - 48), "r"(idx));
	else if (!strcmp(c, "str_x_pre"))
		ASM("mov x9, %0\n\tstr xzr, [x9, #16]!", "r"(p - 16));
	else if (!strcmp(c, "str_q"))
		ASM("movi v0.16b, #1\n\tstr q0, [%0]", "r"(p));
	else if (!strcmp(c, "ldp_x"))
		ASM("ldp x9, xzr, [%0, #-8]", "r"(p + 8));
	else if (!strcmp(c, "st1_2"))
		ASM("movi v0.16b, #1\n\tmovi v1.16b, #2\n\tst1 {v0.16b, v1.16b}, [%0]", "r"(p));
	else if (!strcmp(c, "ldadd"))
		ASM("mov w9, #1\n\tldadd w9, w9, [%0]", "r"(p));
	else if (!strcmp(c, "ldxr"))
		ASM("ldxr x9, [%0]\n\tclrex", "r"(p));
	else if (!strcmp(c, "straddle"))
		ASM("movi v0.16b, #1\n\tmovi v1.16b, #2\n\tstp q0, q1, [%0]", "r"(p - 16));
}

int main(int argc, char **argv)
{
	char *p = malloc(48);
	const char *c = argc > 1 ? argv[1] : "";
	static const char *all[] = { "ldrb", "strh", "ldr_w_reg", "str_x_pre", "str_q",
				     "ldp_x", "st1_2", "ldadd", "ldxr" };
	unsigned i;

	keep = p;
	if (!strcmp(c, "ok")) {
		/* the same instructions inside the object: its third granule,
		 * the 32-byte stores its second and third */
		for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
			access_at(all[i], p + (strcmp(all[i], "st1_2") ? 32 : 16));
		access_at("straddle", p + 16);
		printf("ok\n");
		free(p);
		return 0;
	}
	fprintf(stderr, "at %p\n", (void *)(strcmp(c, "straddle") ? p + 48 : p + 32));
	access_at(c, p + 48);
	printf("not reported\n");
	return 0;
}

// CHECK: at 0x[[ADDR:[0-9a-f]+]]
// CHECK: BUG: KASAN: slab-out-of-bounds in access_at+0x
// LDRB-NEXT: Read of size 1 at addr {{0*}}[[ADDR]] by task
// STRH-NEXT: Write of size 2 at addr {{0*}}[[ADDR]] by task
// LDRW-NEXT: Read of size 4 at addr {{0*}}[[ADDR]] by task
// STRX-NEXT: Write of size 8 at addr {{0*}}[[ADDR]] by task
// STRQ-NEXT: Write of size 16 at addr {{0*}}[[ADDR]] by task
// LDPX-NEXT: Read of size 16 at addr {{0*}}[[ADDR]] by task
// ST1-NEXT: Write of size 32 at addr {{0*}}[[ADDR]] by task
// LDADD-NEXT: Write of size 4 at addr {{0*}}[[ADDR]] by task
// LDXR-NEXT: Read of size 8 at addr {{0*}}[[ADDR]] by task
// CHECK-NEXT: Pointer tag: [{{[0-9a-f]+}}], memory tag: [fe]
// CHECK: Call Trace:
// CHECK-NEXT: access_at+0x
// CHECK-NEXT: main+0x
// CHECK-NOT: not reported

// STRADDLE: at 0x[[ADDR:[0-9a-f]+]]
// STRADDLE: BUG: KASAN: slab-out-of-bounds in access_at+0x
// STRADDLE-NEXT: Write of size 32 at addr {{0*}}[[ADDR]] by task
// STRADDLE: The buggy address is located 32 bytes inside of
// STRADDLE-NOT: not reported

// OK: ok
