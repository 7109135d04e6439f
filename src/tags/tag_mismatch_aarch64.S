/*
 * __hwasan_tag_mismatch: where the compiler's __hwasan_check_x<reg>_<info>
 * functions branch on a mismatch (the kernel's inline mode,
 * -hwasan-inline-all-checks=0; arch/arm64/lib/kasan_sw_tags.S is the
 * kernel's).  Not AAPCS: on entry sp is 256 bytes lower, x0/x1 (address,
 * access info) saved at sp+0, x29/x30 at sp+232; every register but x16,
 * x17 must survive, and x0/x1 come back from the frame.  User code keeps
 * floating-point values live across the check too, so q0-q7 and q16-q31
 * are saved as well (the kernel has none).
 */
#if defined(__aarch64__)
/* op (stp, ldp) on the registers a call may clobber that the frame keeps:
 * x2-x15 and x18 in the 256 bytes the check made, at their slots */
	.macro	x_regs pair, one
	\pair	x2, x3, [sp, #16]
	\pair	x4, x5, [sp, #32]
	\pair	x6, x7, [sp, #48]
	\pair	x8, x9, [sp, #64]
	\pair	x10, x11, [sp, #80]
	\pair	x12, x13, [sp, #96]
	\pair	x14, x15, [sp, #112]
	\one	x18, [sp, #144]
	.endm
/* the same for q0-q7 and q16-q31, in the 384 bytes below */
	.macro	q_regs pair
	\pair	q0, q1, [sp, #0]
	\pair	q2, q3, [sp, #32]
	\pair	q4, q5, [sp, #64]
	\pair	q6, q7, [sp, #96]
	\pair	q16, q17, [sp, #128]
	\pair	q18, q19, [sp, #160]
	\pair	q20, q21, [sp, #192]
	\pair	q22, q23, [sp, #224]
	\pair	q24, q25, [sp, #256]
	\pair	q26, q27, [sp, #288]
	\pair	q28, q29, [sp, #320]
	\pair	q30, q31, [sp, #352]
	.endm

	.text
	.globl	__hwasan_tag_mismatch
	.type	__hwasan_tag_mismatch, %function
	.hidden	__ksan_tags_mismatch
__hwasan_tag_mismatch:
	add	x29, sp, #232		/* frame record: caller's x29, x30 */
	x_regs	stp, str
	sub	sp, sp, #384
	q_regs	stp
	mov	x2, x30
	mov	x3, x29
	bl	__ksan_tags_mismatch
	q_regs	ldp
	add	sp, sp, #384
	ldp	x0, x1, [sp, #0]
	x_regs	ldp, ldr
	ldp	x29, x30, [sp, #232]
	add	sp, sp, #256
	ret
	.size	__hwasan_tag_mismatch, . - __hwasan_tag_mismatch
#endif
	.section .note.GNU-stack,"",%progbits
