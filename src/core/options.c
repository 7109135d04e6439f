/*
 * This file contains the option table (generated from options.def), its
 * defaults, the parser and the help text.  One parser reads two kinds of
 * text: ksan's own (KSAN_OPTIONS, __ksan_default_options), strictly: an
 * unknown key or a bad value stops the program; and, as a flag of the same
 * parser, the texts written for compiler-rt's tools (ASAN_OPTIONS,
 * LSAN_OPTIONS, UBSAN_OPTIONS and their __*_default_options hooks),
 * leniently: the tool's key names are mapped to ksan's, what ksan does not
 * implement is ignored and a bad value leaves the key alone, both listed at
 * verbosity >= 1 (core_options_print_notes), never an error.  The port
 * decides which texts there are and their order (the later wins).
 */
#include "core.h"

struct core_options core_opt;

enum opt_type { T_BOOL, T_INT, T_UINT, T_STR, T_ENUM_FORMAT };

struct opt_desc {
	const char *name;
	enum opt_type type;
	const char *help;
	size_t offset;
};

static const struct opt_desc opt_table[] = {
#define KSAN_OPT(type, name, def, help) \
	{ #name, T_##type, help, __builtin_offsetof(struct core_options, name) },
#include "options.def"
#undef KSAN_OPT
};

/* what the lenient texts ignored or changed, for verbosity >= 1 */
static char notes_text[2048];
static struct core_buf notes = { notes_text, 0, sizeof(notes_text) };

static const char *const format_names[] = { "kasan", "asan", "json" };

void core_options_defaults(void)
{
#define SET_BOOL(n, d) core_opt.n = (d);
#define SET_INT(n, d) core_opt.n = (d);
#define SET_UINT(n, d) core_opt.n = (d);
#define SET_ENUM_FORMAT(n, d) core_opt.n = (d);
#define SET_STR(n, d) core_memcpy(core_opt.n, d, sizeof(d));
#define KSAN_OPT(type, name, def, help) SET_##type(name, def)
#include "options.def"
#undef KSAN_OPT
	notes.len = 0;
	notes_text[0] = 0;
}

/* ASan's separators: ':', ',' and white space */
static int is_sep(char c)
{
	return c == ':' || c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * Values an integer option accepts beyond what its type says, checked as
 * the user's text is parsed (so a default such as halt_on_error's -1,
 * "not given", is never refused).  An option not listed here takes any
 * value of its type.  "accepted" is the whole answer a bad value gets.
 * An option whose range is 0 to 1 also takes the booleans' words.
 */
static const struct opt_range {
	const char *name;
	long min;
	unsigned long max;
	int pow2;		/* and a power of two */
	const char *accepted;
} ranges[] = {
	{ "halt_on_error", 0, 1, 0, "0, 1, true, false, yes or no" },
	{ "ubsan_halt_on_error", 0, 1, 0, "0, 1, true, false, yes or no" },
	{ "detect_leaks", 0, 1, 0, "0, 1, true, false, yes or no" },
	{ "exitcode", 0, 255, 0, "a decimal integer from 0 to 255" },
	{ "leak_exitcode", 0, 255, 0, "a decimal integer from 0 to 255" },
	{ "quarantine_size_mb", 0, 1ul << 20, 0, "0 to 1048576" },
	{ "pool_quarantine_size", 0, 1ul << 30, 0, "0 to 1073741824 bytes" },
	{ "malloc_context_size", 1, DEPOT_MAX_FRAMES, 0, "1 to 64" },
	{ "redzone", 16, 2048, 1, "a power of two from 16 to 2048" },
	{ "verbosity", 0, 3, 0, "0 to 3" },
	{ "symbolize_timeout_ms", 1, 3600000, 0, "1 to 3600000 milliseconds" },
	/* the interval is multiplied into nanoseconds: one day is plenty */
	{ "kfence_sample_interval", 0, 86400000, 0, "0 (off) to 86400000 milliseconds" },
	{ "kfence_sample_every", 0, 0xfffffffful, 0, "0 (off) to 4294967295" },
	/* the kernel's CONFIG_KFENCE_NUM_OBJECTS range */
	{ "kfence_num_objects", 1, 65535, 0,
	  "1 to 65535; kfence_sample_interval=0 turns KFENCE off" },
	{ "detect_invalid_pointer_pairs", 0, 2, 0,
	  "0 (off), 1 (both pointers not null) or 2 (also a null one)" },
	{ "kcsan_skip_watch", 0, 1000000000, 0, "0 (watch every access) to 1000000000" },
	{ "kcsan_udelay", 1, 1000000, 0, "1 to 1000000 microseconds" },
	{ "kcsan_report_once_ms", 0, 86400000, 0, "0 (every time) to 86400000 milliseconds" },
};
_Static_assert(DEPOT_MAX_FRAMES == 64, "malloc_context_size's accepted text");

/*
 * compiler-rt's keys that ksan implements (sanitizer_flags.inc's common
 * flags, which every tool's parser takes, then asan_flags.inc,
 * lsan_flags.inc, ubsan_flags.inc), each with the ksan option it sets and
 * the texts it is read from.  The meaning is the same unless conv says how
 * the value changes.  Every other key of those texts is ignored.
 */
enum { IN_ASAN = 1 << CORE_OPT_ASAN, IN_LSAN = 1 << CORE_OPT_LSAN,
       IN_UBSAN = 1 << CORE_OPT_UBSAN, IN_ALL = IN_ASAN | IN_LSAN | IN_UBSAN };
enum tool_conv {
	SAME,
	SIGNAL_MODE,	/* handle_segv: 0 no, 1 yes, 2 yes and keep the
			 * program's own handler out: ksan's 1 */
	EXIT_STATUS,	/* any int: the status exit() makes of it (& 255) */
};
static const struct tool_key {
	const char *name;
	const char *ksan;
	unsigned char in;
	unsigned char conv;
} tool_keys[] = {
	{ "symbolize", "symbolize", IN_ALL, SAME },
	{ "malloc_context_size", "malloc_context_size", IN_ALL, SAME },
	{ "log_path", "log_path", IN_ALL, SAME },
	{ "verbosity", "verbosity", IN_ALL, SAME },
	{ "detect_leaks", "detect_leaks", IN_ALL, SAME },
	{ "leak_check_at_exit", "leak_check_at_exit", IN_ALL, SAME },
	{ "allocator_may_return_null", "allocator_may_return_null", IN_ALL, SAME },
	{ "abort_on_error", "abort_on_error", IN_ALL, SAME },
	{ "handle_segv", "handle_segv", IN_ALL, SIGNAL_MODE },
	/* one common flag in compiler-rt, where a leak under ASan exits
	 * with ASan's status; ksan's leaks have their own (standalone
	 * LeakSanitizer's 23), which LSAN_OPTIONS sets */
	{ "exitcode", "exitcode", IN_ASAN | IN_UBSAN, EXIT_STATUS },
	{ "exitcode", "leak_exitcode", IN_LSAN, EXIT_STATUS },
	{ "halt_on_error", "halt_on_error", IN_ASAN, SAME },
	{ "quarantine_size_mb", "quarantine_size_mb", IN_ASAN, SAME },
	{ "redzone", "redzone", IN_ASAN, SAME },
	{ "detect_stack_use_after_return", "detect_stack_use_after_return", IN_ASAN, SAME },
	{ "print_legend", "print_legend", IN_ASAN, SAME },
	{ "detect_invalid_pointer_pairs", "detect_invalid_pointer_pairs", IN_ASAN, SAME },
	/* one file for every detector: ASan's kinds (interceptor_*,
	 * odr_violation) and LeakSanitizer's (leak:) are ksan's too; UBSan's
	 * <check>:<pattern> lines are not (ksan's: ubsan:<check>:<glob>) */
	{ "suppressions", "suppressions", IN_ASAN | IN_LSAN, SAME },
	{ "halt_on_error", "ubsan_halt_on_error", IN_UBSAN, SAME },
	{ "print_stacktrace", "print_stacktrace", IN_UBSAN, SAME },
};

static const struct opt_range *range_of(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ranges); i++)
		if (!core_strcmp(ranges[i].name, name))
			return &ranges[i];
	return 0;
}

