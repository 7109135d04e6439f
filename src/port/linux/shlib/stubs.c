/*
 * This file contains what ksan-cc links into an instrumented shared library
 * (libksan_shlib.a) in place of the runtime: one forwarder per runtime entry
 * point, and a first constructor that checks that the executable carries
 * the runtime.
 *
 * The runtime lives in the executable only (ksan-cc links libksan.a into
 * executables and exports its entry points, ksan.exports).  These weak
 * definitions exist so that a library links with -Wl,--no-undefined; they
 * are normally preempted by the executable's, and the library's calls go
 * straight there.  A library linked with a version script that makes
 * everything but its API local ({ global: api; local: *; }, as zlib, liblzma
 * and libtool's -export-symbols do), or with -Bsymbolic,
 * -Bsymbolic-functions or --exclude-libs, binds its calls to these
 * definitions at link time instead, and nothing can preempt them.  So each
 * one forwards: it is a single indirect jump through a slot that holds the
 * executable's definition (dlsym on the executable's handle, checked to lie
 * in the module that has the runtime).  An indirect jump keeps every
 * register and the return address, so one forwarder serves C functions of any
 * signature and clang's register-passing __asan_check_* thunks alike, and
 * the runtime sees the instrumented code as its caller.
 *
 * Inline checks read the process-wide shadow themselves and call only
 * __asan_report_*, outline checks call __asan_load* / __asan_check_*, and
 * the library's own constructors call __asan_register_globals: all of them
 * reach the runtime this way.  Slots are filled by the constructor when the
 * library's calls are not preempted; until then each slot points to a lazy
 * entry that saves the whole register file (XSAVE), resolves, restores it
 * and jumps on, so code that runs before the constructor is forwarded too.
 *
 * Built twice from this file: libksan_shlib.a for KASAN (and UBSAN, KFENCE)
 * and, with -DKSAN_SHLIB_KMSAN, libksan-kmsan_shlib.a for KMSAN, whose
 * instrumented code calls __msan_* instead (src/kmsan/abi.c: the context
 * state, the metadata pairs returned in rax/rdx, which the indirect jump
 * leaves alone).  The library must reach the executable's runtime for all
 * of them: the context state is per thread, and a value's shadow passed
 * from the executable into a library function (or returned from it) lives
 * there.
 *
 * x86-64 and aarch64 (there the forwarders jump through x16, the lazy entry
 * gets the record in x17: the intra-procedure-call registers, which a call
 * may clobber; every forwarded entry point is an AAPCS64 function, so the
 * lazy entry keeps the argument registers x0-x8 and q0-q7).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#if !(defined(__x86_64__) || defined(__aarch64__)) || !defined(__ELF__)
#error "the shared-library forwarders are written for x86-64 and aarch64 ELF"
#endif

#define HIDDEN __attribute__((visibility("hidden")))

/*
 * Every runtime entry point instrumented code or ksan.h may call: the
 * compiler ABI (src/kasan/abi.c, stack.c, globals.c, fakestack.c,
 * ptrpair.c, abi_clang_x86_64.S, src/ubsan/handlers.c) and the public API (ksan.h).
 * tests/unit/ksan-cc.sh checks that this list and the runtime's exported
 * entry points are the same set.
 */
