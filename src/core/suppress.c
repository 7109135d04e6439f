/*
 * This file contains the suppression patterns of compiler-rt's kinds, one
 * store and one matcher for every detector that takes them: leak:<pattern>
 * (LeakSanitizer's, leak/suppress.c), interceptor_via_fun:,
 * interceptor_via_lib: and interceptor_name: (AddressSanitizer's,
 * kasan/suppress.c) and odr_violation: (ASan's too, accepted: ksan reports
 * no ODR violation).  UBSAN's ubsan:<check>:<glob> lines are its own
 * (ubsan/report.c), with a shell glob.
 *
 * A pattern matches as compiler-rt's suppressions match: a name that
 * contains it ('*' matches any run, '^' anchors it at the start, '$' at the
 * end), so leak:parse_ covers parse_header and interceptor_via_lib:libfoo.so
 * every frame of /usr/lib/libfoo.so.1.  A stack matches when any of its
 * frames does (functions inlined at a frame included).
 *
 * The store is written at start-up only (the port reads the file and the
 * default-suppression hooks before any thread starts); hit counts are
 * written by the leak check and under the report lock.
 */
#include "core.h"

#define MAX_PATTERNS 1024

static const char *const kind_names[CORE_SUPP_NKINDS] = {
	[CORE_SUPP_LEAK] = "leak",
	[CORE_SUPP_VIA_FUN] = "interceptor_via_fun",
	[CORE_SUPP_VIA_LIB] = "interceptor_via_lib",
	[CORE_SUPP_NAME] = "interceptor_name",
	[CORE_SUPP_ODR] = "odr_violation",
};

static struct core_supp *patterns;	/* written at start-up only */
static unsigned npatterns;
static unsigned have_kinds;		/* 1 << kind for each kind given */

const char *core_supp_kind_name(unsigned kind)
{
	return kind < CORE_SUPP_NKINDS ? kind_names[kind] : "?";
}

int core_supp_kind(const char *k, size_t n)
{
	unsigned i;

	for (i = 0; i < CORE_SUPP_NKINDS; i++)
		if (core_strlen(kind_names[i]) == n && !core_strncmp(k, kind_names[i], n))
			return (int)i;
	return -1;
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

int core_template_match(const char *p, const char *pe, const char *s)
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

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* "'text'", at most 80 bytes of it, unprintable bytes as '?'. */
static void put_quoted(struct core_buf *m, const char *s, const char *se)
{
	int n;

	core_bprintf(m, "'");
	for (n = 0; s < se && n < 80; s++, n++)
		core_bprintf(m, "%c", (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
	core_bprintf(m, "'");
}

/* The strict parser's message for a line [b, e) of no kind it takes. */
static void put_unknown(char *err, size_t errlen, const char *path, unsigned line,
			const char *b, const char *e, const char *c, unsigned kinds)
{
	struct core_buf m = { err, 0, errlen };
	unsigned i;
	int first = 1;

	core_bprintf(&m, "ksan: bad suppression at %s:%u: ", path, line);
	put_quoted(&m, b, e);
	core_bprintf(&m, " (unknown suppression type ");
	put_quoted(&m, b, c);
	core_bprintf(&m, "; accepted:");
	for (i = 0; i < CORE_SUPP_NKINDS; i++)
		if (kinds & (1u << i)) {
			core_bprintf(&m, "%s %s:<pattern>", first ? "" : ",", kind_names[i]);
			first = 0;
		}
	core_bprintf(&m, ")");
}

int core_supp_parse(const char *text, const char *path, unsigned kinds, char *err,
		    size_t errlen)
{
	const char *l, *le;
	unsigned line = 1;

	for (l = text; *l; l = *le ? le + 1 : le, line++) {
		const char *b, *e, *c;
		struct core_supp *s;
		int kind;

		for (le = l; *le && *le != '\n'; le++)
			;
		for (b = l; b < le && is_blank(*b); b++)
			;
		for (e = le; e > b && is_blank(e[-1]); e--)
			;
		for (c = b; c < e && *c != ':'; c++)
			;
		kind = c < e ? core_supp_kind(b, (size_t)(c - b)) : -1;
		if (b == e || *b == '#')
			continue;
		if ((kinds & CORE_SUPP_STRICT) && (kind < 0 || !(kinds & (1u << kind)))) {
			put_unknown(err, errlen, path, line, b, e, c, kinds);
			return -1;
		}
		if (kind < 0 || !(kinds & (1u << kind)))
			continue;	/* another parser's line */
		b = c + 1;
		if (b == e) {
			core_snprintf(err, errlen, "ksan: bad suppression at %s:%u: '%s:' "
				      "(expected %s:<pattern>: %s)", path, line, kind_names[kind],
				      kind_names[kind],
				      kind == CORE_SUPP_LEAK ? "a function, source file or module" :
				      kind == CORE_SUPP_VIA_LIB ? "a module" :
				      kind == CORE_SUPP_ODR ? "a global's name" : "a function");
			return -1;
		}
		if (!patterns && !(patterns = ksan_port_map(MAX_PATTERNS * sizeof(*patterns)))) {
			core_snprintf(err, errlen, "ksan: no memory for the suppressions");
			return -1;
		}
		if (npatterns == MAX_PATTERNS) {
			core_snprintf(err, errlen, "ksan: more than %u suppressions (%s:%u)",
				      MAX_PATTERNS, path, line);
			return -1;
		}
		s = &patterns[npatterns++];
		s->p = b;
		s->pe = e;
		s->kind = (unsigned)kind;
		core_memcpy(s->name, b, (size_t)(e - b) < sizeof(s->name) ?
				       (size_t)(e - b) : sizeof(s->name) - 1);
		have_kinds |= 1u << kind;
	}
	return 0;
}

int core_supp_have(unsigned kinds)
{
	return (have_kinds & kinds) != 0;
}

unsigned core_supp_count(void)
{
	return npatterns;
}

struct core_supp *core_supp_at(unsigned i)
{
	return i < npatterns ? &patterns[i] : 0;
}

struct core_supp *core_supp_match(unsigned kinds, const char *s)
{
	unsigned i;

	if (!s || !(have_kinds & kinds))
		return 0;
	for (i = 0; i < npatterns; i++)
		if (((1u << patterns[i].kind) & kinds) &&
		    core_template_match(patterns[i].p, patterns[i].pe, s))
			return &patterns[i];
	return 0;
}

struct core_supp *core_supp_match_stack(const uintptr_t *pcs, size_t n, int first_exact,
					unsigned fn_kinds, unsigned file_kinds,
					unsigned module_kinds)
{
	size_t i;

	if (!(have_kinds & (fn_kinds | file_kinds | module_kinds)))
		return 0;
	for (i = 0; i < n && pcs[i]; i++) {
		struct ksan_symbol syms[CORE_INLINE_MAX];
		struct core_supp *s;
		int nf, k;

		core_memset(syms, 0, sizeof(syms));
		nf = ksan_port_symbolize_frames(pcs[i], !(i == 0 && first_exact), syms,
						CORE_INLINE_MAX);
		/* the module: the outermost frame's (the others' are unset) */
		if (nf > 0 && (s = core_supp_match(module_kinds, syms[nf - 1].module)))
			return s;
		for (k = 0; k < nf; k++)
			if ((s = core_supp_match(fn_kinds, syms[k].function)) ||
			    (s = core_supp_match(file_kinds, syms[k].file)))
				return s;
	}
	return 0;
}