static long opt_index(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(opt_table); i++)
		if (!core_strcmp(opt_table[i].name, name))
			return (long)i;
	return -1;
}

/* Parse an unsigned number covering all of [s, s+n): decimal, or also 0x
 * hex when hex.  Fails on overflow. */
static int parse_uint(const char *s, size_t n, int hex, unsigned long *out)
{
	unsigned long v = 0, base = 10;
	size_t i = 0;

	if (hex && n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		i = 2;
	}
	if (i == n)
		return -1;
	for (; i < n; i++) {
		unsigned d;
		char c = s[i];

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return -1;
		if (v > (~0ul - d) / base)
			return -1;	/* overflow */
		v = v * base + d;
	}
	*out = v;
	return 0;
}

/* An optionally negative decimal that fits a long. */
static int parse_long(const char *s, size_t n, long *out)
{
	size_t neg = n && s[0] == '-';
	unsigned long u;

	if (parse_uint(s + neg, n - neg, 0, &u) || u > 0x7ffffffffffffffful)
		return -1;
	*out = neg ? -(long)u : (long)u;
	return 0;
}

static int eq(const char *s, size_t n, const char *word)
{
	return core_strlen(word) == n && !core_strncmp(s, word, n);
}

/* The booleans' words, as compiler-rt's parser takes them: 1, 0 or -1. */
static int parse_bool(const char *v, size_t vn)
{
	if (eq(v, vn, "1") || eq(v, vn, "true") || eq(v, vn, "yes"))
		return 1;
	if (eq(v, vn, "0") || eq(v, vn, "false") || eq(v, vn, "no"))
		return 0;
	return -1;
}

