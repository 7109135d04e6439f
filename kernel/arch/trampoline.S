/*
 * This file contains the application processors' first instructions: a
 * page of code that smp.c copies to TRAMPOLINE_BASE (below 1 MiB, where a
 * start-up IPI can point) and that goes from real mode through protected
 * mode to long mode on the kernel's page tables, then calls
 * ap_start(cpu) on the stack smp.c left in the page's last words.
 *
 * Never instrumented.  Position: everything is addressed as
 * TRAMPOLINE_BASE + (label - trampoline_start).
 */
#define TRAMPOLINE_BASE 0x70000
#define ADDR(l) (TRAMPOLINE_BASE + ((l) - trampoline_start))

	.section .rodata
	.p2align 12
	.globl	trampoline_start, trampoline_end
	.globl	trampoline_cr3, trampoline_stack, trampoline_cpu
trampoline_start:
	.code16
	cli
	cld
	movw	%cs, %ax		/* 0x7000: the page's own segment */
	movw	%ax, %ds
	lgdtl	tr_gdt_ptr - trampoline_start
	movl	%cr0, %eax
	orl	$1, %eax		/* protected mode */
	movl	%eax, %cr0
	ljmpl	$0x08, $ADDR(tr32)

	.code32
tr32:
	movw	$0x10, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	movl	%cr4, %eax
	orl	$(1 << 5), %eax		/* PAE */
	movl	%eax, %cr4
	movl	ADDR(trampoline_cr3), %eax
	movl	%eax, %cr3
	movl	$0xc0000080, %ecx	/* EFER.LME */
	rdmsr
	orl	$(1 << 8), %eax
	wrmsr
	movl	%cr0, %eax
	orl	$0x80000001, %eax	/* paging, protected */
	movl	%eax, %cr0
	ljmpl	$0x18, $ADDR(tr64)

	.code64
tr64:
	movw	$0x10, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	xorw	%ax, %ax
	movw	%ax, %fs
	movw	%ax, %gs
	movq	ADDR(trampoline_stack), %rsp
	movl	ADDR(trampoline_cpu), %edi
	xorl	%ebp, %ebp		/* the end of every frame-pointer walk */
	movabsq	$ap_start, %rax
	call	*%rax			/* does not return */
1:	cli
	hlt
	jmp	1b

	.p2align 3
tr_gdt:
	.quad	0
	.quad	0x00cf9a000000ffff	/* 0x08: 32-bit code */
	.quad	0x00cf92000000ffff	/* 0x10: data */
	.quad	0x00209a0000000000	/* 0x18: 64-bit code */
tr_gdt_end:
tr_gdt_ptr:
	.word	tr_gdt_end - tr_gdt - 1
	.long	ADDR(tr_gdt)
	.p2align 3
trampoline_cr3:	.quad 0		/* filled in by smp.c before each start */
trampoline_stack: .quad 0
trampoline_cpu:	.long 0
trampoline_end:

	.section .note.GNU-stack, "", @progbits
