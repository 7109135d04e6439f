/*
 * This file contains the interrupt and exception entry stubs (one per
 * vector 0..49: exceptions, the PIC's IRQs, the IPI and spurious vectors;
 * all through one common path that saves struct pt_regs and calls
 * trap_dispatch), and the task switch.
 */
	.text

.macro STUB v
	.p2align 4
isr_\v:
	/* vectors 8, 10-14, 17, 21, 29 and 30 push an error code */
	.if !(\v == 8 || (\v >= 10 && \v <= 14) || \v == 17 || \v == 21 || \v == 29 || \v == 30)
	pushq	$0			/* no error code: keep the frame's shape */
	.endif
	pushq	$\v
	jmp	isr_common
.endm

#define VECTORS 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23, \
	24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47, \
	48,49
.irp v, VECTORS
	STUB \v
.endr

	.p2align 4
isr_common:
	cld
	pushq	%rax
	pushq	%rbx
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%rbp
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, %rdi		/* struct pt_regs * (16-byte aligned) */
	call	trap_dispatch
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rbp
	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rbx
	popq	%rax
	addq	$16, %rsp		/* vector, error code */
	iretq

/* The stubs' addresses, for the IDT. */
	.section .rodata
	.p2align 3
	.globl	isr_stub_table
isr_stub_table:
.irp v, VECTORS
	.quad	isr_\v
.endr

/*
 * void switch_stack(uintptr_t *save_rsp, uintptr_t new_rsp): save the
 * callee-saved registers and flags on this stack, its pointer in
 * *save_rsp, and resume whatever new_rsp was saved by (or prepared as:
 * see task.c).
 */
	.text
	.globl	switch_stack
	.type	switch_stack, @function
switch_stack:
	pushq	%rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	pushfq
	movq	%rsp, (%rdi)
	movq	%rsi, %rsp
	popfq
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	ret
	.size	switch_stack, . - switch_stack

/* A new task's first instructions: fn (r12) with arg (r13), then exit. */
	.globl	task_entry
	.type	task_entry, @function
task_entry:
	movq	%r13, %rdi
	call	*%r12
	call	task_exit_current	/* does not return */
	ud2
	.size	task_entry, . - task_entry

	.section .note.GNU-stack, "", @progbits
