/*
 * This file contains the fuzz target of the ELF symbol tables the Linux
 * port reads from each loaded module (sym_elf_read, symbolize_elf.c): the
 * input is the module's file as mapped, then lookups of its function
 * symbols and of addresses around them are checked against what the table
 * may answer.
 */
#include <stdlib.h>
#include <string.h>
#include "port/linux/symbolize/symbolize.h"
#include "fuzz.h"

static void check_fn(const struct sym_module *m, const struct sym_fn *f, uintptr_t a)
{
	if (!f)
		return;
	if (f < m->syms || f >= m->syms + m->nsyms || f->start > a ||
	    (f->size && a - f->start >= f->size))
		__builtin_trap();
	(void)strlen(m->strtab + f->name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sym_module m;
	void *img;
	size_t i;

	/* a mapping starts on a page; 64 is what a Shdr or Sym could need */
	if (posix_memalign(&img, 64, size ? size : 1))
		return 0;
	memcpy(img, data, size);
	memset(&m, 0, sizeof(m));
	sym_elf_read(&m, img, size);
	for (i = 0; i < m.nsyms; i++) {
		const struct sym_fn *f = &m.syms[i];

		if (i && f->start <= m.syms[i - 1].start)
			__builtin_trap();	/* sorted, one per start */
		check_fn(&m, sym_fn_find(&m, f->start), f->start);
		check_fn(&m, sym_fn_find(&m, f->start - 1), f->start - 1);
		check_fn(&m, sym_fn_find(&m, f->start + f->size), f->start + f->size);
	}
	check_fn(&m, sym_fn_find(&m, 0), 0);
	check_fn(&m, sym_fn_find(&m, ~(uintptr_t)0), ~(uintptr_t)0);
	free(img);
	fuzz_free_all();
	return 0;
}
