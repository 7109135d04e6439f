/*
 * This file contains the x86-64 decoder for the memory operand of a
 * faulting instruction.  A general-protection fault (a non-canonical
 * address) comes with no address, and a fault in the shadow range must be
 * told apart as a shadow access or the program's own: both need the
 * address the instruction computed and how it computed it, as the kernel's
 * GP-fault hook finds it (legacy prefixes, REX, VEX, EVEX, ModRM, SIB,
 * displacement, RIP-relative, and the string instructions' implicit
 * operands).  Only what loads and stores of compiled C use is decoded;
 * anything else says "not decoded" rather than guess.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <ucontext.h>
#include "../linux.h"
#include "insn.h"

#if defined(__x86_64__)
static const int reg_of[16] = {
	REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
	REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15,
};

uintptr_t port_insn_reg(const ucontext_t *uc, int reg)
{
	return (uintptr_t)uc->uc_mcontext.gregs[reg_of[reg & 15]];
}

/* One-byte opcodes that take a ModRM byte (00-3f arithmetic, 62/63,
 * 69/6b, 80-8f, c0/c1, c4-c7, d0-d3, d8-df, f6/f7, fe/ff). */
static int has_modrm_1(unsigned op)
{
	if (op < 0x40)
		return (op & 7) < 4;
	return op == 0x63 || op == 0x69 || op == 0x6b || (op >= 0x80 && op <= 0x8f) ||
	       op == 0xc0 || op == 0xc1 || op == 0xc6 || op == 0xc7 ||
	       (op >= 0xd0 && op <= 0xd3) || (op >= 0xd8 && op <= 0xdf) ||
	       op == 0xf6 || op == 0xf7 || op == 0xfe || op == 0xff;
}

/* Bytes of immediate after the operand (only needed for RIP-relative). */
static unsigned imm_size(int map, unsigned op, unsigned reg, int opsize16)
{
	if (map == 3)
		return 1;	/* 0f 3a: every one has an imm8 */
	if (map == 1)
		return (op >= 0x70 && op <= 0x73) || op == 0xba || op == 0xc2 ||
		       (op >= 0xc4 && op <= 0xc6) || op == 0xa4 || op == 0xac;
	if (map != 0)
		return 0;
	switch (op) {
	case 0x80: case 0x82: case 0x83: case 0x6b: case 0xc0: case 0xc1: case 0xc6:
		return 1;
	case 0x81: case 0x69: case 0xc7:
		return opsize16 ? 2 : 4;
	case 0xf6:
		return reg < 2;
	case 0xf7:
		return reg < 2 ? (opsize16 ? 2 : 4) : 0;
	}
	return 0;
}

/* Does the instruction write its memory operand?  Moves and stores by
 * opcode, read-modify-write arithmetic too; everything else reads. */
static int writes(int map, unsigned op, unsigned reg, unsigned prefix)
{
	if (map == 0) {
		if (op < 0x40)
			return !(op & 2) && (op & 7) < 2 && (op & 0x38) != 0x38;	/* not cmp */
		switch (op) {
		case 0x88: case 0x89: case 0x8c: case 0xc6: case 0xc7: case 0x86: case 0x87:
			return 1;
		case 0x80: case 0x81: case 0x83:
			return reg != 7;	/* cmp reads */
		case 0xc0: case 0xc1: case 0xd0: case 0xd1: case 0xd2: case 0xd3:
			return 1;
		case 0xf6: case 0xf7:
			return reg == 2 || reg == 3;	/* not, neg */
		case 0xfe: case 0xff:
			return reg < 2;			/* inc, dec */
		}
		return 0;
	}
	if (map == 1) {
		switch (op) {
		case 0x11: case 0x13: case 0x17: case 0x29: case 0x2b: case 0x7f:
		case 0xe7: case 0xd6: case 0xc3: case 0xb0: case 0xb1: case 0xc0: case 0xc1:
			return 1;
		case 0x7e:
			return prefix != 0xf3;	/* movd/movq r/m, xmm; f3: movq xmm, m64 */
		}
	}
	return 0;
}

/* The legacy prefix a VEX or EVEX prefix's pp field stands for. */
static const unsigned char pp_prefix[4] = { 0, 0x66, 0xf3, 0xf2 };

/* Bytes the memory operand covers, for the reports' access size ("READ of
 * size 4"): the integer moves and arithmetic compiled C uses, their byte
 * forms, movzx/movsx, and the SSE/AVX moves (vec: 16 or 32, VEX.L);
 * 0 for anything else (x87, EVEX, ...), which the reports print as unknown. */
