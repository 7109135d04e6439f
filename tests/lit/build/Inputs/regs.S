/*
 * regs_call(addr, gpr, vec, avx): calls clang's register-passing outline
 * check __asan_check_load_add_4_RDI on addr with a known value in every
 * register its contract keeps (all but r10, r11 and the flags: the general
 * registers, xmm0-15 and, when avx is set, their upper ymm halves), then
 * stores them: gpr[12] = rax rbx rcx rdx rsi rdi r8 r9 r12 r13 r14 r15,
 * vec[16][32] = ymm0-15 (xmm only: the first 16 bytes of each).
 * Every byte of vector register i holds i + 1.
 */
	.text
	.globl	regs_call
	.type	regs_call, @function
regs_call:
	pushq	%rbp
	movq	%rsp, %rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	pushq	%rsi		/* -48(%rbp): gpr */
	pushq	%rdx		/* -56(%rbp): vec */
	pushq	%rcx		/* -64(%rbp): avx */
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movabsq	$(0x0101010101010101 * (\i + 1)), %rax
	movq	%rax, %xmm\i
	punpcklqdq %xmm\i, %xmm\i
	.endr
	cmpl	$0, -64(%rbp)
	je	1f
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vinsertf128 $1, %xmm\i, %ymm\i, %ymm\i
	.endr
1:	movabsq	$0x1111111111111111, %rax
	movabsq	$0x2222222222222222, %rbx
	movabsq	$0x3333333333333333, %rcx
	movabsq	$0x4444444444444444, %rdx
	movabsq	$0x5555555555555555, %rsi
	movabsq	$0x8888888888888888, %r8
	movabsq	$0x9999999999999999, %r9
	movabsq	$0xcccccccccccccccc, %r12
	movabsq	$0xdddddddddddddddd, %r13
	movabsq	$0xeeeeeeeeeeeeeeee, %r14
	movabsq	$0xffffffffffffffff, %r15
	call	__asan_check_load_add_4_RDI
	movq	-48(%rbp), %r10
	movq	%rax, 0(%r10)
	movq	%rbx, 8(%r10)
	movq	%rcx, 16(%r10)
	movq	%rdx, 24(%r10)
	movq	%rsi, 32(%r10)
	movq	%rdi, 40(%r10)
	movq	%r8, 48(%r10)
	movq	%r9, 56(%r10)
	movq	%r12, 64(%r10)
	movq	%r13, 72(%r10)
	movq	%r14, 80(%r10)
	movq	%r15, 88(%r10)
	movq	-56(%rbp), %r10
	cmpl	$0, -64(%rbp)
	je	2f
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vmovdqu	%ymm\i, (\i * 32)(%r10)
	.endr
	vzeroupper
	jmp	3f
2:
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movdqu	%xmm\i, (\i * 32)(%r10)
	.endr
3:	addq	$24, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	ret
	.size	regs_call, .-regs_call
	.section .note.GNU-stack, "", @progbits
