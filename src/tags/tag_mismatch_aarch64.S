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
	.text
	.globl	__hwasan_tag_mismatch
	.type	__hwasan_tag_mismatch, %function
	.hidden	__ksan_tags_mismatch
__hwasan_tag_mismatch:
	add	x29, sp, #232		/* frame record: caller's x29, x30 */
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	str	x18, [sp, #144]
	sub	sp, sp, #384
	stp	q0, q1, [sp, #0]
	stp	q2, q3, [sp, #32]
	stp	q4, q5, [sp, #64]
	stp	q6, q7, [sp, #96]
	stp	q16, q17, [sp, #128]
	stp	q18, q19, [sp, #160]
	stp	q20, q21, [sp, #192]
	stp	q22, q23, [sp, #224]
	stp	q24, q25, [sp, #256]
	stp	q26, q27, [sp, #288]
	stp	q28, q29, [sp, #320]
	stp	q30, q31, [sp, #352]
	mov	x2, x30
	mov	x3, x29
	bl	__ksan_tags_mismatch
	ldp	q0, q1, [sp, #0]
	ldp	q2, q3, [sp, #32]
	ldp	q4, q5, [sp, #64]
	ldp	q6, q7, [sp, #96]
	ldp	q16, q17, [sp, #128]
	ldp	q18, q19, [sp, #160]
	ldp	q20, q21, [sp, #192]
	ldp	q22, q23, [sp, #224]
	ldp	q24, q25, [sp, #256]
	ldp	q26, q27, [sp, #288]
	ldp	q28, q29, [sp, #320]
	ldp	q30, q31, [sp, #352]
	add	sp, sp, #384
	ldp	x0, x1, [sp, #0]
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldp	x8, x9, [sp, #64]
	ldp	x10, x11, [sp, #80]
	ldp	x12, x13, [sp, #96]
	ldp	x14, x15, [sp, #112]
	ldr	x18, [sp, #144]
	ldp	x29, x30, [sp, #232]
	add	sp, sp, #256
	ret
	.size	__hwasan_tag_mismatch, . - __hwasan_tag_mismatch
#endif
	.section .note.GNU-stack,"",%progbits
