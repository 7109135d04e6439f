/*
 * This file contains the A64 decoder of a faulting load or store: how many
 * bytes it transfers, whether it writes, and how it forms its address.
 * MTE tag-check faults and qemu-user's faults come without an ESR record
 * of the access, so the write flag and the size HWASan and KASAN print
 * ("Write of size 16") come from the instruction word itself.  The classes
 * are the Arm ARM's "Loads and Stores" group (C4.1.4): exclusives and
 * acquire/release, compare-and-swap, literal loads, pairs (with LDPSW and
 * STGP), single registers with every addressing mode, the atomic
 * read-modify-writes, LDAPUR/STLUR, and the SIMD structure loads and
 * stores.  Anything else (SVE, prefetches, tag stores, pointer-
 * authenticated loads) says "not decoded" rather than guess (an SVE store
 * still says it writes).  Pure functions of the instruction word, built
 * for every host so the unit test can run its table anywhere.
 */
#include <stdint.h>
#include "insn.h"

static int64_t sext(uint32_t v, unsigned bits)
{
	return (int64_t)((uint64_t)v << (64 - bits)) >> (64 - bits);
}

static unsigned log2_of(unsigned n)
{
	unsigned s = 0;

	while (n > 1) {
		n >>= 1;
		s++;
	}
	return s;
}

static int found(struct port_a64_access *a, unsigned size, int write)
{
	a->size = size;
	a->write = write;
	return 1;
}

/* LDR/STR of one register: unsigned offset, unscaled, post- and
 * pre-index, unprivileged, register offset; and the atomics that share
 * the class (V = 0, bit 24 clear, bit 21 set, bits 11:10 = 00). */
static int one_register(uint32_t i, struct port_a64_access *a)
{
	unsigned size = i >> 30, v = (i >> 26) & 1, opc = (i >> 22) & 3, e, scale;
	int write;

	if ((i & 0x05200c00) == 0x00200000)	/* LDADD, SWP, ...: A:R in 23:22 */
		return found(a, 1u << size, ((i >> 12) & 0xf) != 0xc);	/* LDAPR reads */
	if (v) {
		if (opc >= 2 && size)
			return 0;		/* unallocated */
		e = opc >= 2 ? 16 : 1u << size;	/* B H S D, Q */
		write = !(opc & 1);
	} else {
		if ((opc == 2 && size == 3) || (opc == 3 && size >= 2))
			return 0;		/* PRFM (no access), unallocated */
		e = 1u << size;		/* STR*, LDR*, LDRS* to X (10), to W (11) */
		write = opc == 0;
	}
	scale = log2_of(e);
	if (i & (1u << 24)) {		/* unsigned offset: imm12, scaled */
		a->offset = (int64_t)(((i >> 10) & 0xfff) << scale);
		return found(a, e, write);
	}
	if (!(i & (1u << 21))) {	/* imm9: unscaled, post, unprivileged, pre */
		a->offset = ((i >> 10) & 3) == 1 ? 0 : sext((i >> 12) & 0x1ff, 9);
		return found(a, e, write);
	}
	if (((i >> 10) & 3) != 2)
		return 0;		/* LDRAA/LDRAB: a signed base */
	a->index = (int)((i >> 16) & 31);	/* register offset */
	a->extend = (i >> 13) & 7;
	a->shift = (i & (1u << 12)) ? scale : 0;
	return found(a, e, write);
}

/* LDP/STP (and their no-allocate forms), LDPSW, STGP: two elements. */
static int pair(uint32_t i, struct port_a64_access *a)
{
	unsigned opc = i >> 30, v = (i >> 26) & 1, l = (i >> 22) & 1, e, scale;

	if (opc == 3)
		return 0;
	if (v)
		e = 4u << opc;		/* S D Q */
	else if (opc == 1)
		e = l ? 4 : 8;		/* LDPSW; STGP (two X) */
	else
		e = opc ? 8 : 4;
	scale = !v && opc == 1 && !l ? 16 : e;	/* STGP's offset is in granules */
	a->offset = ((i >> 23) & 3) == 1 ? 0 : sext((i >> 15) & 0x7f, 7) * (int64_t)scale;
	return found(a, 2 * e, !l);
}

