/*
 * The A64 load/store decoder (src/port/linux/fault/insn_a64.c), instruction by
 * instruction: size in bytes, write flag and start address of each entry
 * of the table, whose words aarch64-linux-gnu-as made from the text beside
 * them (tests/unit/insn_a64.sh assembles the text again and compares).
 * Size 0: not decoded (no access, or a class the decoder leaves alone;
 * an SVE store still writes).
 * The registers: xN = 0x10000 * (N + 1), but x3 = 0x1fffffffc (so UXTW and
 * SXTW differ), sp = 0x7fff0000, and every instruction at pc 0x400000.
 */
#include <stdio.h>
#include <stdint.h>
#include "../../src/port/linux/fault/insn.h"

static const struct {
	uint32_t insn;
	unsigned size;
	int write;
	uint64_t addr;
	const char *text;
} table[] = {
	{ 0x39000041, 1, 1, 0x30000ull, "strb w1, [x2]" },
	{ 0x39401441, 1, 0, 0x30005ull, "ldrb w1, [x2, #5]" },
	{ 0x389fd041, 1, 0, 0x2fffdull, "ldrsb x1, [x2, #-3]" },
	{ 0x38c04441, 1, 0, 0x30000ull, "ldrsb w1, [x2], #4" },
	{ 0x79000c41, 2, 1, 0x30006ull, "strh w1, [x2, #6]" },
	{ 0x785ffc41, 2, 0, 0x2ffffull, "ldrh w1, [x2, #-1]!" },
	{ 0x798007e3, 2, 0, 0x7fff0002ull, "ldrsh x3, [sp, #2]" },
	{ 0x79c00083, 2, 0, 0x50000ull, "ldrsh w3, [x4]" },
	{ 0xb9000841, 4, 1, 0x30008ull, "str w1, [x2, #8]" },
	{ 0xb8637841, 4, 0, 0x80002fff0ull, "ldr w1, [x2, x3, lsl #2]" },
	{ 0xb9800441, 4, 0, 0x30004ull, "ldrsw x1, [x2, #4]" },
	{ 0xb8a3c841, 4, 0, 0x2fffcull, "ldrsw x1, [x2, w3, sxtw]" },
	{ 0xf81f8c41, 8, 1, 0x2fff8ull, "str x1, [x2, #-8]!" },
	{ 0xf8410441, 8, 0, 0x30000ull, "ldr x1, [x2], #16" },
	{ 0xf8635841, 8, 0, 0x80002ffe0ull, "ldr x1, [x2, w3, uxtw #3]" },
	{ 0xf85f9041, 8, 0, 0x2fff9ull, "ldur x1, [x2, #-7]" },
	{ 0xb8003041, 4, 1, 0x30003ull, "stur w1, [x2, #3]" },
	{ 0xf8001841, 8, 1, 0x30001ull, "sttr x1, [x2, #1]" },
	{ 0x385fe841, 1, 0, 0x2fffeull, "ldtrb w1, [x2, #-2]" },
	{ 0x3d000420, 1, 1, 0x20001ull, "str b0, [x1, #1]" },
	{ 0x7d000420, 2, 1, 0x20002ull, "str h0, [x1, #2]" },
	{ 0xbd400420, 4, 0, 0x20004ull, "ldr s0, [x1, #4]" },
	{ 0xfd000420, 8, 1, 0x20008ull, "str d0, [x1, #8]" },
	{ 0x3d801260, 16, 1, 0x140040ull, "str q0, [x19, #64]" },
	{ 0x3dc01100, 16, 0, 0x90040ull, "ldr q0, [x8, #64]" },
	{ 0x3c9f0001, 16, 1, 0xfff0ull, "stur q1, [x0, #-16]" },
	{ 0x3ce17802, 16, 0, 0x210000ull, "ldr q2, [x0, x1, lsl #4]" },
	{ 0x3c820403, 16, 1, 0x10000ull, "str q3, [x0], #32" },
	{ 0xa9be7bfd, 16, 1, 0x7ffeffe0ull, "stp x29, x30, [sp, #-32]!" },
	{ 0xa8c27bfd, 16, 0, 0x7fff0000ull, "ldp x29, x30, [sp], #32" },
	{ 0x29010801, 8, 1, 0x10008ull, "stp w1, w2, [x0, #8]" },
	{ 0x297f0801, 8, 0, 0xfff8ull, "ldp w1, w2, [x0, #-8]" },
	{ 0x69410801, 8, 0, 0x10008ull, "ldpsw x1, x2, [x0, #8]" },
	{ 0xad000660, 32, 1, 0x140000ull, "stp q0, q1, [x19]" },
	{ 0xad410d02, 32, 0, 0x90020ull, "ldp q2, q3, [x8, #32]" },
	{ 0x6d010400, 16, 1, 0x10010ull, "stp d0, d1, [x0, #16]" },
	{ 0x2d7f8400, 8, 0, 0xfffcull, "ldp s0, s1, [x0, #-4]" },
	{ 0xac020400, 32, 1, 0x10040ull, "stnp q0, q1, [x0, #64]" },
	{ 0xa8400801, 16, 0, 0x10000ull, "ldnp x1, x2, [x0]" },
	{ 0x69010801, 16, 1, 0x10020ull, "stgp x1, x2, [x0, #32]" },
	{ 0x18000041, 4, 0, 0x400008ull, "ldr w1, .+8" },
	{ 0x58ffffe1, 8, 0, 0x3ffffcull, "ldr x1, .-4" },
	{ 0x98000081, 4, 0, 0x400010ull, "ldrsw x1, .+16" },
	{ 0x9c000100, 16, 0, 0x400020ull, "ldr q0, .+32" },
	{ 0x5c000020, 8, 0, 0x400004ull, "ldr d0, .+4" },
	{ 0xc85f7c01, 8, 0, 0x10000ull, "ldxr x1, [x0]" },
	{ 0x88037c01, 4, 1, 0x10000ull, "stxr w3, w1, [x0]" },
	{ 0x085ffc01, 1, 0, 0x10000ull, "ldaxrb w1, [x0]" },
	{ 0x4803fc01, 2, 1, 0x10000ull, "stlxrh w3, w1, [x0]" },
	{ 0xc8dffc01, 8, 0, 0x10000ull, "ldar x1, [x0]" },
	{ 0x889ffc01, 4, 1, 0x10000ull, "stlr w1, [x0]" },
	{ 0xc87f0801, 16, 0, 0x10000ull, "ldxp x1, x2, [x0]" },
	{ 0x88230801, 8, 1, 0x10000ull, "stxp w3, w1, w2, [x0]" },
	{ 0xc8a17c02, 8, 1, 0x10000ull, "cas x1, x2, [x0]" },
	{ 0x08e1fc02, 1, 1, 0x10000ull, "casalb w1, w2, [x0]" },
	{ 0x48227c04, 16, 1, 0x10000ull, "casp x2, x3, x4, x5, [x0]" },
	{ 0x08227c04, 8, 1, 0x10000ull, "casp w2, w3, w4, w5, [x0]" },
	{ 0xf8210002, 8, 1, 0x10000ull, "ldadd x1, x2, [x0]" },
	{ 0x78e10002, 2, 1, 0x10000ull, "ldaddalh w1, w2, [x0]" },
	{ 0xb821001f, 4, 1, 0x10000ull, "stadd w1, [x0]" },
	{ 0x38218002, 1, 1, 0x10000ull, "swpb w1, w2, [x0]" },
	{ 0xf8bfc001, 8, 0, 0x10000ull, "ldapr x1, [x0]" },
	{ 0xb8bfc001, 4, 0, 0x10000ull, "ldapr w1, [x0]" },
	{ 0xd95f8001, 8, 0, 0xfff8ull, "ldapur x1, [x0, #-8]" },
	{ 0x99004001, 4, 1, 0x10004ull, "stlur w1, [x0, #4]" },
	{ 0x4c407000, 16, 0, 0x10000ull, "ld1 {v0.16b}, [x0]" },
	{ 0x4c00a000, 32, 1, 0x10000ull, "st1 {v0.16b, v1.16b}, [x0]" },
	{ 0x0c9f2000, 32, 1, 0x10000ull, "st1 {v0.8b, v1.8b, v2.8b, v3.8b}, [x0], #32" },
	{ 0x4cc16c00, 48, 0, 0x10000ull, "ld1 {v0.2d, v1.2d, v2.2d}, [x0], x1" },
	{ 0x4c400800, 64, 0, 0x10000ull, "ld4 {v0.4s, v1.4s, v2.4s, v3.4s}, [x0]" },
	{ 0x4c008400, 32, 1, 0x10000ull, "st2 {v0.8h, v1.8h}, [x0]" },
	{ 0x0c404000, 24, 0, 0x10000ull, "ld3 {v0.8b, v1.8b, v2.8b}, [x0]" },
	{ 0x0d000c00, 1, 1, 0x10000ull, "st1 {v0.b}[3], [x0]" },
	{ 0x0d404800, 2, 0, 0x10000ull, "ld1 {v0.h}[1], [x0]" },
	{ 0x0d9f9000, 4, 1, 0x10000ull, "st1 {v0.s}[1], [x0], #4" },
	{ 0x4d408400, 8, 0, 0x10000ull, "ld1 {v0.d}[1], [x0]" },
	{ 0x0d20a000, 16, 1, 0x10000ull, "st4 {v0.s, v1.s, v2.s, v3.s}[0], [x0]" },
	{ 0x0d608400, 16, 0, 0x10000ull, "ld2 {v0.d, v1.d}[0], [x0]" },
	{ 0x4d40c800, 4, 0, 0x10000ull, "ld1r {v0.4s}, [x0]" },
	{ 0x4d60c400, 4, 0, 0x10000ull, "ld2r {v0.8h, v1.8h}, [x0]" },
	{ 0x4dffec00, 32, 0, 0x10000ull, "ld4r {v0.2d, v1.2d, v2.2d, v3.2d}, [x0], #32" },
	{ 0xf9800000, 0, 0, 0x0ull, "prfm pldl1keep, [x0]" },
	{ 0xd8000040, 0, 0, 0x0ull, "prfm pldl1keep, .+8" },
	{ 0xd9200800, 0, 0, 0x0ull, "stg x0, [x0]" },
	{ 0xd9600020, 0, 0, 0x0ull, "ldg x0, [x1]" },
	{ 0x8b020020, 0, 0, 0x0ull, "add x0, x1, x2" },
	{ 0x14000002, 0, 0, 0x0ull, "b .+8" },
	{ 0xa400a000, 0, 0, 0x0ull, "ld1b {z0.b}, p0/z, [x0]" },
	{ 0xe400e000, 0, 1, 0x0ull, "st1b {z0.b}, p0, [x0]" },
	{ 0xe5e1e000, 0, 1, 0x0ull, "st1d {z0.d}, p0, [x0, #1, mul vl]" },
	{ 0xc5c1c000, 0, 0, 0x0ull, "ld1d {z0.d}, p0/z, [x0, z1.d]" },
	{ 0xe581a000, 0, 1, 0x0ull, "st1d {z0.d}, p0, [x0, z1.d]" },
	{ 0xe5414400, 0, 1, 0x0ull, "st1w {z0.s}, p1, [x0, x1, lsl #2]" },
	{ 0xf8200401, 0, 0, 0x0ull, "ldraa x1, [x0]" },
};

int main(void)
{
	uint64_t x[31];
	unsigned i, fails = 0, n = sizeof(table) / sizeof(table[0]);

	for (i = 0; i < 31; i++)
		x[i] = 0x10000ull * (i + 1);
	x[3] = 0x1fffffffcull;
	printf("PLAN: %u\n", n);
	for (i = 0; i < n; i++) {
		struct port_a64_access a;
		int ok = port_a64_decode(table[i].insn, &a);
		uint64_t addr = ok ? port_a64_address(&a, 0x400000, x, 0x7fff0000) : 0;

		if (ok == (table[i].size != 0) && a.size == table[i].size &&
		    a.write == table[i].write && addr == table[i].addr) {
			printf("PASS: insn_a64: %08x %s\n", table[i].insn, table[i].text);
			continue;
		}
		printf("FAIL: insn_a64: %08x %s: decoded %d, size %u, write %d, address 0x%llx; "
		       "want size %u, write %d, address 0x%llx\n", table[i].insn, table[i].text,
		       ok, a.size, a.write, (unsigned long long)addr, table[i].size,
		       table[i].write, (unsigned long long)table[i].addr);
		fails++;
	}
	return fails != 0;
}