/* INT: an optionally negative decimal; UINT: decimal or 0x hex.  Then the
 * option's own range, if it has one: outside it the value is refused, or
 * with clamp takes the nearest bound (returns 1). */
static int parse_number(const struct opt_desc *d, const char *v, size_t vn,
			char *field, int clamp)
{
	const struct opt_range *r = range_of(d->name);
	int ret = 0, b;
	unsigned long u;

	if (r && r->min == 0 && r->max == 1 && (b = parse_bool(v, vn)) >= 0) {
		*(long *)field = b;
		return 0;
	}
	if (d->type == T_INT) {
		long x;

		if (parse_long(v, vn, &x))
			return -1;
		if (r && (x < r->min || (x >= 0 && (unsigned long)x > r->max))) {
			if (!clamp)
				return -1;
			x = x < r->min ? r->min : (long)r->max;
			ret = 1;
		}
		*(long *)field = x;
		return ret;
	}
	if (parse_uint(v, vn, 1, &u))
		return -1;
	if (r && (u < (unsigned long)r->min || u > r->max)) {
		if (!clamp)
			return -1;
		u = u < (unsigned long)r->min ? (unsigned long)r->min : r->max;
		ret = 1;
	}
	if (r && r->pow2 && (u & (u - 1)))
		return -1;
	*(unsigned long *)field = u;
	return ret;
}

/* Set option d from [v, v+vn): 0, 1 (clamped into its range) or -1 (bad). */
static int set_one(const struct opt_desc *d, const char *v, size_t vn, int clamp)
{
	char *field = (char *)&core_opt + d->offset;
	unsigned long u;
	int b;

	switch (d->type) {
	case T_BOOL:
		if ((b = parse_bool(v, vn)) < 0)
			return -1;
		*(long *)field = b;
		return 0;
	case T_INT:
	case T_UINT:
		return parse_number(d, v, vn, field, clamp);
	case T_STR:
		if (vn >= 256)
			return -1;
		core_memcpy(field, v, vn);
		field[vn] = 0;
		return 0;
	case T_ENUM_FORMAT:
		for (u = 0; u < ARRAY_SIZE(format_names); u++)
			if (eq(v, vn, format_names[u])) {
				*(long *)field = (long)u;
				return 0;
			}
		return -1;
	}
	return -1;
}