static unsigned mem_size(int map, unsigned op, unsigned reg, int w, int opsize16,
			 unsigned prefix, unsigned vec)
{
	unsigned osz = w ? 8 : opsize16 ? 2 : 4;
	unsigned scalar = prefix == 0xf3 ? 4 : prefix == 0xf2 ? 8 : vec;

	if (map == 0) {
		if (op < 0x40 || (op >= 0xa0 && op <= 0xaf))
			return (op & 1) ? osz : 1;	/* ALU, mov moffs, string ops */
		switch (op) {
		case 0x63:
			return 4;			/* movsxd */
		case 0x80: case 0x82: case 0x84: case 0x86: case 0x88: case 0x8a:
		case 0xc0: case 0xc6: case 0xd0: case 0xd2: case 0xf6: case 0xfe:
			return 1;
		case 0x69: case 0x6b: case 0x81: case 0x83: case 0x85: case 0x87: case 0x89:
		case 0x8b: case 0xc1: case 0xc7: case 0xd1: case 0xd3: case 0xf7:
			return osz;
		case 0x8c: case 0x8e:
			return 2;
		case 0x8f:
			return 8;			/* pop */
		case 0xff:				/* inc dec; call jmp push */
			return reg < 2 ? osz : reg == 2 || reg == 4 || reg == 6 ? 8 : 0;
		}
		return 0;
	}
	if (map != 1)
		return 0;
	if (op >= 0x40 && op <= 0x4f)
		return osz;				/* cmovcc */
	if (op == 0x51 || (op >= 0x58 && op <= 0x5f))
		return scalar;				/* sqrt add mul sub min div max */
	switch (op) {
	case 0xb0: case 0xb6: case 0xbe: case 0xc0:
		return 1;
	case 0xb7: case 0xbf:
		return 2;
	case 0xa3: case 0xab: case 0xaf: case 0xb1: case 0xb3: case 0xba: case 0xbb:
	case 0xbc: case 0xbd: case 0xc1:
		return osz;
	case 0xc3: case 0x6e:
		return w ? 8 : 4;			/* movnti, movd/movq */
	case 0x7e:
		return prefix == 0xf3 || w ? 8 : 4;
	case 0x12: case 0x13: case 0x16: case 0x17: case 0xd6:
		return 8;
	case 0x2e: case 0x2f:
		return opsize16 ? 8 : 4;		/* (u)comisd, (u)comiss */
	case 0x10: case 0x11:
		return scalar;				/* movss movsd movups movupd */
	case 0x28: case 0x29: case 0x2b: case 0x6f: case 0x7f: case 0xe7:
		return vec;
	}
	return 0;
}

