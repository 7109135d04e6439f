/*
 * This file contains the outline checks Clang calls with
 * -mllvm -asan-optimize-callbacks (x86-64):
 *   __asan_check_{load,store}_add_{1,2,4,8,16}_<REG>
 * The address arrives in <REG>; the call may clobber only R10, R11 and the
 * flags (Clang keeps every other register, vector ones included, live
 * across it), so the caller spills nothing and an outline check costs a
 * call, a shadow load and a return.  Anything the fast path does not accept
 * goes to kasan_check_range, which reports, with every register saved.
 * Compiler ABI: names and register contract must not change.
 *
 * Shadow: KASAN_SHADOW_OFFSET + (addr >> 3) (layout.h, as the C code).
 * Addresses below KASAN_NULL_LIMIT or near the top of user space take the
 * slow path, as in the C entry points (abi.c).
 */
#include "layout.h"

#if defined(__x86_64__) && defined(__ELF__)

#if KASAN_SHADOW_OFFSET > 0x7fffffff
#error "the thunks address shadow as disp32(reg): the offset must fit 31 bits"
#endif
#define SHADOW_OFFSET	KASAN_SHADOW_OFFSET
#define NULL_LIMIT	KASAN_NULL_LIMIT
/* (addr - NULL_LIMIT) must be below this for the fast path: the access
 * (up to 16 bytes) ends below 1 << KASAN_ADDR_BITS */
#define SPAN		((1 << KASAN_ADDR_BITS) - NULL_LIMIT - 16)

	.text

/*
 * The slow path: address in %r10, size and write flag in %r11 (size << 1 |
 * write); the return address into the instrumented code is on top of the
 * stack, as at the thunk's entry.  A frame like a C entry point's, so the
 * report's stack starts at the instrumented code.
 */
	.p2align 4
	.type	kasan_outline_slow, @function
kasan_outline_slow:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	pushq	%rax
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%r8
	pushq	%r9
	subq	$264, %rsp		/* 16 xmm + keep %rsp 16-byte aligned */
	movdqu	%xmm0, 0(%rsp)
	movdqu	%xmm1, 16(%rsp)
	movdqu	%xmm2, 32(%rsp)
	movdqu	%xmm3, 48(%rsp)
	movdqu	%xmm4, 64(%rsp)
	movdqu	%xmm5, 80(%rsp)
	movdqu	%xmm6, 96(%rsp)
	movdqu	%xmm7, 112(%rsp)
	movdqu	%xmm8, 128(%rsp)
	movdqu	%xmm9, 144(%rsp)
	movdqu	%xmm10, 160(%rsp)
	movdqu	%xmm11, 176(%rsp)
	movdqu	%xmm12, 192(%rsp)
	movdqu	%xmm13, 208(%rsp)
	movdqu	%xmm14, 224(%rsp)
	movdqu	%xmm15, 240(%rsp)
	movq	%r10, %rdi		/* addr */
	movq	%r11, %rsi
	shrq	$1, %rsi		/* size */
	movl	%r11d, %edx
	andl	$1, %edx		/* write */
	movq	8(%rbp), %rcx		/* pc: the instrumented code */
	movq	%rbp, %r8		/* fp */
	xorl	%r9d, %r9d		/* no entry function */
	call	kasan_check_range
	movdqu	0(%rsp), %xmm0
	movdqu	16(%rsp), %xmm1
	movdqu	32(%rsp), %xmm2
	movdqu	48(%rsp), %xmm3
	movdqu	64(%rsp), %xmm4
	movdqu	80(%rsp), %xmm5
	movdqu	96(%rsp), %xmm6
	movdqu	112(%rsp), %xmm7
	movdqu	128(%rsp), %xmm8
	movdqu	144(%rsp), %xmm9
	movdqu	160(%rsp), %xmm10
	movdqu	176(%rsp), %xmm11
	movdqu	192(%rsp), %xmm12
	movdqu	208(%rsp), %xmm13
	movdqu	224(%rsp), %xmm14
	movdqu	240(%rsp), %xmm15
	addq	$264, %rsp
	popq	%r9
	popq	%r8
	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rax
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size	kasan_outline_slow, .-kasan_outline_slow

/* Range: the address is neither near NULL nor at the top of user space. */
#define RANGE(reg)							\
	leaq	-NULL_LIMIT(%reg), %r11;				\
	movabsq	$SPAN, %r10;						\
	cmpq	%r10, %r11;						\
	jae	9f