/* Up to 64 bytes of the user's text, for a message. */
static void put_text(struct core_buf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && i < 64; i++)
		core_bprintf(b, "%c", s[i]);
}

/* "bad value for option 'name': 'v' (accepted: ...)" */
static void put_bad_value(struct core_buf *b, const char *name,
			  const struct opt_desc *d, const char *v, size_t vn)
{
	static const char *const accepted[] = {
		"0, 1, true, false, yes or no", "a decimal integer",
		"an unsigned decimal or 0x hex number",
		"a string of at most 255 bytes", "kasan, asan or json",
	};
	const struct opt_range *r = range_of(d->name);

	core_bprintf(b, "bad value for option '%s': '", name);
	put_text(b, v, vn);
	core_bprintf(b, "' (accepted: %s)", r ? r->accepted : accepted[d->type]);
}

/* The names a lenient text ignored, each once, for one line of notes. */
struct ignored {
	char text[400];
	struct core_buf b;
	int more;		/* some did not fit */
};

static void ignore_key(struct ignored *ig, const char *k, size_t kn)
{
	size_t i = 0, j;

	if (kn > 64)
		kn = 64;
	while (i < ig->b.len) {
		for (j = i; j < ig->b.len && ig->text[j] != ','; j++)
			;
		if (j - i == kn && !core_strncmp(ig->text + i, k, kn))
			return;
		i = j + 2;	/* ", " */
	}
	if (ig->b.len + kn + 2 >= sizeof(ig->text)) {
		ig->more = 1;
		return;
	}
	if (ig->b.len)
		core_bprintf(&ig->b, ", ");
	put_text(&ig->b, k, kn);
}

static const struct tool_key *tool_key_of(enum core_opt_dialect dialect,
					  const char *k, size_t kn)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tool_keys); i++)
		if ((tool_keys[i].in & (1 << dialect)) && eq(k, kn, tool_keys[i].name))
			return &tool_keys[i];
	return 0;
}

/* One key=value of a lenient text: set the ksan option it maps to, or note
 * why not.  Never an error. */
static void set_tool_key(enum core_opt_dialect dialect, const char *source,
			 const char *k, size_t kn, const char *v, size_t vn,
			 struct ignored *ig)
{
	const struct tool_key *t = tool_key_of(dialect, k, kn);
	char conv[24];
	long i, x;
	int r;

	if (!t || (i = opt_index(t->ksan)) < 0) {
		ignore_key(ig, k, kn);
		return;
	}
	if (t->conv == SIGNAL_MODE && eq(v, vn, "2")) {
		v = "1";
		vn = 1;
	} else if (t->conv == EXIT_STATUS && !parse_long(v, vn, &x)) {
		vn = (size_t)core_snprintf(conv, sizeof(conv), "%ld", x & 255);
		v = conv;
	}
	r = set_one(&opt_table[i], v, vn, 1);
	if (r < 0) {
		core_bprintf(&notes, "ksan: %s: ", source);
		put_bad_value(&notes, t->name, &opt_table[i], v, vn);
		core_bprintf(&notes, "; ignored\n");
		return;
	}
	if (r > 0) {
		const char *field = (const char *)&core_opt + opt_table[i].offset;

		core_bprintf(&notes, "ksan: %s: %s=", source, t->name);
		put_text(&notes, v, vn);
		core_bprintf(&notes, " is outside ksan's range (%s): %lu used\n",
			     range_of(t->ksan)->accepted, *(const unsigned long *)field);
	}
}

