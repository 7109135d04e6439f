/*
 * This file contains the x86-64 outline checks' code as assembler macros,
 * shared by generic KASAN's freestanding entry points (abi_clang_x86_64.S,
 * which test the address's range first) and the Linux port's
 * (port/linux/kasan/outline_x86_64.S, which leave that test to the fault
 * handler).  The file that includes it defines:
 *   BEGIN(name)          the symbol's directives (binding, type, label);
 *   RANGE(reg)           what runs first: the range test, or nothing;
 *   AT_SHADOW_LOAD(reg)  what marks the first shadow load (the load that
 *                        faults for an address without mapped shadow);
 * and kasan_outline_slow (abi_clang_x86_64.S): the slow path.
 * OUTLINE_THUNKS makes __asan_check_{load,store}_add_{1,2,4,8,16}_<REG>
 * for every <REG> Clang passes the address in.
 */
#ifndef KSAN_KASAN_OUTLINE_X86_64_H
#define KSAN_KASAN_OUTLINE_X86_64_H

#define SHADOW_OFFSET	KASAN_SHADOW_OFFSET

/* The slow path for this thunk's address, size and direction. */
#define SLOW(reg, size, write)						\
9:	movq	%reg, %r10;						\
	movl	$((size) << 1 | (write)), %r11d;			\
	jmp	kasan_outline_slow

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
	AT_SHADOW_LOAD(reg);						\
	cmpb	$0, SHADOW_OFFSET(%r10);				\
	jne	1f;							\
	ALIGNED_##size(reg);						\
	ret;								\
	UNALIGNED_##size(reg);						\
1:	movsbl	SHADOW_OFFSET(%r10), %r10d;				\
	movl	%reg##_low, %r11d;					\
	andl	$7, %r11d;						\
	addl	$((size) - 1), %r11d;					\
	cmpl	%r10d, %r11d;						\
	jge	9f;							\
	ret;								\
	SLOW(reg, size, write);						\
END(__asan_check_##op##_add_##size##_##REG)

/* A clean granule: the access must not run into the next one.  An
 * access aligned to its size never does (one test); an unaligned one
 * (UNALIGNED_<size>, after the aligned path's ret) compares its offset in
 * the granule. */
#define ALIGNED_1(reg)
#define ALIGNED_2(reg)							\
	testl	$1, %reg##_low;						\
	jnz	2f
#define ALIGNED_4(reg)							\
	testl	$3, %reg##_low;						\
	jnz	2f
#define ALIGNED_8(reg)							\
	testl	$7, %reg##_low;						\
	jnz	9f
/* the last offset in the granule at which the access still fits */
#define UNALIGNED(reg, last)						\
2:	movl	%reg##_low, %r11d;					\
	andl	$7, %r11d;						\
	cmpl	$(last), %r11d;						\
	ja	9f;							\
	ret
#define UNALIGNED_1(reg)
#define UNALIGNED_2(reg)	UNALIGNED(reg, 6)
#define UNALIGNED_4(reg)	UNALIGNED(reg, 4)
#define UNALIGNED_8(reg)

/* 16 bytes: aligned to 8 and two clean granules; else the slow path. */
#define CHECK_16(op, write, REG, reg)					\
BEGIN(__asan_check_##op##_add_16_##REG)					\
	RANGE(reg);							\
	testl	$7, %reg##_low;						\
	jnz	9f;							\
	movq	%reg, %r10;						\
	shrq	$3, %r10;						\
	AT_SHADOW_LOAD(reg);						\
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

/* every register Clang may pass the address in */
#define OUTLINE_THUNKS							\
	REGISTER(RAX, rax)						\
	REGISTER(RBX, rbx)						\
	REGISTER(RCX, rcx)						\
	REGISTER(RDX, rdx)						\
	REGISTER(RSI, rsi)						\
	REGISTER(RDI, rdi)						\
	REGISTER(RBP, rbp)						\
	REGISTER(R8, r8)						\
	REGISTER(R9, r9)						\
	REGISTER(R12, r12)						\
	REGISTER(R13, r13)						\
	REGISTER(R14, r14)						\
	REGISTER(R15, r15)

#endif
