/*
 * This file contains the kernel's first instructions: the Multiboot
 * (version 1) header QEMU's -kernel loader looks for, the 32-bit entry
 * (protected mode, paging off), boot page tables identity-mapping the first
 * GiB with 2 MiB pages, the switch to long mode, and the jump to the first
 * C function, early_start(magic, info), on the boot stack.
 *
 * Never instrumented: nothing here has shadow yet.
 */
#define MB_MAGIC	0x1badb002
#define MB_FLAGS	0x00000003	/* page-aligned modules, memory map */
#define MSR_EFER	0xc0000080
#define EFER_LME	(1 << 8)
#define CR0_PE		(1 << 0)
#define CR0_PG		(1 << 31)
#define CR4_PAE		(1 << 5)
#define PTE_P		(1 << 0)
#define PTE_W		(1 << 1)
#define PTE_PS		(1 << 7)

	.section .multiboot, "a"
	.p2align 2
	.long	MB_MAGIC
	.long	MB_FLAGS
	.long	-(MB_MAGIC + MB_FLAGS)	/* the three sum to 0 */

	.section .bss
	.p2align 12
boot_pml4:	.skip 4096
boot_pdpt:	.skip 4096
boot_pd:	.skip 4096
	.globl	boot_stack_bottom, boot_stack_top
boot_stack_bottom:
	.skip	16384
boot_stack_top:

	.section .rodata
	.p2align 3
boot_gdt:
	.quad	0
	.quad	0x00209a0000000000	/* 0x08: 64-bit code, present, ring 0 */
	.quad	0x0000920000000000	/* 0x10: data, present, writable */
boot_gdt_end:
boot_gdt_ptr:
	.word	boot_gdt_end - boot_gdt - 1
	.quad	boot_gdt

	.section .text.boot, "ax"
	.code32
	.globl	_start
_start:
	cli
	cld
	movl	%eax, %ebp		/* Multiboot magic (%ebx: its information) */

	/* zero .bss (the loader should have; the page tables and the boot
	 * stack live there) */
	movl	$__bss_start, %edi
	movl	$__bss_end, %ecx
	subl	%edi, %ecx
	xorl	%eax, %eax
	rep stosb
	movl	$boot_stack_top, %esp
	movl	%ebp, %edi		/* early_start's 1st argument: the magic */
	movl	%ebx, %esi		/* its 2nd: the information's address */

	/* PML4[0] -> PDPT, PDPT[0] -> PD, PD[i] -> 2 MiB page i (1 GiB) */
	movl	$boot_pdpt, %eax
	orl	$(PTE_P | PTE_W), %eax
	movl	%eax, boot_pml4
	movl	$boot_pd, %eax
	orl	$(PTE_P | PTE_W), %eax
	movl	%eax, boot_pdpt
	xorl	%ecx, %ecx
1:	movl	%ecx, %eax
	shll	$21, %eax
	orl	$(PTE_P | PTE_W | PTE_PS), %eax
	movl	%eax, boot_pd(, %ecx, 8)
	incl	%ecx
	cmpl	$512, %ecx
	jne	1b

	movl	$boot_pml4, %eax
	movl	%eax, %cr3
	movl	%cr4, %eax
	orl	$CR4_PAE, %eax
	movl	%eax, %cr4
	movl	$MSR_EFER, %ecx
	rdmsr
	orl	$EFER_LME, %eax
	wrmsr
	movl	%cr0, %eax
	orl	$(CR0_PG | CR0_PE), %eax
	movl	%eax, %cr0

	lgdt	boot_gdt_ptr
	ljmp	$0x08, $long_mode

	.code64
long_mode:
	movw	$0x10, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	xorw	%ax, %ax
	movw	%ax, %fs
	movw	%ax, %gs
	movq	$boot_stack_top, %rsp
	xorl	%ebp, %ebp		/* the end of every frame-pointer walk */
	call	early_start		/* does not return */
2:	cli
	hlt
	jmp	2b

	.section .note.GNU-stack, "", @progbits
