/*
 * This file contains the option table (generated from options.def), its
 * defaults, the KSAN_OPTIONS parser and the help text.
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
}

static int is_sep(char c)
{
	return c == ':' || c == ',' || c == ' ' || c == '\t' || c == '\n';
}

/*
 * Values an integer option accepts beyond what its type says, checked as
 * the user's text is parsed (so a default such as halt_on_error's -1,
 * "not given", is never refused).  An option not listed here takes any
 * value of its type.  "accepted" is the whole answer a bad value gets.
 */
static const struct opt_range {
	const char *name;
	long min;
	unsigned long max;
	int pow2;		/* and a power of two */
	const char *accepted;
} ranges[] = {
	{ "halt_on_error", 0, 1, 0, "0 or 1" },
	{ "exitcode", 0, 255, 0, "a decimal integer from 0 to 255" },
	{ "quarantine_size_mb", 0, 1ul << 20, 0, "0 to 1048576" },
	{ "pool_quarantine_size", 0, 1ul << 30, 0, "0 to 1073741824 bytes" },
	{ "malloc_context_size", 1, DEPOT_MAX_FRAMES, 0, "1 to 64" },
	{ "redzone", 16, 2048, 1, "a power of two from 16 to 2048" },
	{ "verbosity", 0, 3, 0, "0 to 3" },
	/* the interval is multiplied into nanoseconds: one day is plenty */
	{ "kfence_sample_interval", 0, 86400000, 0, "0 (off) to 86400000 milliseconds" },
	{ "kfence_sample_every", 0, 0xfffffffful, 0, "0 (off) to 4294967295" },
	/* the kernel's CONFIG_KFENCE_NUM_OBJECTS range */
	{ "kfence_num_objects", 1, 65535, 0,
	  "1 to 65535; kfence_sample_interval=0 turns KFENCE off" },
	{ "kcsan_skip_watch", 0, 1000000000, 0, "0 (watch every access) to 1000000000" },
	{ "kcsan_udelay", 1, 1000000, 0, "1 to 1000000 microseconds" },
	{ "kcsan_report_once_ms", 0, 86400000, 0, "0 (every time) to 86400000 milliseconds" },
};
_Static_assert(DEPOT_MAX_FRAMES == 64, "malloc_context_size's accepted text");

static const struct opt_range *range_of(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ranges); i++)
		if (!core_strcmp(ranges[i].name, name))
			return &ranges[i];
	return 0;
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

static int eq(const char *s, size_t n, const char *word)
{
	return core_strlen(word) == n && !core_strncmp(s, word, n);
}

/* INT: an optionally negative decimal; UINT: decimal or 0x hex.  Then the
 * option's own range, if it has one. */
static int parse_number(const struct opt_desc *d, const char *v, size_t vn,
			char *field)
{
	const struct opt_range *r = range_of(d->name);
	unsigned long u;

	if (d->type == T_INT) {
		size_t neg = vn && v[0] == '-';
		long x;

		if (parse_uint(v + neg, vn - neg, 0, &u) || u > 0x7ffffffffffffffful)
			return -1;
		x = neg ? -(long)u : (long)u;
		if (r && (x < r->min || (x >= 0 && (unsigned long)x > r->max)))
			return -1;
		*(long *)field = x;
		return 0;
	}
	if (parse_uint(v, vn, 1, &u))
		return -1;
	if (r && (u < (unsigned long)r->min || u > r->max || (r->pow2 && (u & (u - 1)))))
		return -1;
	*(unsigned long *)field = u;
	return 0;
}

static int set_one(const struct opt_desc *d, const char *v, size_t vn,
		   char *err, size_t errlen)
{
	char *field = (char *)&core_opt + d->offset;
	const struct opt_range *r;
	unsigned long u;

	switch (d->type) {
	case T_BOOL:
		if (eq(v, vn, "1") || eq(v, vn, "true"))
			*(long *)field = 1;
		else if (eq(v, vn, "0") || eq(v, vn, "false"))
			*(long *)field = 0;
		else
			goto bad;
		return 0;
	case T_INT:
	case T_UINT:
		if (parse_number(d, v, vn, field))
			goto bad;
		return 0;
	case T_STR:
		if (vn >= 256)
			goto bad;
		core_memcpy(field, v, vn);
		field[vn] = 0;
		return 0;
	case T_ENUM_FORMAT:
		for (u = 0; u < ARRAY_SIZE(format_names); u++)
			if (eq(v, vn, format_names[u])) {
				*(long *)field = (long)u;
				return 0;
			}
		goto bad;
	}
bad:
	{
		static const char *const accepted[] = {
			"0, 1, true or false", "a decimal integer",
			"an unsigned decimal or 0x hex number",
			"a string of at most 255 bytes", "kasan, asan or json",
		};
		size_t l, k;

		r = range_of(d->name);
		core_snprintf(err, errlen, "ksan: bad value for option '%s': '", d->name);
		l = core_strlen(err);
		for (k = 0; k < vn && l + 1 < errlen && k < 64; k++)
			err[l++] = v[k];
		err[l] = 0;
		core_snprintf(err + l, errlen - l, "' (accepted: %s)",
			      r ? r->accepted : accepted[d->type]);
	}
	return -1;
}

int core_options_parse(const char *s, char *err, size_t errlen)
{
	if (!s)
		return 0;
	while (*s) {
		const char *k, *v;
		size_t kn, vn, i;

		while (is_sep(*s))
			s++;
		if (!*s)
			break;
		k = s;
		while (*s && *s != '=' && !is_sep(*s))
			s++;
		kn = (size_t)(s - k);
		if (*s != '=') {
			core_snprintf(err, errlen, "ksan: option '");
			i = core_strlen(err);
			for (vn = 0; vn < kn && vn < 64 && i + 1 < errlen; vn++)
				err[i++] = k[vn];
			err[i] = 0;
			core_snprintf(err + i, errlen - i, "' has no value (expected key=value)");
			return -1;
		}
		v = ++s;
		/* a log_path or suppressions value may not contain ':' or ',' */
		while (*s && !is_sep(*s))
			s++;
		vn = (size_t)(s - v);
		for (i = 0; i < ARRAY_SIZE(opt_table); i++)
			if (eq(k, kn, opt_table[i].name))
				break;
		if (i == ARRAY_SIZE(opt_table)) {
			size_t l;

			core_snprintf(err, errlen, "ksan: unknown option '");
			l = core_strlen(err);
			for (vn = 0; vn < kn && vn < 64 && l + 1 < errlen; vn++)
				err[l++] = k[vn];
			err[l] = 0;
			core_snprintf(err + l, errlen - l, "' (KSAN_OPTIONS=help=1 lists them)");
			return -1;
		}
		if (set_one(&opt_table[i], v, vn, err, errlen))
			return -1;
	}
	return 0;
}

void core_options_print_help(void)
{
	size_t i;

	core_printf("ksan options (KSAN_OPTIONS=key=value:key=value):\n");
	for (i = 0; i < ARRAY_SIZE(opt_table); i++)
		core_printf("  %-26s %s\n", opt_table[i].name, opt_table[i].help);
}
