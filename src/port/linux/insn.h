/*
 * This file contains the interface of the Linux port's x86-64 decoder of a
 * faulting instruction's memory operand (insn.c), used by the fault handler
 * (on other architectures port_insn_decode always says "not decoded").
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

static inline int port_addr_canonical(uintptr_t a)
{
	return (uintptr_t)((intptr_t)(a << 16) >> 16) == a;
}

#endif
