/* bench/floors/null_entries.S: instrumentation entry points that return at
 * once, linked ahead of ksan's runtime (-Wl,--allow-multiple-definition;
 * the first definition wins) by bench/run.sh's floor variants.  They miss
 * every bug: those binaries only measure.  x86-64 only.
 *
 * - ksan-outline-*-nullcheck: KASAN's outline entry points (GCC's
 *   __asan_{load,store}N[_noabort], clang's register thunks
 *   __asan_check_{load,store}_add_N_REG): what is left is the call per
 *   access itself, the floor of any outline runtime.
 * - kcsan-*-nullrt: the TSan ABI's plain-access entry points (what
 *   -fsanitize=thread calls for every load and store); the atomics, fences
 *   and __tsan_init stay the runtime's: the floor of KCSAN with that ABI.
 */
	.text
.macro null_entry name
	.globl \name
	.type \name, @function
\name:
	ret
	.size \name, . - \name
.endm

/* KASAN, outline */
.macro sized kind, n
	null_entry __asan_\kind\n
	null_entry __asan_\kind\n\()_noabort
.endm
.macro thunks kind, n
	.irp reg, RAX, RBX, RCX, RDX, RSI, RDI, RBP, R8, R9, R10, R11, R12, R13, R14, R15
	null_entry __asan_check_\kind\()_add_\n\()_\reg
	.endr
.endm
.irp kind, load, store
	.irp n, 1, 2, 4, 8, 16, N
	sized \kind, \n
	.endr
	.irp n, 1, 2, 4, 8, 16
	thunks \kind, \n
	.endr
.endr

/* KCSAN: the TSan ABI's plain accesses */
.irp kind, read, write, read_write, unaligned_read, unaligned_write, volatile_read, volatile_write, unaligned_volatile_read, unaligned_volatile_write
	.irp n, 1, 2, 4, 8, 16
	null_entry __tsan_\kind\n
	.endr
.endr
	null_entry __tsan_read_range
	null_entry __tsan_write_range
	null_entry __tsan_func_entry
	null_entry __tsan_func_exit
	.section .note.GNU-stack, "", @progbits
