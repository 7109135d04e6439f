/*
 * This file contains the fuzz target of the external symbolizer's answers
 * (src/port/linux/symbolize/answer.c): the input's first three bytes pick
 * the tool (llvm-symbolizer or addr2line), the answer buffer's size (from
 * 16 bytes, so that long lines overflow it, to the runtime's 64 KiB) and
 * the size of each read; the rest is what the child writes.  It is read as
 * symbolize_tool.c reads it, and a complete answer parsed; then the whole
 * rest is parsed as one answer as well.
 */
#include <string.h>
#include "port/linux/symbolize/symbolize.h"
#include "fuzz.h"

static void check_sym(const struct ksan_symbol *s)
{
	int i;

	/* a name is NULL when unknown, never "" (reports print it) */
	if ((s->file && !*s->file) || (s->function && !*s->function))
		__builtin_trap();
	if (sym_nchain < 0 || sym_nchain > SYM_MAX_FRAMES)
		__builtin_trap();
	for (i = 0; i < sym_nchain; i++)
		if ((sym_chain[i].file && !*sym_chain[i].file) ||
		    (sym_chain[i].function && !*sym_chain[i].function))
			__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ksan_symbol sym;
	struct sym_answer a;
	size_t cap, chunk, at = 3, room, n;
	int a2l, done = 0;
	char *buf, *whole;

	if (size < 3)
		return 0;
	a2l = data[0] & 1;
	cap = data[1] == 255 ? 65536 : 16 + (size_t)data[1] * 8;
	chunk = 1 + data[2];
	buf = fuzz_alloc(cap);		/* exact: ASan sees a byte past it */
	sym_answer_start(&a, buf, cap, a2l);
	while (at < size && !done) {
		char *to = sym_answer_space(&a, &room);

		if (!room || to < buf || to + room > buf + cap - 1)
			__builtin_trap();
		n = size - at < chunk ? size - at : chunk;
		n = n < room ? n : room;
		memcpy(to, data + at, n);
		at += n;
		done = sym_answer_add(&a, n);
	}
	sym_nchain = 0;
	memset(&sym, 0, sizeof(sym));
	sym.module_offset = data[2] * 16;
	if (done && !a.over) {
		if (!memchr(buf, 0, cap))
			__builtin_trap();
		sym_parse_answer(buf, a2l, &sym);
		check_sym(&sym);
	}
	/* any text at all, as if it were one answer */
	whole = fuzz_alloc(size - 3 + 1);
	memcpy(whole, data + 3, size - 3);
	whole[size - 3] = 0;
	sym_nchain = 0;
	memset(&sym, 0, sizeof(sym));
	sym_parse_answer(whole, a2l, &sym);
	check_sym(&sym);
	fuzz_free_all();
	return 0;
}
