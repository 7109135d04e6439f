/*
 * This file contains the interface of the Linux port's decoders of a
 * faulting instruction's memory access: x86-64's memory operand (insn.c;
 * on other architectures port_insn_decode always says "not decoded") and
 * A64's loads and stores (insn_a64.c), used by the fault handlers.
 */
#ifndef KSAN_PORT_LINUX_INSN_H
#define KSAN_PORT_LINUX_INSN_H

#include <stdint.h>
#include <ucontext.h>

#define PORT_INSN_RIP 16	/* base register number of a RIP-relative operand */

struct port_insn {
	uintptr_t addr;		/* the effective address */
	uint32_t disp;		/* the displacement as encoded (sign-extended) */
	int base, index;	/* register numbers 0..15 (rax..r15), -1 none */
	int mod;		/* ModRM mod (0, 1, 2); 0 for implicit operands */
	int write;		/* a store or read-modify-write */
	unsigned size;		/* bytes the operand covers; 0 unknown */
};

/* 1 with *in filled when the instruction at the context's pc has a memory
 * operand this decoder knows, else 0. */
int port_insn_decode(const ucontext_t *uc, struct port_insn *in);
/* The value of general register reg (0..15, rax..r15) in the context. */
uintptr_t port_insn_reg(const ucontext_t *uc, int reg);

/* An A64 load or store, from its instruction word alone (insn_a64.c). */
struct port_a64_access {
	unsigned size;		/* bytes it transfers: a pair's two registers,
				 * every register of a structure */
	int write;		/* a store or a read-modify-write */
	int base;		/* Xn, 31 = sp; -1: the pc (a literal) */
	int index;		/* Xm of a register offset (31 = xzr), -1 none */
	unsigned extend;	/* its option: 2 UXTW, 6 SXTW, else 64-bit */
	unsigned shift;		/* its left shift */
	int64_t offset;		/* immediate added to the base (0: post-index) */
};

/* 1 with *a filled when instruction i is a load or store this decoder
 * knows; else 0 (a->size 0; a->write 1 for an SVE store, whose size
 * depends on the vector length and predicate, else 0). */
int port_a64_decode(uint32_t i, struct port_a64_access *a);
/* The address the access starts at, from the registers before it ran:
 * x[0..30], sp, and the instruction's pc. */
uintptr_t port_a64_address(const struct port_a64_access *a, uintptr_t pc,
			   const uint64_t *x, uintptr_t sp);

static inline int port_addr_canonical(uintptr_t a)
{
	return (uintptr_t)((intptr_t)(a << 16) >> 16) == a;
}

#endif
