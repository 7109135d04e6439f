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
 * slow path, as in the C entry points (abi.c).  The thunks' code is
 * outline_x86_64.h's; these definitions are weak (see BEGIN).
 */
#include "layout.h"
#include "outline_x86_64.h"

#if defined(__x86_64__) && defined(__ELF__)

#if KASAN_SHADOW_OFFSET > 0x7fffffff
#error "the thunks address shadow as disp32(reg): the offset must fit 31 bits"
#endif
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
	.globl	kasan_outline_slow
	.hidden	kasan_outline_slow
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

/* Weak: a port whose fault handler tests the range instead (the Linux
 * port's kasan/outline_x86_64.S) replaces them. */
#define BEGIN(name)							\
	.p2align 4;							\
	.weak	name;							\
	.type	name, @function;					\
name:									\
	.cfi_startproc;

#define AT_SHADOW_LOAD(reg)

OUTLINE_THUNKS

#endif
	.section .note.GNU-stack,"",@progbits