int core_options_parse_as(const char *s, enum core_opt_dialect dialect,
			  const char *source, char *err, size_t errlen)
{
	struct core_buf e = { err, 0, errlen };
	int lenient = dialect != CORE_OPT_KSAN;
	struct ignored ig;

	if (!s)
		return 0;
	ig.b = (struct core_buf){ ig.text, 0, sizeof(ig.text) };
	ig.text[0] = 0;
	ig.more = 0;
	core_bprintf(&e, "ksan: ");
	if (source && !lenient)
		core_bprintf(&e, "%s: ", source);
	while (*s) {
		const char *k, *v;
		size_t kn, vn;
		long i;

		while (is_sep(*s))
			s++;
		if (!*s)
			break;
		k = s;
		while (*s && *s != '=' && !is_sep(*s))
			s++;
		kn = (size_t)(s - k);
		if (*s != '=') {
			struct core_buf *b = lenient ? &notes : &e;

			if (lenient)
				core_bprintf(b, "ksan: %s: ", source);
			core_bprintf(b, "option '");
			put_text(b, k, kn);
			core_bprintf(b, "' has no value (expected key=value)");
			if (!lenient)
				return -1;
			core_bprintf(b, "; ignored\n");
			continue;
		}
		v = ++s;
		if (*s == '\'' || *s == '"') {
			/* ASan's quoting: the value runs to the same quote,
			 * separators and all */
			char q = *s++;

			v = s;
			while (*s && *s != q)
				s++;
			if (!*s) {
				struct core_buf *b = lenient ? &notes : &e;

				if (lenient)
					core_bprintf(b, "ksan: %s: ", source);
				core_bprintf(b, "option '");
				put_text(b, k, kn);
				core_bprintf(b, "': the value's quote %c is not closed", q);
				if (!lenient)
					return -1;
				core_bprintf(b, "; ignored\n");
				break;
			}
			vn = (size_t)(s++ - v);
		} else {
			while (*s && !is_sep(*s))
				s++;
			vn = (size_t)(s - v);
		}
		if (lenient) {
			set_tool_key(dialect, source, k, kn, v, vn, &ig);
			continue;
		}
		for (i = 0; i < (long)ARRAY_SIZE(opt_table); i++)
			if (eq(k, kn, opt_table[i].name))
				break;
		if (i == (long)ARRAY_SIZE(opt_table)) {
			core_bprintf(&e, "unknown option '");
			put_text(&e, k, kn);
			core_bprintf(&e, "' (KSAN_OPTIONS=help=1 lists them)");
			return -1;
		}
		if (set_one(&opt_table[i], v, vn, 0) < 0) {
			put_bad_value(&e, opt_table[i].name, &opt_table[i], v, vn);
			return -1;
		}
	}
	if (ig.b.len)
		core_bprintf(&notes, "ksan: %s: not implemented, ignored: %s%s\n",
			     source, ig.text, ig.more ? ", ..." : "");
	if (errlen)
		err[0] = 0;
	return 0;
}

int core_options_parse(const char *s, char *err, size_t errlen)
{
	return core_options_parse_as(s, CORE_OPT_KSAN, 0, err, errlen);
}

void core_options_print_notes(void)
{
	if (core_opt.verbosity && notes.len)
		ksan_port_write(notes_text, notes.len);
}

void core_options_print_help(void)
{
	static const char *const texts[] = {
		[CORE_OPT_ASAN] = "ASAN_OPTIONS", [CORE_OPT_LSAN] = "LSAN_OPTIONS",
		[CORE_OPT_UBSAN] = "UBSAN_OPTIONS",
	};
	size_t i, d;

	core_printf("ksan options (KSAN_OPTIONS=key=value:key=value):\n");
	for (i = 0; i < ARRAY_SIZE(opt_table); i++)
		core_printf("  %-26s %s\n", opt_table[i].name, opt_table[i].help);
	core_printf("compiler-rt's keys ksan takes (KSAN_OPTIONS wins; other keys are ignored):\n");
	for (d = CORE_OPT_ASAN; d <= CORE_OPT_UBSAN; d++) {
		core_printf("  %-14s", texts[d]);
		for (i = 0; i < ARRAY_SIZE(tool_keys); i++) {
			if (!(tool_keys[i].in & (1 << d)))
				continue;
			core_printf(" %s", tool_keys[i].name);
			if (core_strcmp(tool_keys[i].name, tool_keys[i].ksan))
				core_printf(" (%s)", tool_keys[i].ksan);
		}
		core_printf("\n");
	}
}
