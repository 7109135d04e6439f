/*
 * This file contains UBSAN's suppressions: the ubsan:<check>:<glob> lines
 * of the suppressions file (the port reads it; compiler-rt's kinds are the
 * core's, core/suppress.c), checked by the one report path
 * (core_report_emit, report.c's ops).
 */
#include "ubsan.h"

static const char *supp_text;	/* set once at start-up by the port */

/* Every check word handlers.c reports: a suppression must name one. */
static const char *const checks[] = {
	"signed-integer-overflow", "unsigned-integer-overflow", "negation-overflow",
	"division-overflow", "float-divide-by-zero", "shift-out-of-bounds",
	"array-index-out-of-bounds", "null-ptr-deref", "misaligned-access",
	"object-size-mismatch", "alignment-assumption", "pointer-overflow",
	"invalid-load", "vla-bound-not-positive", "float-cast-overflow",
	"implicit-integer-truncation", "implicit-unsigned-integer-truncation",
	"implicit-signed-integer-truncation", "implicit-integer-sign-change",
	"implicit-signed-integer-truncation-or-sign-change", "implicit-conversion",
	"invalid-builtin-use", "nonnull-attribute", "nullability-arg",
	"returns-nonnull-attribute", "nullability-return", "unreachable",
	"missing-return",
};

/*
 * Shell-style match of the whole of s against the glob [p, pe) ('*' any
 * run, '?' any one character).  One backtrack point, the last '*': a
 * later '*' can absorb whatever an earlier one would, so earlier choices
 * never need revisiting, and the match is O(len(p) * len(s)) at worst
 * where recursion into every '*' was exponential.
 */
static int glob_match(const char *p, const char *pe, const char *s)
{
	const char *star = 0, *retry = 0;

	while (*s) {
		if (p < pe && *p == '*') {
			star = ++p;	/* first let it match nothing */
			retry = s;
		} else if (p < pe && (*p == '?' || *p == *s)) {
			p++;
			s++;
		} else if (star) {
			p = star;	/* let the last '*' take one more */
			s = ++retry;
		} else {
			return 0;
		}
	}
	while (p < pe && *p == '*')
		p++;
	return p == pe;
}

static const char *base_name(const char *f)
{
	const char *s = f;

	for (; *f; f++)
		if (*f == '/')
			s = f + 1;
	return s;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* One line of the file, without its blanks at either end. */
struct supp_line {
	const char *l, *le;		/* the text */
	const char *check, *check_end;	/* 0 for a comment or a blank line */
	const char *glob, *glob_end;
	const char *kind, *kind_end;	/* a line of an unknown kind */
};

static int known_check(const char *c, const char *ce);

/* Split [l, le) into "ubsan:<check>:<glob>".  Returns 0, or -1 with the
 * reason in why. */
static int split_line(const char *l, const char *le, struct supp_line *sl,
		      const char **why)
{
	const char *c, *ce;

	while (l < le && is_blank(*l))
		l++;
	while (le > l && is_blank(le[-1]))
		le--;
	core_memset(sl, 0, sizeof(*sl));
	sl->l = l;
	sl->le = le;
	if (l == le || *l == '#')
		return 0;
	*why = "expected ubsan:<check>:<glob>";
	for (c = l; c < le && *c != ':'; c++)
		;
	if (c < le && core_supp_kind(l, (size_t)(c - l)) >= 0)
		return 0;	/* compiler-rt's kinds: the core's (core/suppress.c) */
	if (c == le || c - l != 5 || core_strncmp(l, "ubsan", 5)) {
		/* nothing else reads suppressions: another kind's line would
		 * be ignored without a word.  A UBSan-style <check>:<file>
		 * line is told the ubsan: form. */
		if (c == le || !known_check(l, c)) {
			sl->kind = l;
			sl->kind_end = c;
			*why = "unknown suppression type";
		}
		return -1;
	}
	c++;
	for (ce = c; ce < le && *ce != ':'; ce++)
		;
	if (ce == le || ce == c || ce + 1 == le)
		return -1;
	sl->check = c;
	sl->check_end = ce;
	sl->glob = ce + 1;
	sl->glob_end = le;
	return 0;
}

static int known_check(const char *c, const char *ce)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(checks); i++)
		if (glob_match(c, ce, checks[i]))
			return 1;
	return 0;
}

/* "'text'" into err, at most 80 bytes of it, unprintable bytes as '?'. */
static void put_quoted(struct core_buf *b, const char *s, const char *se)
{
	int n;

	core_bprintf(b, "'");
	for (n = 0; s < se && n < 80; s++, n++)
		core_bprintf(b, "%c", (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
	core_bprintf(b, "'");
}

int ubsan_set_suppressions(const char *text, const char *path, char *err,
			   size_t errlen)
{
	struct core_buf e = { err, 0, errlen };
	const char *l, *le, *why = "";
	unsigned line = 1;

	for (l = text; *l; l = *le ? le + 1 : le, line++) {
		struct supp_line sl;

		for (le = l; *le && *le != '\n'; le++)
			;
		if (!split_line(l, le, &sl, &why)) {
			if (!sl.check || known_check(sl.check, sl.check_end))
				continue;
			core_bprintf(&e, "ksan: bad suppression at %s:%u: ", path, line);
			put_quoted(&e, sl.l, sl.le);
			core_bprintf(&e, " (unknown check ");
			put_quoted(&e, sl.check, sl.check_end);
			core_bprintf(&e, "; accepted: a UBSAN check such as signed-integer-overflow, or a glob matching one)");
			return -1;
		}
		core_bprintf(&e, "ksan: bad suppression at %s:%u: ", path, line);
		put_quoted(&e, sl.l, sl.le);
		if (sl.kind) {
			core_bprintf(&e, " (unknown suppression type ");
			put_quoted(&e, sl.kind, sl.kind_end);
			core_bprintf(&e, "; accepted: ubsan:<check>:<glob>, leak:<pattern>, "
				     "interceptor_via_fun:<pattern>, interceptor_via_lib:<pattern>, "
				     "interceptor_name:<pattern>, odr_violation:<pattern>)");
			return -1;
		}
		core_bprintf(&e, " (%s)", why);
		return -1;
	}
	supp_text = text;
	return 0;
}

/*
 * Does any line cover this report?  A line's glob may name the source
 * file (its path or base name) or a function at the report's pc: the one
 * that contains it and every one inlined there, as the report lists them.
 */
int ubsan_suppressed(const char *check, const char *file, uintptr_t pc)
{
	struct ksan_symbol fns[CORE_INLINE_MAX];
	const char *l, *le, *why;
	int nfn = -1, i;

	if (!supp_text)
		return 0;
	for (l = supp_text; *l; l = *le ? le + 1 : le) {
		struct supp_line sl;

		for (le = l; *le && *le != '\n'; le++)
			;
		if (split_line(l, le, &sl, &why) || !sl.check ||
		    !glob_match(sl.check, sl.check_end, check))
			continue;
		if (file && (glob_match(sl.glob, sl.glob_end, file) ||
			     glob_match(sl.glob, sl.glob_end, base_name(file))))
			return 1;
		if (nfn < 0) {
			core_memset(fns, 0, sizeof(fns));
			nfn = ksan_port_symbolize_frames(pc, 1, fns, CORE_INLINE_MAX);
		}
		for (i = 0; i < nfn; i++)
			if (fns[i].function && glob_match(sl.glob, sl.glob_end, fns[i].function))
				return 1;
	}
	return 0;
}
