/* bench/floors/null_tsan.S: the plain-access entry points of the TSan ABI
 * (what -fsanitize=thread calls for every load and store) returning at once,
 * linked ahead of libksan-kcsan.a (-Wl,--allow-multiple-definition; the
 * first definition wins) by bench/run.sh's kcsan-*-nullrt variants.  The
 * atomics, fences and __tsan_init stay the runtime's.  What is left is the
 * compiler's instrumentation with a runtime that costs nothing per access:
 * the floor of KCSAN / native with this ABI (issue 29).  x86-64 only. */
	.text
.macro null_entry name
	.globl \name
	.type \name, @function
\name:
	ret
	.size \name, . - \name
.endm
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
