/*
 * This file contains the Linux port's reading of the external symbolizer's
 * answers, apart from the process and its pipes (symbolize/tool.c): where an
 * answer ends in the bytes read so far, and what its lines say.  No I/O, so
 * the fuzz targets (tests/fuzz/) can feed it any bytes.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include "symbolize.h"

struct raw {			/* one frame of the tool's answer, unparsed */
	char *fn, *file;
	unsigned long line, column, start;
};

struct sym_iframe sym_chain[SYM_MAX_FRAMES];	/* the lookup in progress */
int sym_nchain;
static struct raw raws[SYM_MAX_FRAMES];

void sym_answer_start(struct sym_answer *a, char *buf, size_t cap, int sentinel)
{
	sym_zero(a, sizeof(*a));
	a->buf = buf;
	a->cap = cap;
	a->sentinel = sentinel;
	a->after = -1;
}

char *sym_answer_space(struct sym_answer *a, size_t *room)
{
	if (a->len == a->cap - 1) {	/* keep the last line only */
		a->over = 1;
		if (!a->line)
			a->cut = 1, a->len = 0;	/* gone: not blank */
		sym_copy(a->buf, a->buf + a->line, a->len - a->line);
		a->len -= a->line;
		a->line = 0;
	}
	*room = a->cap - 1 - a->len;
	return a->buf + a->len;
}

int sym_answer_add(struct sym_answer *a, size_t n)
{
	size_t i;

	for (i = a->len, a->len += n; i < a->len; i++) {
		if (a->buf[i] != '\n')
			continue;
		if (a->sentinel && a->after >= 0)
			a->after++;
		else if (a->sentinel && !a->cut &&
			 i - a->line == sizeof(SYM_A2L_SENTINEL) - 1 &&
			 !strncmp(a->buf + a->line, SYM_A2L_SENTINEL, i - a->line))
			a->after = 0;
		if (a->sentinel ? a->after == 2 : a->lines && i == a->line && !a->cut) {
			a->buf[i + 1] = 0;
			return 1;
		}
		a->lines++;
		a->line = i + 1;
		a->cut = 0;
	}
	return 0;
}

static struct raw *next_raw(int *n)
{
	struct raw *r = &raws[*n < SYM_MAX_FRAMES ? (*n)++ : SYM_MAX_FRAMES - 1];

	sym_zero(r, sizeof(*r));
	return r;
}

/*
 * The answer's frames into raws[], innermost first; returns how many.  Past
 * SYM_MAX_FRAMES the middle ones are dropped: the last stays the real function.
 * addr2line -f -i -a: "0xaddr" then "fn" and "file:line[ (discriminator
 * n)]" per frame, then the sentinel's.  llvm-symbolizer --verbose, per
 * frame: "fn" then "  Key: value" lines (Filename, Line, Column, Function
 * start address...); a blank line ends the answer.
 */
static int split_answer(char *l, int a2l)
{
	struct raw *r = NULL;
	char *c, *t, *fn = NULL;
	int n = 0, k;

	for (k = 0; (c = strchr(l, '\n')); l = c + 1, k++) {
		*c = 0;
		if (a2l) {
			if (!k)
				continue;
			if (k & 1) {
				if (!strcmp(l, SYM_A2L_SENTINEL))
					break;
				fn = l;
				continue;
			}
			r = next_raw(&n);
			r->fn = fn;
			if ((t = strstr(l, " (discriminator ")))
				*t = 0;
			if ((t = strrchr(l, ':')))
				*t = 0, r->file = l, r->line = strtoul(t + 1, NULL, 10);
			continue;
		}
		if (!*l)
			break;
		if (*l != ' ') {
			r = next_raw(&n);
			r->fn = l;
			continue;
		}
		while (*l == ' ')
			l++;
		if (!r)
			continue;
		if (!strncmp(l, "Filename: ", 10))
			r->file = l + 10;
		else if (!strncmp(l, "Line: ", 6))
			r->line = strtoul(l + 6, NULL, 10);
		else if (!strncmp(l, "Column: ", 8))
			r->column = strtoul(l + 8, NULL, 10);
		else if (!strncmp(l, "Function start address: ", 24))
			r->start = strtoul(l + 24, NULL, 16);
	}
	return n;
}

/* "??", "??:0", "??:?", line 0: unknown.  Else the file, without "./"
 * (which alone names none: unknown too, not ""). */
static const char *raw_file(const struct raw *r)
{
	const char *f = r->file;

	if (!f || !r->line || !strcmp(f, "??"))
		return NULL;
	if (f[0] == '.' && f[1] == '/')
		f += 2;
	return *f ? sym_intern(f, strlen(f)) : NULL;
}

static const char *raw_fn(const struct raw *r)
{
	return r->fn && *r->fn && strcmp(r->fn, "??") ?
		sym_intern(r->fn, strlen(r->fn)) : NULL;
}

void sym_parse_answer(char *a, int a2l, struct ksan_symbol *sym)
{
	int n = split_answer(a, a2l), i;
	const struct raw *r;
	const char *file;

	for (i = 0; n > 1 && i < n; i++) {
		struct sym_iframe *f = &sym_chain[sym_nchain++];

		r = &raws[i];
		f->function = raw_fn(r);
		f->file = raw_file(r);
		f->line = f->file ? r->line : 0;
		f->column = f->file ? r->column : 0;
	}
	if (!n || !(file = raw_file(&raws[0])))
		return;
	sym->file = file;
	sym->line = raws[0].line;
	sym->column = raws[0].column;
	r = &raws[n - 1];
	if (!sym->function && (sym->function = raw_fn(r)) &&
	    r->start && r->start <= sym->module_offset)
		sym->offset = sym->module_offset - r->start;
}