#define CHECKS(X, n)							\
	X(__asan_load##n##_noabort) X(__asan_store##n##_noabort)	\
	X(__asan_load##n) X(__asan_store##n)				\
	X(__asan_report_load##n##_noabort) X(__asan_report_store##n##_noabort) \
	X(__asan_report_load##n) X(__asan_report_store##n)
#define THUNK_REGS(X, op, n)						\
	X(__asan_check_##op##_add_##n##_RAX) X(__asan_check_##op##_add_##n##_RBX) \
	X(__asan_check_##op##_add_##n##_RCX) X(__asan_check_##op##_add_##n##_RDX) \
	X(__asan_check_##op##_add_##n##_RSI) X(__asan_check_##op##_add_##n##_RDI) \
	X(__asan_check_##op##_add_##n##_RBP) X(__asan_check_##op##_add_##n##_R8) \
	X(__asan_check_##op##_add_##n##_R9) X(__asan_check_##op##_add_##n##_R12) \
	X(__asan_check_##op##_add_##n##_R13) X(__asan_check_##op##_add_##n##_R14) \
	X(__asan_check_##op##_add_##n##_R15)
#if defined(__x86_64__)
#define PER_SIZE(X, n)							\
	CHECKS(X, n) THUNK_REGS(X, load, n) THUNK_REGS(X, store, n)
#else	/* the register thunks are x86-64's (abi_clang_x86_64.S) */
#define PER_SIZE(X, n)	CHECKS(X, n)
#endif
#define FAKE(X, c)	X(__asan_stack_malloc_##c) X(__asan_stack_free_##c)
#define UB(X, name)	X(__ubsan_handle_##name) X(__ubsan_handle_##name##_abort)

#define UB_ENTRIES(X)							\
	UB(X, add_overflow) UB(X, sub_overflow) UB(X, mul_overflow)	\
	UB(X, negate_overflow) UB(X, divrem_overflow)			\
	UB(X, shift_out_of_bounds) UB(X, out_of_bounds)		\
	UB(X, type_mismatch) UB(X, type_mismatch_v1)			\
	UB(X, alignment_assumption) UB(X, pointer_overflow)		\
	UB(X, load_invalid_value) UB(X, vla_bound_not_positive)	\
	UB(X, float_cast_overflow) UB(X, implicit_conversion)		\
	UB(X, invalid_builtin) UB(X, nonnull_arg) UB(X, nullability_arg) \
	UB(X, nonnull_return_v1) UB(X, nullability_return_v1)		\
	X(__ubsan_handle_builtin_unreachable) X(__ubsan_handle_missing_return)

/* what fuzzers call (src/port/linux/platform/sanitizer.c), in every runtime */
#define SANITIZER_ENTRIES(X)						\
	X(__sanitizer_set_death_callback) X(__sanitizer_acquire_crash_state) \
	X(__sanitizer_install_malloc_and_free_hooks) X(__sanitizer_set_report_fd) \
	X(__sanitizer_symbolize_pc) X(__sanitizer_get_module_and_offset_for_pc)

/* ksan.h's API (each runtime's api.c), in every runtime */
#define API_ENTRIES(X)							\
	X(ksan_set_report_callback) X(ksan_poison) X(ksan_unpoison)	\
	X(ksan_region_is_poisoned) X(ksan_address_is_poisoned)		\
	X(ksan_check_read) X(ksan_check_write) X(ksan_report_count)	\
	X(ksan_record_aux_stack)					\
	X(ksan_intra_arm) X(ksan_intra_disarm) X(ksan_intra_open)	\
	X(ksan_intra_close) X(ksan_intra_scope_end)			\
	X(ksan_pool_create) X(ksan_pool_destroy) X(ksan_pool_alloc)	\
	X(ksan_pool_free) X(ksan_pool_add_memory) X(ksan_pool_set_type)	\
	X(ksan_set_type) X(ksan_check_type) X(ksan_type_scope_end)	\
	X(ksan_percpu_create) X(ksan_percpu_add_memory)		\
	X(ksan_percpu_alloc) X(ksan_percpu_free) X(ksan_set_multi_shot)	\
	X(ksan_leak_check) X(__lsan_do_leak_check)			\
	X(__lsan_do_recoverable_leak_check) X(__lsan_disable)		\
	X(__lsan_enable) X(__lsan_ignore_object)

#ifndef KSAN_SHLIB_KMSAN
#define KSAN_SHLIB_ENTRIES(X)						\
	PER_SIZE(X, 1) PER_SIZE(X, 2) PER_SIZE(X, 4) PER_SIZE(X, 8) PER_SIZE(X, 16) \
	X(__asan_loadN_noabort) X(__asan_storeN_noabort)		\
	X(__asan_loadN) X(__asan_storeN)				\
	X(__asan_report_load_n_noabort) X(__asan_report_store_n_noabort) \
	X(__asan_report_load_n) X(__asan_report_store_n)		\
	X(__asan_handle_no_return) X(__asan_init)			\
	X(__asan_version_mismatch_check_v8)				\
	X(__kasan_check_read) X(__kasan_check_write)			\
	X(__asan_memcpy) X(__asan_memmove) X(__asan_memset)		\
	X(__asan_poison_memory_region) X(__asan_unpoison_memory_region) \
	X(__asan_address_is_poisoned) X(__asan_region_is_poisoned)	\
	X(__ksan_range_poisoned)						\
	X(__asan_describe_address) X(__sanitizer_print_stack_trace)	\
	X(__sanitizer_ptr_cmp) X(__sanitizer_ptr_sub)			\
	X(__asan_register_globals) X(__asan_unregister_globals)	\
	X(__asan_before_dynamic_init) X(__asan_after_dynamic_init)	\
	X(__asan_alloca_poison) X(__asan_allocas_unpoison)		\
	X(__asan_poison_stack_memory) X(__asan_unpoison_stack_memory)	\
	X(__asan_set_shadow_00) X(__asan_set_shadow_f1) X(__asan_set_shadow_f2) \
	X(__asan_set_shadow_f3) X(__asan_set_shadow_f5) X(__asan_set_shadow_f8) \
	FAKE(X, 0) FAKE(X, 1) FAKE(X, 2) FAKE(X, 3) FAKE(X, 4) FAKE(X, 5) \
	FAKE(X, 6) FAKE(X, 7) FAKE(X, 8) FAKE(X, 9) FAKE(X, 10)	\
	UB_ENTRIES(X) SANITIZER_ENTRIES(X) API_ENTRIES(X)
/* the first record's forwarder: it tells whether the library's calls are
 * preempted by the executable's definitions */
#define FIRST_ENTRY __asan_load1_noabort
#else
/* KMSAN (src/kmsan/abi.c, api.c) and UBSAN beside it (--ksan=kmsan,ubsan) */
#define META(X, dir)							\
	X(__msan_metadata_ptr_for_##dir##_1) X(__msan_metadata_ptr_for_##dir##_2) \
	X(__msan_metadata_ptr_for_##dir##_4) X(__msan_metadata_ptr_for_##dir##_8) \
	X(__msan_metadata_ptr_for_##dir##_n)
#define KSAN_SHLIB_ENTRIES(X)						\
	X(__msan_get_context_state)					\
	META(X, load) META(X, store)					\
	X(__msan_warning) X(__msan_chain_origin)			\
	X(__msan_poison_alloca) X(__msan_unpoison_alloca)		\
	X(__msan_instrument_asm_store)					\
	X(__msan_memcpy) X(__msan_memmove) X(__msan_memset)		\
	X(__msan_poison) X(__msan_unpoison) X(__msan_check_mem_is_initialized) \
	X(__msan_test_shadow)						\
	UB_ENTRIES(X) SANITIZER_ENTRIES(X) API_ENTRIES(X)		\
	X(ksan_check_memory) X(ksan_poison_memory) X(ksan_unpoison_memory)
#define FIRST_ENTRY __msan_get_context_state
#endif

/* The assembler's prefix of a section or symbol type: '@' on x86-64, '%'
 * on aarch64 (where '@' starts a comment). */
#if defined(__x86_64__)
#define TYPE "@"
#else
#define TYPE "%"
#endif

/* A forwarder's record (below), after its code; the same on both. */
#define RECORD(name)							\
	"	.section .data.ksan_fwd, \"aw\", " TYPE "progbits\n"		\
	"	.p2align 3\n"						\
	".Lrec_" #name ":\n"						\
	"	.quad .Llazy_" #name "\n"				\
	"	.quad .Lself_" #name "\n"				\
	"	.asciz \"" #name "\"\n"

#if defined(__x86_64__)
/*
 * One forwarder, as assembly text.  Its record, in .data.ksan_fwd:
 *   8 bytes  where the forwarder jumps: its lazy entry, then the runtime's
 *   8 bytes  the forwarder's own address (never the runtime's)
 *   the name, NUL-terminated, padded to 8 bytes
 * The lazy entry passes the record in %r11, which every caller lets a call
 * clobber (the C ABI, and clang's thunk contract: r10, r11 and flags).
 */
#define FORWARDER(name)							\
	"	.text\n"						\
	"	.weak " #name "\n"					\
	"	.type " #name ", " TYPE "function\n"			\
	"	.p2align 3\n"						\
	#name ":\n"							\
	".Lself_" #name ":\n"						\
	"	jmp *.Lrec_" #name "(%rip)\n"				\
	"	.size " #name ", .-" #name "\n"				\
	".Llazy_" #name ":\n"						\
	"	leaq .Lrec_" #name "(%rip), %r11\n"			\
	"	jmp ksan_fwd_lazy\n"					\
	RECORD(name)

/*
 * The lazy entry: %r11 = the record.  Saves every general register it or
 * the resolver could change and the whole extended state (XSAVE with all
 * enabled components, so vector registers of any width survive; FXSAVE on
 * a CPU without it), resolves, restores, and jumps to the target with the
 * caller's registers and return address as they were.
 */
__asm__(
	"	.pushsection .text\n"
	"	.p2align 4\n"
	"	.globl ksan_fwd_lazy\n"
	"	.hidden ksan_fwd_lazy\n"
	"	.type ksan_fwd_lazy, " TYPE "function\n"
	"ksan_fwd_lazy:\n"
	"	.cfi_startproc\n"
	"	pushq %rbp\n"
	"	.cfi_def_cfa_offset 16\n"
	"	.cfi_offset %rbp, -16\n"
	"	movq %rsp, %rbp\n"
	"	.cfi_def_cfa_register %rbp\n"
	"	pushq %rax\n"
	"	pushq %rbx\n"
	"	pushq %rcx\n"
	"	pushq %rdx\n"
	"	pushq %rsi\n"
	"	pushq %rdi\n"
	"	pushq %r8\n"
	"	pushq %r9\n"
	"	pushq %r10\n"
	"	pushq %r11\n"			/* -80(%rbp): record, then target */
	"	pushfq\n"			/* -88(%rbp) */
	"	movl $1, %eax\n"
	"	cpuid\n"
	"	btl $27, %ecx\n"		/* OSXSAVE */
	"	jnc 2f\n"
	"	movl $0xd, %eax\n"
	"	xorl %ecx, %ecx\n"
	"	cpuid\n"			/* %ebx: XSAVE area size, enabled features */
	"	subq %rbx, %rsp\n"
	"	andq $-64, %rsp\n"
	"	xorl %eax, %eax\n"		/* XRSTOR wants a clean header */
	"	movq %rax, 512(%rsp)\n"
	"	movq %rax, 520(%rsp)\n"
	"	movq %rax, 528(%rsp)\n"
	"	movq %rax, 536(%rsp)\n"
	"	movq %rax, 544(%rsp)\n"
	"	movq %rax, 552(%rsp)\n"
	"	movq %rax, 560(%rsp)\n"
	"	movq %rax, 568(%rsp)\n"
	"	movl $-1, %eax\n"
	"	movl $-1, %edx\n"
	"	xsave64 (%rsp)\n"
	"	movq -80(%rbp), %rdi\n"
	"	call ksan_fwd_resolve\n"
	"	movq %rax, -80(%rbp)\n"
	"	movl $-1, %eax\n"
	"	movl $-1, %edx\n"
	"	xrstor64 (%rsp)\n"
	"	jmp 3f\n"
	"2:	subq $512, %rsp\n"
	"	andq $-16, %rsp\n"
	"	fxsave64 (%rsp)\n"
	"	movq -80(%rbp), %rdi\n"
	"	call ksan_fwd_resolve\n"
	"	movq %rax, -80(%rbp)\n"
	"	fxrstor64 (%rsp)\n"
	"3:	leaq -88(%rbp), %rsp\n"
	"	popfq\n"
	"	popq %r11\n"
	"	popq %r10\n"
	"	popq %r9\n"
	"	popq %r8\n"
	"	popq %rdi\n"
	"	popq %rsi\n"
	"	popq %rdx\n"
	"	popq %rcx\n"
	"	popq %rbx\n"
	"	popq %rax\n"
	"	popq %rbp\n"
	"	.cfi_def_cfa %rsp, 8\n"
	"	jmp *%r11\n"
	"	.cfi_endproc\n"
	"	.size ksan_fwd_lazy, .-ksan_fwd_lazy\n"
	"	.popsection\n");
#else	/* aarch64 */
/* One forwarder and its record (as above); the lazy entry gets the record
 * in x17. */
#define FORWARDER(name)							\
	"	.text\n"						\
	"	.weak " #name "\n"					\
	"	.type " #name ", " TYPE "function\n"			\
	"	.p2align 3\n"						\
	#name ":\n"							\
	".Lself_" #name ":\n"						\
	"	adrp x16, .Lrec_" #name "\n"				\
	"	ldr x16, [x16, :lo12:.Lrec_" #name "]\n"		\
	"	br x16\n"						\
	"	.size " #name ", .-" #name "\n"				\
	".Llazy_" #name ":\n"						\
	"	adrp x17, .Lrec_" #name "\n"				\
	"	add x17, x17, :lo12:.Lrec_" #name "\n"			\
	"	b ksan_fwd_lazy\n"					\
	RECORD(name)

/*
 * The lazy entry: x17 = the record.  Keeps the argument registers (x0-x7,
 * x8 for an indirect result, q0-q7) across the resolver, which keeps the
 * callee-saved ones itself; the rest a call may clobber anyway.
 */
__asm__(
	"	.pushsection .text\n"
	"	.p2align 4\n"
	"	.globl ksan_fwd_lazy\n"
	"	.hidden ksan_fwd_lazy\n"
	"	.type ksan_fwd_lazy, " TYPE "function\n"
	"ksan_fwd_lazy:\n"
	"	.cfi_startproc\n"
	"	stp x29, x30, [sp, #-224]!\n"
	"	.cfi_def_cfa_offset 224\n"
	"	.cfi_offset 29, -224\n"
	"	.cfi_offset 30, -216\n"
	"	mov x29, sp\n"
	"	stp x0, x1, [sp, #16]\n"
	"	stp x2, x3, [sp, #32]\n"
	"	stp x4, x5, [sp, #48]\n"
	"	stp x6, x7, [sp, #64]\n"
	"	str x8, [sp, #80]\n"
	"	stp q0, q1, [sp, #96]\n"
	"	stp q2, q3, [sp, #128]\n"
	"	stp q4, q5, [sp, #160]\n"
	"	stp q6, q7, [sp, #192]\n"
	"	mov x0, x17\n"
	"	bl ksan_fwd_resolve\n"
	"	mov x16, x0\n"
	"	ldp q6, q7, [sp, #192]\n"
	"	ldp q4, q5, [sp, #160]\n"
	"	ldp q2, q3, [sp, #128]\n"
	"	ldp q0, q1, [sp, #96]\n"
	"	ldr x8, [sp, #80]\n"
	"	ldp x6, x7, [sp, #64]\n"
	"	ldp x4, x5, [sp, #48]\n"
	"	ldp x2, x3, [sp, #32]\n"
	"	ldp x0, x1, [sp, #16]\n"
	"	ldp x29, x30, [sp], #224\n"
	"	.cfi_def_cfa_offset 0\n"
	"	br x16\n"
	"	.cfi_endproc\n"
	"	.size ksan_fwd_lazy, .-ksan_fwd_lazy\n"
	"	.popsection\n");
#endif

/* Every forwarder, in one assembly statement, so that the records stay in
 * order between the two bounds. */
__asm__(
	"	.pushsection .data.ksan_fwd, \"aw\", " TYPE "progbits\n"
	"	.p2align 3\n"
	"	.globl ksan_fwd_first\n"
	"	.hidden ksan_fwd_first\n"
	"ksan_fwd_first:\n"
	KSAN_SHLIB_ENTRIES(FORWARDER)
	"	.section .data.ksan_fwd, \"aw\", " TYPE "progbits\n"
	"	.p2align 3\n"
	"	.globl ksan_fwd_end\n"
	"	.hidden ksan_fwd_end\n"
	"ksan_fwd_end:\n"
	"	.popsection\n");

struct fwd {
	void *target;	/* written once per value; a racing writer writes the same */
	void *self;
	char name[];
};

extern char ksan_fwd_first[] HIDDEN, ksan_fwd_end[] HIDDEN;
void FIRST_ENTRY(void);

#ifndef KSAN_SHLIB_KMSAN
/* Compiler ABI (fakestack.c): read by instrumented code, a variable, so it
 * cannot forward; the constructor copies the runtime's value (set at the
 * runtime's start, before any library's constructor) when not preempted. */
__attribute__((weak, visibility("default")))
int __asan_option_detect_stack_use_after_return;
#endif

/* Defined by the runtime, in the executable (src/port/linux/process/shlib_marker.c). */
#define RUNTIME_MARKER "__ksan_runtime"

/* A raw system call: the executable's write() may be KMSAN's, which would
 * judge the loader's strings (written by uninstrumented code) an infoleak. */
static void say(const char *s)
{
	size_t n = strlen(s);

	while (n) {
		long w = syscall(SYS_write, 2, s, n);

		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* This library's file name, as the dynamic loader knows it. */
static const char *library_name(void)
{
	Dl_info info;

	if (dladdr((void *)ksan_fwd_first, &info) && info.dli_fname && *info.dli_fname)
		return info.dli_fname;
	return "a shared library";
}

__attribute__((noreturn)) static void die_no_runtime(void)
{
	say("ksan: ");
	say(library_name());
	say(" is instrumented, but the executable has no ksan runtime: "
	    "link the executable with ksan-cc\n");
	_exit(1);
}

__attribute__((noreturn)) static void die_missing(const char *name)
{
	say("ksan: ");
	say(library_name());
	say(" calls ");
	say(name);
	say(", which the executable's ksan runtime does not have: build the "
	    "library and the executable with the same ksan\n");
	_exit(1);
}

/*
 * The runtime is in the executable (ksan-cc links it into executables
 * only).  Names are looked up through the executable's handle, which
 * searches the executable first, never through RTLD_DEFAULT: for a library
 * linked with -Bsymbolic (DT_SYMBOLIC) that would search the library itself
 * first and find these forwarders.
 */
struct runtime {
	void *handle;		/* dlopen(NULL): the executable, then its dependencies */
	const char *marker;
	uintptr_t lo, hi;	/* the span of the marker's module */
};

/* dl_iterate_phdr callback: the span of the module holding rt->marker. */
static int find_module(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct runtime *rt = arg;
	uintptr_t lo = UINTPTR_MAX, hi = 0, m = (uintptr_t)rt->marker;
	int found = 0;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD)
			continue;
		if (start < lo)
			lo = start;
		if (start + ph->p_memsz > hi)
			hi = start + ph->p_memsz;
		if (m >= start && m < start + ph->p_memsz)
			found = 1;
	}
	if (found) {
		rt->lo = lo;
		rt->hi = hi;
	}
	return found;
}

/* Fills rt; 0 if the executable has no ksan runtime. */
static int find_runtime(struct runtime *rt)
{
	rt->handle = dlopen(NULL, RTLD_LAZY);
	if (!rt->handle)
		return 0;
	rt->marker = dlsym(rt->handle, RUNTIME_MARKER);
	return rt->marker && dl_iterate_phdr(find_module, rt);
}

/* The runtime's definition of name, or NULL. */
static void *lookup_name(const char *name, const struct runtime *rt)
{
	void *target = dlsym(rt->handle, name);

	/* another instrumented library's forwarder is no runtime */
	if ((uintptr_t)target < rt->lo || (uintptr_t)target >= rt->hi)
		return NULL;
	return target;
}

/* The runtime's definition of f's entry point, or NULL. */
static void *lookup(const struct fwd *f, const struct runtime *rt)
{
	return lookup_name(f->name, rt);
}

/* Called by ksan_fwd_lazy: the target for record f (or the process ends). */
HIDDEN void *ksan_fwd_resolve(struct fwd *f)
{
	struct runtime rt;
	void *target;

	if (!find_runtime(&rt))
		die_no_runtime();
	target = lookup(f, &rt);
	if (!target)
		die_missing(f->name);
	__atomic_store_n(&f->target, target, __ATOMIC_RELEASE);
	return target;
}

static struct fwd *next_record(struct fwd *f)
{
	size_t len = strlen(f->name) + 1;

	return (struct fwd *)((char *)f + ((sizeof(*f) + len + 7) & ~(size_t)7));
}

/*
 * First of the library's constructors (priority 0, before the compilers'
 * globals registration at 1 or 99 and any user constructor): no instrumented
 * code of this library has run yet.
 */
static void shlib_init(void)
{
	struct runtime rt;
	void (*init)(void);

	if (!find_runtime(&rt))
		die_no_runtime();
	/* the runtime must be up before this library registers its globals:
	 * musl runs the libraries' constructors first, and no .preinit_array
	 * (src/port/linux/process/init.c) */
	init = (void (*)(void))lookup_name("__ksan_init", &rt);
	if (init)
		init();
	/* preempted: the library's calls already go to the executable */
	if ((void *)FIRST_ENTRY != ((struct fwd *)ksan_fwd_first)->self)
		return;
	for (struct fwd *f = (struct fwd *)ksan_fwd_first; (char *)f < ksan_fwd_end;
	     f = next_record(f)) {
		void *target = lookup(f, &rt);

		/* an entry the runtime lacks stays lazy: it says so if called */
		if (target)
			__atomic_store_n(&f->target, target, __ATOMIC_RELEASE);
	}
#ifndef KSAN_SHLIB_KMSAN
	int *uar = dlsym(rt.handle, "__asan_option_detect_stack_use_after_return");

	if (uar && uar != &__asan_option_detect_stack_use_after_return)
		__asan_option_detect_stack_use_after_return = *uar;
#endif
}

__attribute__((section(".init_array.00000"), used))
static void (*const ksan_shlib_init)(void) = shlib_init;
