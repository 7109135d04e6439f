/*
 * This file contains the leak detector's suppressions: the leak:<pattern>
 * lines of the suppressions file (the port reads it; ubsan: lines are
 * UBSAN's) and of __lsan_default_suppressions(), matched as LeakSanitizer
 * matches them: a leak is suppressed when a pattern matches the module,
 * function or source file of any frame of its allocation stack (functions
 * inlined at a frame included).  A pattern matches a name that contains it
 * ('*' matches any run, '^' anchors it at the start, '$' at the end), so
 * leak:parse_ covers parse_header and leak:libfoo.so every frame in it.
 */
#include "leak.h"

#define MAX_PATTERNS 1024

struct pattern {
	const char *p, *pe;	/* the text, in the caller's buffer */
	char name[128];		/* a NUL-terminated copy, for the table */
	size_t hits, bytes;	/* suppressed objects and bytes, all checks */
};

static struct pattern *patterns;	/* written at start-up only */
static unsigned npatterns;

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Where the literal [l, le) (not empty) first occurs in s, or NULL;
 * anchored: only at s itself. */
static const char *find_literal(const char *s, const char *l, const char *le, int anchored)
{
	size_t n = (size_t)(le - l);

	for (; *s; s++) {
		if (!core_strncmp(s, l, n))	/* a shorter s differs at its NUL */
			return s;
		if (anchored)
			return 0;
	}
	return 0;
}

/* LeakSanitizer's template match of [p, pe) against s. */
static int template_match(const char *p, const char *pe, const char *s)
{
	int anchored = 0;

	if (!s || !*s)
		return 0;
	if (p < pe && *p == '^') {
		anchored = 1;
		p++;
	}
	while (p < pe) {
		const char *l = p, *at;

		if (*p == '*') {
			p++;
			anchored = 0;
			continue;
		}
		if (*p == '$')
			return !*s || p[-1] == '*';
		while (p < pe && *p != '*' && *p != '$')
			p++;
		at = find_literal(s, l, p, anchored);
		if (!at)
			return 0;
		s = at + (p - l);
		anchored = 0;
	}
	return 1;
}

int kasan_leak_set_suppressions(const char *text, const char *path, char *err,
				size_t errlen)
{
	const char *l, *le;
	unsigned line = 1;

	for (l = text; *l; l = *le ? le + 1 : le, line++) {
		const char *b, *e;
		struct pattern *pt;

		for (le = l; *le && *le != '\n'; le++)
			;
		for (b = l; b < le && is_blank(*b); b++)
			;
		for (e = le; e > b && is_blank(e[-1]); e--)
			;
		if (e - b < 5 || core_strncmp(b, "leak:", 5))
			continue;	/* not a leak line: UBSAN's parser judges it */
		b += 5;
		if (b == e) {
			core_snprintf(err, errlen, "ksan: bad suppression at %s:%u: 'leak:' "
				      "(expected leak:<pattern>: a function, source file or module)",
				      path, line);
			return -1;
		}
		if (!patterns && !(patterns = ksan_port_map(MAX_PATTERNS * sizeof(*patterns)))) {
			core_snprintf(err, errlen, "ksan: no memory for the leak suppressions");
			return -1;
		}
		if (npatterns == MAX_PATTERNS) {
			core_snprintf(err, errlen, "ksan: more than %u leak: suppressions (%s:%u)",
				      MAX_PATTERNS, path, line);
			return -1;
		}
		pt = &patterns[npatterns++];
		pt->p = b;
		pt->pe = e;
		core_memcpy(pt->name, b, (size_t)(e - b) < sizeof(pt->name) ?
				       (size_t)(e - b) : sizeof(pt->name) - 1);
	}
	return 0;
}

static const struct pattern *match_name(const char *s)
{
	unsigned i;

	for (i = 0; s && i < npatterns; i++)
		if (template_match(patterns[i].p, patterns[i].pe, s))
			return &patterns[i];
	return 0;
}

const char *kasan_leak_suppressed(uint32_t stack)
{
	const uintptr_t *pcs;
	size_t n, i;

	if (!npatterns)
		return 0;
	n = core_depot_fetch(stack, &pcs);
	for (i = 0; i < n; i++) {
		struct ksan_symbol syms[CORE_INLINE_MAX];
		const struct pattern *pt;
		int nf, k;

		core_memset(syms, 0, sizeof(syms));
		/* frame 0 is the allocator's own entry point, exactly */
		nf = ksan_port_symbolize_frames(pcs[i], i != 0, syms, CORE_INLINE_MAX);
		if (nf > 0 && (pt = match_name(syms[nf - 1].module)))
			return pt->name;
		for (k = 0; k < nf; k++)
			if ((pt = match_name(syms[k].function)) || (pt = match_name(syms[k].file)))
				return pt->name;
	}
	return 0;
}

void kasan_leak_count_suppressed(const char *name, size_t hits, size_t bytes)
{
	unsigned i;

	for (i = 0; i < npatterns; i++)
		if (patterns[i].name == name) {
			patterns[i].hits += hits;
			patterns[i].bytes += bytes;
		}
}

void kasan_leak_print_suppressions(int asan)
{
	static const char line[] = "-----------------------------------------------------";
	unsigned i;
	int any = 0;

	for (i = 0; i < npatterns; i++)
		any |= patterns[i].hits != 0;
	if (!any)
		return;
	if (asan)
		core_bprintf(&core_rbuf, "%s\nSuppressions used:\n  count      bytes template\n", line);
	for (i = 0; i < npatterns; i++) {
		if (!patterns[i].hits)
			continue;
		if (asan)
			core_bprintf(&core_rbuf, "%7zu %10zu %s\n", patterns[i].hits,
				     patterns[i].bytes, patterns[i].name);
		else
			core_bprintf(&core_rbuf, "kmemleak: %zu object(s), %zu byte(s) suppressed by leak:%s\n",
				     patterns[i].hits, patterns[i].bytes, patterns[i].name);
	}
	if (asan)
		core_bprintf(&core_rbuf, "%s\n\n", line);
}
