/*
 * thunk_call(fn, in, out): load every general register but %rsp from in[0..15]
 * (rax rbx rcx rdx rsi rdi rbp r8 r9 r10 r11 r12 r13 r14 r15, then a pad)
 * and %xmm0-15 from in[16..47], call fn, store the same registers to out.
 * thunk_call_ret is the return address the callee sees.
 */
	.text
	.globl	thunk_call
	.globl	thunk_call_ret
	.type	thunk_call, @function
thunk_call:
	pushq	%rbp
	movq	%rsp, %rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	pushq	%rdx			/* out: 16(%rsp) */
	pushq	%rdi			/* fn: 8(%rsp) */
	subq	$8, %rsp		/* 16-byte aligned at the call */
	movq	%rsi, %r11
	movdqu	128(%r11), %xmm0
	movdqu	144(%r11), %xmm1
	movdqu	160(%r11), %xmm2
	movdqu	176(%r11), %xmm3
	movdqu	192(%r11), %xmm4
	movdqu	208(%r11), %xmm5
	movdqu	224(%r11), %xmm6
	movdqu	240(%r11), %xmm7
	movdqu	256(%r11), %xmm8
	movdqu	272(%r11), %xmm9
	movdqu	288(%r11), %xmm10
	movdqu	304(%r11), %xmm11
	movdqu	320(%r11), %xmm12
	movdqu	336(%r11), %xmm13
	movdqu	352(%r11), %xmm14
	movdqu	368(%r11), %xmm15
	movq	0(%r11), %rax
	movq	8(%r11), %rbx
	movq	16(%r11), %rcx
	movq	24(%r11), %rdx
	movq	32(%r11), %rsi
	movq	40(%r11), %rdi
	movq	48(%r11), %rbp
	movq	56(%r11), %r8
	movq	64(%r11), %r9
	movq	72(%r11), %r10
	movq	88(%r11), %r12
	movq	96(%r11), %r13
	movq	104(%r11), %r14
	movq	112(%r11), %r15
	movq	80(%r11), %r11
	call	*8(%rsp)
thunk_call_ret:
	movq	16(%rsp), %r11		/* out */
	movq	%rax, 0(%r11)
	movq	%rbx, 8(%r11)
	movq	%rcx, 16(%r11)
	movq	%rdx, 24(%r11)
	movq	%rsi, 32(%r11)
	movq	%rdi, 40(%r11)
	movq	%rbp, 48(%r11)
	movq	%r8, 56(%r11)
	movq	%r9, 64(%r11)
	movq	%r10, 72(%r11)
	movq	$0, 80(%r11)
	movq	%r12, 88(%r11)
	movq	%r13, 96(%r11)
	movq	%r14, 104(%r11)
	movq	%r15, 112(%r11)
	movdqu	%xmm0, 128(%r11)
	movdqu	%xmm1, 144(%r11)
	movdqu	%xmm2, 160(%r11)
	movdqu	%xmm3, 176(%r11)
	movdqu	%xmm4, 192(%r11)
	movdqu	%xmm5, 208(%r11)
	movdqu	%xmm6, 224(%r11)
	movdqu	%xmm7, 240(%r11)
	movdqu	%xmm8, 256(%r11)
	movdqu	%xmm9, 272(%r11)
	movdqu	%xmm10, 288(%r11)
	movdqu	%xmm11, 304(%r11)
	movdqu	%xmm12, 320(%r11)
	movdqu	%xmm13, 336(%r11)
	movdqu	%xmm14, 352(%r11)
	movdqu	%xmm15, 368(%r11)
	addq	$24, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	ret
	.size	thunk_call, .-thunk_call
	.section .note.GNU-stack,"",@progbits
