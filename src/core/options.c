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

/* Parse an unsigned decimal or 0x number covering all of [s, s+n). */
static int parse_uint(const char *s, size_t n, unsigned long *out)
{
	unsigned long v = 0, base = 10;
	size_t i = 0;

	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
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

static int set_one(const struct opt_desc *d, const char *v, size_t vn,
		   char *err, size_t errlen)
{
	char *field = (char *)&core_opt + d->offset;
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
		if (vn && v[0] == '-') {
			if (parse_uint(v + 1, vn - 1, &u) || u > 0x7fffffffffffffful)
				goto bad;
			*(long *)field = -(long)u;
		} else {
			if (parse_uint(v, vn, &u) || u > 0x7fffffffffffffful)
				goto bad;
			*(long *)field = (long)u;
		}
		return 0;
	case T_UINT:
		if (parse_uint(v, vn, &u))
			goto bad;
		*(unsigned long *)field = u;
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
		core_snprintf(err, errlen, "ksan: bad value for option '%s': '", d->name);
		{
			size_t l = core_strlen(err), k;

			for (k = 0; k < vn && l + 1 < errlen && k < 64; k++)
				err[l++] = v[k];
			err[l] = 0;
			core_snprintf(err + l, errlen - l, "' (accepted: %s)",
				      accepted[d->type]);
		}
	}
	return -1;
}

/* Range checks that the types cannot express. */
static int validate(char *err, size_t errlen)
{
	unsigned long rz = core_opt.redzone;

	if (rz < 16 || rz > 2048 || (rz & (rz - 1))) {
		core_snprintf(err, errlen, "ksan: bad value for option 'redzone': %lu (accepted: a power of two from 16 to 2048)", rz);
		return -1;
	}
	if (core_opt.malloc_context_size < 1 || core_opt.malloc_context_size > DEPOT_MAX_FRAMES) {
		core_snprintf(err, errlen, "ksan: bad value for option 'malloc_context_size': %lu (accepted: 1 to %d)",
			      core_opt.malloc_context_size, DEPOT_MAX_FRAMES);
		return -1;
	}
	if (core_opt.halt_on_error < -1 || core_opt.halt_on_error > 1) {
		core_snprintf(err, errlen, "ksan: bad value for option 'halt_on_error': %ld (accepted: 0 or 1)",
			      core_opt.halt_on_error);
		return -1;
	}
	if (core_opt.exitcode < 0 || core_opt.exitcode > 255) {
		core_snprintf(err, errlen, "ksan: bad value for option 'exitcode': %ld (accepted: 0 to 255)",
			      core_opt.exitcode);
		return -1;
	}
	if (core_opt.quarantine_size_mb > (1ul << 20)) {
		core_snprintf(err, errlen, "ksan: bad value for option 'quarantine_size_mb': %lu (accepted: 0 to 1048576)",
			      core_opt.quarantine_size_mb);
		return -1;
	}
	return 0;
}

int core_options_parse(const char *s, char *err, size_t errlen)
{
	if (!s)
		return validate(err, errlen);
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
	return validate(err, errlen);
}

void core_options_print_help(void)
{
	size_t i;

	core_printf("ksan options (KSAN_OPTIONS=key=value:key=value):\n");
	for (i = 0; i < ARRAY_SIZE(opt_table); i++)
		core_printf("  %-26s %s\n", opt_table[i].name, opt_table[i].help);
}