/* LD1..LD4/ST1..ST4 (multiple structures, one lane, replicate), with or
 * without post-index: the address is the base register alone. */
static int simd_structures(uint32_t i, struct port_a64_access *a)
{
	unsigned q = (i >> 30) & 1, l = (i >> 22) & 1, e, n;

	if (!(i & (1u << 24))) {	/* multiple structures: whole registers */
		switch ((i >> 12) & 0xf) {
		case 0x0: case 0x2: n = 4; break;
		case 0x4: case 0x6: n = 3; break;
		case 0x7: n = 1; break;
		case 0x8: case 0xa: n = 2; break;
		default: return 0;
		}
		return found(a, n * (q ? 16 : 8), !l);
	}
	/* one lane or replicate: selem = opcode<0>:R + 1 elements */
	n = ((((i >> 13) & 1) << 1) | ((i >> 21) & 1)) + 1;
	switch ((i >> 14) & 3) {
	case 0: e = 1; break;
	case 1: e = 2; break;
	case 2: e = (i & (1u << 10)) ? 8 : 4; break;
	default: e = 1u << ((i >> 10) & 3); break;	/* LDnR */
	}
	return found(a, n * e, !l);
}

int port_a64_decode(uint32_t i, struct port_a64_access *a)
{
	unsigned size = i >> 30, l = (i >> 22) & 1;

	a->size = 0;
	a->write = 0;
	a->base = (int)((i >> 5) & 31);
	a->index = -1;
	a->extend = a->shift = 0;
	a->offset = 0;
	if ((i & 0xfe000000) == 0xe4000000) {	/* SVE stores: the size needs VL */
		a->write = 1;
		return 0;
	}
	if ((i & 0x0a000000) != 0x08000000)
		return 0;				/* not a load or store */
	if ((i & 0x3f000000) == 0x08000000) {	/* exclusive, ordered, CAS: [Xn] */
		unsigned o2 = (i >> 23) & 1, o1 = (i >> 21) & 1;

		if (o1 && !o2)			/* LDXP/STXP..., CASP */
			return size >= 2 ? found(a, 2u << size, !l) : found(a, 8u << size, 1);
		return found(a, 1u << size, o1 || !l);	/* CAS; LDXR, STLR, ... */
	}
	if ((i & 0xbe000000) == 0x0c000000)	/* SIMD structures */
		return (i & (1u << 23)) || !((i >> 16) & 0x1f) ? simd_structures(i, a) : 0;
	if ((i & 0x3b000000) == 0x18000000) {	/* load literal: pc + imm19 * 4 */
		unsigned v = (i >> 26) & 1;

		if (size == 3)
			return 0;			/* PRFM, unallocated */
		a->base = -1;
		a->offset = sext((i >> 5) & 0x7ffff, 19) * 4;
		return found(a, v ? 4u << size : size == 1 ? 8 : 4, 0);
	}
	if ((i & 0x3f200c00) == 0x19000000) {	/* LDAPUR*, STLUR*: imm9 */
		a->offset = sext((i >> 12) & 0x1ff, 9);
		return found(a, 1u << size, !((i >> 22) & 3));
	}
	if ((i & 0x3a000000) == 0x28000000)
		return pair(i, a);
	if ((i & 0x3a000000) == 0x38000000)
		return one_register(i, a);
	return 0;
}

uintptr_t port_a64_address(const struct port_a64_access *a, uintptr_t pc,
			   const uint64_t *x, uintptr_t sp)
{
	uintptr_t b = a->base < 0 ? pc : a->base == 31 ? sp : (uintptr_t)x[a->base];

	if (a->index >= 0) {
		uint64_t m = a->index == 31 ? 0 : x[a->index];	/* XZR */

		if (a->extend == 2)		/* UXTW */
			m = (uint32_t)m;
		else if (a->extend == 6)	/* SXTW */
			m = (uint64_t)(int64_t)(int32_t)m;
		b += (uintptr_t)(m << a->shift);
	}
	return b + (uintptr_t)a->offset;
}