int port_insn_decode(const ucontext_t *uc, struct port_insn *in)
{
	const uint8_t *p = (const uint8_t *)uc->uc_mcontext.gregs[REG_RIP];
	unsigned i = 0, rex = 0, op, modrm, mod, reg, rm, base, index = 4, scale = 0;
	unsigned prefix = 0, imm, vec = 16;
	int map = 0, opsize16 = 0, addr32 = 0, evex = 0, w;
	uintptr_t a;

	core_memset(in, 0, sizeof(*in));
	in->base = in->index = -1;
	for (; i < 14; i++) {
		unsigned b = p[i];

		if (b == 0x66)
			opsize16 = 1;
		else if (b == 0x67)
			addr32 = 1;
		else if (b == 0xf2 || b == 0xf3)
			prefix = b;
		else if (b == 0x64 || b == 0x65)
			return 0;	/* fs/gs-relative: the base is not in the context */
		else if (!(b == 0x2e || b == 0x3e || b == 0x26 || b == 0x36 || b == 0xf0))
			break;
	}
	if ((p[i] & 0xf0) == 0x40)
		rex = p[i++];
	w = (rex & 8) != 0;
	if (p[i] == 0xc5) {			/* 2-byte VEX: R.vvvv.L.pp */
		rex = (p[i + 1] & 0x80) ? 0 : 4;
		vec = (p[i + 1] & 4) ? 32 : 16;
		prefix = pp_prefix[p[i + 1] & 3];
		opsize16 = prefix == 0x66;
		w = 0;
		map = 1;
		op = p[i + 2];
		i += 3;
	} else if (p[i] == 0xc4 || p[i] == 0x62) {	/* 3-byte VEX, EVEX */
		unsigned b1 = p[i + 1], b2 = p[i + 2];

		evex = p[i] == 0x62;
		vec = evex ? 0 : (b2 & 4) ? 32 : 16;	/* EVEX's widths: unknown */
		prefix = pp_prefix[b2 & 3];
		opsize16 = prefix == 0x66;
		w = (b2 & 0x80) != 0;
		rex = (~b1 >> 5) & 7;		/* R X B, stored inverted */
		map = evex ? (b1 & 3) : (b1 & 0x1f);
		i += evex ? 4 : 3;
		op = p[i++];
		if (map < 1 || map > 3)
			return 0;
	} else if (p[i] == 0x0f) {
		if (p[i + 1] == 0x38 || p[i + 1] == 0x3a) {
			map = p[i + 1] == 0x38 ? 2 : 3;
			op = p[i + 2];
			i += 3;
		} else {
			map = 1;
			op = p[i + 1];
			i += 2;
		}
	} else {
		op = p[i++];
		if (op >= 0xa0 && op <= 0xa3) {	/* mov with a 64-bit absolute address */
			if (addr32)
				return 0;
			core_memcpy(&a, p + i, 8);
			in->addr = a;
			in->write = op >= 0xa2;
			in->size = mem_size(0, op, 0, w, opsize16, prefix, vec);
			return 1;
		}
		if (op >= 0xa4 && op <= 0xaf) {	/* movs, cmps, stos, lods, scas */
			int si = op != 0xaa && op != 0xab && op != 0xae && op != 0xaf;
			int di = op < 0xac || op > 0xad;
			uintptr_t rsi = port_insn_reg(uc, 6), rdi = port_insn_reg(uc, 7);

			/* the one that faulted is the non-canonical one, if any */
			if (si && (!di || !port_addr_canonical(rsi))) {
				in->addr = rsi;
				in->base = 6;
				in->write = 0;
			} else {
				in->addr = rdi;
				in->base = 7;
				in->write = op == 0xa4 || op == 0xa5 || op == 0xaa || op == 0xab;
			}
			in->size = mem_size(0, op, 0, w, opsize16, prefix, vec);
			return 1;
		}
		if (!has_modrm_1(op))
			return 0;
	}
	modrm = p[i++];
	mod = modrm >> 6;
	reg = (modrm >> 3) & 7;
	rm = modrm & 7;
	if (mod == 3)
		return 0;	/* a register operand: no memory */
	if (map == 0 && op == 0xff && (reg == 2 || reg == 4))
		in->write = 0;	/* indirect call/jmp: reads the target */
	else
		in->write = writes(map, op, reg, prefix);
	if (evex && mod == 1)
		return 0;	/* compressed disp8 (scaled by the vector size) */
	if (rm == 4) {
		unsigned sib = p[i++];

		scale = sib >> 6;
		index = ((sib >> 3) & 7) | ((rex & 2) << 2);
		base = sib & 7;
		if (base == 5 && mod == 0) {
			base = 16;	/* no base, disp32 */
			mod = 2;
		} else {
			base |= (rex & 1) << 3;
		}
	} else if (rm == 5 && mod == 0) {
		base = 17;		/* RIP-relative */
		mod = 2;
	} else {
		base = rm | ((rex & 1) << 3);
	}
	if (mod == 1) {
		in->disp = (uint32_t)(int32_t)(int8_t)p[i];
		i += 1;
	} else if (mod == 2) {
		core_memcpy(&in->disp, p + i, 4);
		i += 4;
	}
	a = (uintptr_t)(intptr_t)(int32_t)in->disp;
	if (base < 16) {
		a += port_insn_reg(uc, (int)base);
		in->base = (int)base;
	} else if (base == 17) {
		imm = evex || map == 2 ? map == 3 : imm_size(map, op, reg, opsize16);
		a += (uintptr_t)p + i + imm;
		in->base = PORT_INSN_RIP;
	}
	if (index != 4) {
		a += port_insn_reg(uc, (int)index) << scale;
		in->index = (int)index;
	}
	in->addr = addr32 ? (uint32_t)a : a;
	in->mod = (int)(modrm >> 6);
	in->size = vec ? mem_size(map, op, reg, w, opsize16, prefix, vec) : 0;
	return 1;
}
#else
/*
 * Elsewhere (aarch64): no decoder of this kind.  A fault there always comes
 * with its address (no general-protection fault without one), so the
 * handler only loses the x86-specific "is this a shadow check" test and
 * falls back to whether the faulting code is the executable's or the
 * memory exists.  (An A64 access's size and direction: insn_a64.c.)
 */
int port_insn_decode(const ucontext_t *uc, struct port_insn *in)
{
	core_memset(in, 0, sizeof(*in));
	in->base = in->index = -1;
	return 0;
}

uintptr_t port_insn_reg(const ucontext_t *uc, int reg)
{
#if defined(__aarch64__)
	return (uintptr_t)uc->uc_mcontext.regs[reg & 31];
#else
	return 0;
#endif
}
#endif
