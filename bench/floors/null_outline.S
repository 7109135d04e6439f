/* bench/floors/null_outline.S: outline KASAN entry points that return at
 * once, linked ahead of libksan.a (-Wl,--allow-multiple-definition; the
 * first definition wins) by bench/run.sh's *-nullcheck variants.  What is
 * left is the cost of the call per access itself: the floor of any outline
 * runtime, whatever its check does (issue 29's outline goal).  x86-64 only;
 * never linked into anything but those benchmark binaries. */
	.text
.macro null_entry name
	.globl \name
	.type \name, @function
\name:
	ret
	.size \name, . - \name
.endm
.macro sized kind, n
	null_entry __asan_\kind\n
	null_entry __asan_\kind\n\()_noabort
.endm
.macro thunk kind, n, reg
	null_entry __asan_check_\kind\()_add_\n\()_\reg
.endm
.macro thunks kind, n
	.irp reg, RAX, RBX, RCX, RDX, RSI, RDI, RBP, R8, R9, R10, R11, R12, R13, R14, R15
	thunk \kind, \n, \reg
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
	.section .note.GNU-stack, "", @progbits
