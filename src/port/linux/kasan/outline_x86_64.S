/*
 * This file contains the Linux port's outline checks on x86-64, which
 * replace generic KASAN's weak ones: GCC's __asan_{load,store}{1,2,4,8,16}_noabort
 * (aliases of the %rdi thunks: the address comes in %rdi and the thunks
 * clobber less than the C calling convention allows) and Clang's
 * __asan_check_{load,store}_add_{1,2,4,8,16}_<REG> (src/kasan/outline_x86_64.h).
 * Compiler ABI: names and register contract must not change.
 *
 * The fast path has no range test: it loads the shadow of any address.
 * An address outside [KASAN_NULL_LIMIT, 2^47 - 16) (the null pages, the top
 * of user space, non-canonical and kernel addresses) either has shadow that
 * is never mapped or is no address at all, so the load faults, and the
 * fault handler (kasan/fault.c) finds the thunk in kasan_outline_table,
 * reads the address from the thunk's register and, for such an address,
 * resumes at the thunk's slow path, which reports as before.
 */
#include "../../../kasan/layout.h"
#include "../../../kasan/outline_x86_64.h"

#if defined(__x86_64__) && defined(__ELF__)

#define RANGE(reg)

#define BEGIN(name)							\
	.p2align 4;							\
	.globl	name;							\
	.type	name, @function;					\
name:									\
	.cfi_startproc;

/* glibc's <sys/ucontext.h> REG_* indices (the kernel's sigcontext order)
 * of the registers the thunks take the address in */
#define GREG_r8		0
#define GREG_r9		1
#define GREG_r12	4
#define GREG_r13	5
#define GREG_r14	6
#define GREG_r15	7
#define GREG_rdi	8
#define GREG_rsi	9
#define GREG_rbp	10
#define GREG_rbx	11
#define GREG_rdx	12
#define GREG_rax	13
#define GREG_rcx	14

/* One record per thunk (struct kasan_outline_pc in kasan/fault.c): the
 * shadow load's and the slow path's offsets from kasan_outline_text (no
 * relocation: the table stays read-only in a PIE), the register holding
 * the address. */
#define AT_SHADOW_LOAD(reg)						\
8:	.pushsection .rodata.kasan_outline, "a";			\
	.long	8b - kasan_outline_text, 9f - kasan_outline_text, GREG_##reg; \
	.popsection

	.pushsection .rodata.kasan_outline, "a"
	.p2align 2
	.globl	kasan_outline_table
	.hidden	kasan_outline_table
kasan_outline_table:
	.popsection

	.text
	.globl	kasan_outline_text
	.hidden	kasan_outline_text
kasan_outline_text:

OUTLINE_THUNKS

	.globl	kasan_outline_text_end
	.hidden	kasan_outline_text_end
kasan_outline_text_end:

	.pushsection .rodata.kasan_outline, "a"
	.globl	kasan_outline_table_end
	.hidden	kasan_outline_table_end
kasan_outline_table_end:
	.popsection

/* GCC's outline checks (-fsanitize=kernel-address, outline): makes
 * __asan_load1_noabort ... __asan_load16_noabort and
 * __asan_store1_noabort ... __asan_store16_noabort */
#define GCC_NAME(op, size)						\
	.globl	__asan_##op##size##_noabort;				\
	.type	__asan_##op##size##_noabort, @function;			\
	.set	__asan_##op##size##_noabort, __asan_check_##op##_add_##size##_RDI;
#define GCC_NAMES(op)							\
	GCC_NAME(op, 1) GCC_NAME(op, 2) GCC_NAME(op, 4) GCC_NAME(op, 8) GCC_NAME(op, 16)
GCC_NAMES(load)
GCC_NAMES(store)

#endif
	.section .note.GNU-stack,"",@progbits
