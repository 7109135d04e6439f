/*
 * This file contains UBSAN's private interface: the compilers' source
 * location and type descriptor (compiler ABI, don't change) and the report
 * calls handlers.c makes into report.c.
 */
#ifndef KSAN_UBSAN_H
#define KSAN_UBSAN_H

#include "core/core.h"

/* Compiler ABI (gcc 12, clang 14): see compiler-abi.md section 6.2. */
struct ubsan_loc {
	const char *file;
	uint32_t line;
	uint32_t column;	/* ~0 once reported (compiler-rt's convention) */
};

enum { UBSAN_TK_INT = 0, UBSAN_TK_FLOAT = 1, UBSAN_TK_UNKNOWN = 0xffff };
struct ubsan_type {
	uint16_t kind;
	uint16_t info;	/* int: log2(bits) << 1 | signed; float: bits */
	char name[];	/* with its quotes: 'int' */
};

/* ---- report.c ---- */
/*
 * Start a report of check at *loc (from the handler's own pc and frame).
 * Returns 0 when it must not be made: the location was reported before
 * (the column is swapped to ~0, as compiler-rt does; a report that halts
 * is made all the same) or it would recurse; when halt, the program stops
 * there instead.  On 1, the message is built with ubsan_msg() and the report
 * ends with ubsan_end(), where the one report path (core_report_emit) applies
 * the suppressions, the callback and the layout.
 */
int ubsan_begin(struct ubsan_loc *loc, const char *check, int halt, uintptr_t pc,
		uintptr_t fp);
struct core_buf *ubsan_msg(void);
/* Emit (suppressions, callback, layout), apply the halt policy: stop when
 * halt, or when halt_on_error=1. */
void ubsan_end(int halt, uintptr_t addr);
/* Between ubsan_begin and ubsan_end: the asan layout adds compiler-rt's
 * "pointer points here" note with the memory around p (report_note.c). */
void ubsan_note_pointer(uintptr_t p);
void ubsan_print_memory_note(uintptr_t p);

int ubsan_type_bits(const struct ubsan_type *t);
int ubsan_type_signed(const struct ubsan_type *t);
/* Value as the handler got it (inline bits, or a pointer when wider than
 * a pointer), sign-extended per the type, low 64 bits. */
int64_t ubsan_sval(const struct ubsan_type *t, uintptr_t v);
uint64_t ubsan_uval(const struct ubsan_type *t, uintptr_t v);
int ubsan_is_negative(const struct ubsan_type *t, uintptr_t v);
/* Append the value as compiler-rt prints it. */
void ubsan_put_value(struct core_buf *b, const struct ubsan_type *t, uintptr_t v);

/* The suppressions text (ubsan:<check>:<glob> lines, # comments), read by
 * the port from path at start-up and kept for the process lifetime.
 * Returns 0, or -1 with a one-line message in err naming the first bad
 * line (then nothing is suppressed). */
int ubsan_set_suppressions(const char *text, const char *path, char *err,
			   size_t errlen);
/* suppress.c: 1 if a line covers a report of check at file (may be NULL)
 * whose pc is pc (the function there, or one inlined at it). */
int ubsan_suppressed(const char *check, const char *file, uintptr_t pc);

#endif /* KSAN_UBSAN_H */