/* The slow path for this thunk's address, size and direction. */
#define SLOW(reg, size, write)						\
9:	movq	%reg, %r10;						\
	movl	$((size) << 1 | (write)), %r11d;			\
	jmp	kasan_outline_slow

#define BEGIN(name)							\
	.p2align 4;							\
	.globl	name;							\
	.type	name, @function;					\
name:									\
	.cfi_startproc;

#define END(name)							\
	.cfi_endproc;							\
	.size	name, .-name;

/*
 * 1, 2, 4 and 8 bytes: one shadow byte.  0 = the whole granule is valid
 * (the access must not run into the next one); 1..7 = that many leading
 * bytes are valid; negative = poisoned.
 */
#define CHECK_SMALL(op, write, size, REG, reg)				\
BEGIN(__asan_check_##op##_add_##size##_##REG)				\
	RANGE(reg);							\
	movq	%reg, %r10;						\
	shrq	$3, %r10;						\
	cmpb	$0, SHADOW_OFFSET(%r10);				\
	jne	1f;							\
	ALIGNED_##size(reg);						\
	ret;								\
1:	movsbl	SHADOW_OFFSET(%r10), %r10d;				\
	movl	%reg##_low, %r11d;					\
	andl	$7, %r11d;						\
	addl	$((size) - 1), %r11d;					\
	cmpl	%r10d, %r11d;						\
	jge	9f;							\
	ret;								\
	SLOW(reg, size, write);						\
END(__asan_check_##op##_add_##size##_##REG)

/* A clean granule: the access must not run into the next one. */
#define ALIGNED_1(reg)
#define ALIGNED_2(reg)							\
	movl	%reg##_low, %r11d;					\
	andl	$7, %r11d;						\
	cmpl	$6, %r11d;						\
	ja	9f
#define ALIGNED_4(reg)							\
	movl	%reg##_low, %r11d;					\
	andl	$7, %r11d;						\
	cmpl	$4, %r11d;						\
	ja	9f
#define ALIGNED_8(reg)							\
	testl	$7, %reg##_low;						\
	jnz	9f

/* 16 bytes: aligned to 8 and two clean granules; else the slow path. */
#define CHECK_16(op, write, REG, reg)					\
BEGIN(__asan_check_##op##_add_16_##REG)					\
	RANGE(reg);							\
	testl	$7, %reg##_low;						\
	jnz	9f;							\
	movq	%reg, %r10;						\
	shrq	$3, %r10;						\
	cmpw	$0, SHADOW_OFFSET(%r10);				\
	jne	9f;							\
	ret;								\
	SLOW(reg, 16, write);						\
END(__asan_check_##op##_add_16_##REG)

/* the 32-bit name of each register, for the low-bits tests */
#define rax_low eax
#define rbx_low ebx
#define rcx_low ecx
#define rdx_low edx
#define rsi_low esi
#define rdi_low edi
#define rbp_low ebp
#define r8_low r8d
#define r9_low r9d
#define r12_low r12d
#define r13_low r13d
#define r14_low r14d
#define r15_low r15d

#define CHECKS(op, write, REG, reg)					\
	CHECK_SMALL(op, write, 1, REG, reg)				\
	CHECK_SMALL(op, write, 2, REG, reg)				\
	CHECK_SMALL(op, write, 4, REG, reg)				\
	CHECK_SMALL(op, write, 8, REG, reg)				\
	CHECK_16(op, write, REG, reg)

/* Clang passes the address in any register it may keep live: all but
 * %rsp and the two it may clobber (%r10, %r11). */
#define REGISTER(REG, reg)						\
	CHECKS(load, 0, REG, reg)					\
	CHECKS(store, 1, REG, reg)

REGISTER(RAX, rax)
REGISTER(RBX, rbx)
REGISTER(RCX, rcx)
REGISTER(RDX, rdx)
REGISTER(RSI, rsi)
REGISTER(RDI, rdi)
REGISTER(RBP, rbp)
REGISTER(R8, r8)
REGISTER(R9, r9)
REGISTER(R12, r12)
REGISTER(R13, r13)
REGISTER(R14, r14)
REGISTER(R15, r15)

#endif
	.section .note.GNU-stack,"",@progbits
