/*
 * This file contains UBSAN's reports: values decoded from the compilers'
 * type descriptors and printed as compiler-rt prints them, deduplication per
 * source location, and the kasan, asan and json layouts (suppressions:
 * suppress.c, checked by the one report path).
 */
#include "ubsan.h"

#define BANNER "=================================================================="
#define MSG_SIZE 1024

/* A report being made.  Guarded by the report lock (core_report_begin),
 * whose holder may make one nested report (from a signal handler or the
 * report callback) in the middle of its own: hence two. */
struct ubsan_rep {
	struct ubsan_loc loc;	/* a copy, with the column still intact */
	const char *check;
	uintptr_t pc;
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t npcs;
	char msg[MSG_SIZE];
	struct core_buf mbuf;
	uintptr_t note;		/* ubsan_note_pointer's address, or 0 */
	int halt;		/* the handler's: an _abort handler's report */
};
static struct ubsan_rep reps[2];
static unsigned depth;		/* reports of this file in progress */
#define rep (reps[depth - 1])


/* ---- values ---------------------------------------------------------- */

int ubsan_type_bits(const struct ubsan_type *t)
{
	if (t->kind == UBSAN_TK_INT)
		return 1 << (t->info >> 1);
	if (t->kind == UBSAN_TK_FLOAT)
		return t->info;
	return 0;
}

int ubsan_type_signed(const struct ubsan_type *t)
{
	return t->kind == UBSAN_TK_INT && (t->info & 1);
}

static int is_inline(const struct ubsan_type *t)
{
	return ubsan_type_bits(t) <= (int)(sizeof(uintptr_t) * 8);
}

/* The low and high 64 bits of a value (high is the sign/zero extension
 * for inline values). */
static void value_words(const struct ubsan_type *t, uintptr_t v, uint64_t *lo,
			uint64_t *hi)
{
	int bits = ubsan_type_bits(t);

	if (!is_inline(t)) {
		const uint64_t *p = (const uint64_t *)v;

		*lo = p[0];
		*hi = bits >= 128 ? p[1] : 0;
		return;
	}
	*lo = v;
	if (bits < 64 && bits > 0) {
		if (ubsan_type_signed(t))
			*lo = (uint64_t)((int64_t)(v << (64 - bits)) >> (64 - bits));
		else
			*lo = v & ((1ull << bits) - 1);
	}
	*hi = ubsan_type_signed(t) && (int64_t)*lo < 0 ? ~0ull : 0;
}

int64_t ubsan_sval(const struct ubsan_type *t, uintptr_t v)
{
	uint64_t lo, hi;

	value_words(t, v, &lo, &hi);
	return (int64_t)lo;
}

uint64_t ubsan_uval(const struct ubsan_type *t, uintptr_t v)
{
	uint64_t lo, hi;

	value_words(t, v, &lo, &hi);
	return lo;
}

int ubsan_is_negative(const struct ubsan_type *t, uintptr_t v)
{
	uint64_t lo, hi;

	if (!ubsan_type_signed(t))
		return 0;
	value_words(t, v, &lo, &hi);
	return (int64_t)hi < 0;
}

/* compiler-rt's RenderHex for values beyond 64 bits. */
static void put_hex128(struct core_buf *b, uint64_t lo, uint64_t hi)
{
	core_bprintf(b, "0x%08x%08x%08x%08x", (unsigned)(hi >> 32), (unsigned)hi,
		     (unsigned)(lo >> 32), (unsigned)lo);
}

static void put_chars(struct core_buf *b, const char *s, int n)
{
	while (n-- > 0)
		core_bprintf(b, "%c", *s++);
}

/* 10^n (n >= 0): exact up to 10^27, which is all that exact ties need. */
static long double pow10_ld(int n)
{
	long double p = 1, b = 10;

	for (; n; n >>= 1, b *= b)
		if (n & 1)
			p *= b;
	return p;
}

/* x * 10^k in one rounding while the factor is finite. */
static long double scale10(long double x, int k)
{
	while (k > 4000) {
		x *= pow10_ld(4000);
		k -= 4000;
	}
	while (k < -4000) {
		x /= pow10_ld(4000);
		k += 4000;
	}
	return k >= 0 ? x * pow10_ld(k) : x / pow10_ld(-k);
}

/*
 * Floats as compiler-rt prints them (libc's "%Lg": six significant
 * digits, trailing zeros dropped, exponent form below 1e-4 or from 1e6),
 * without libc.  x is brought to [1e5, 1e6) by one multiplication or
 * division by a power of ten, then rounded half to even.  An exact tie
 * needs a power of at most 10^27, which long double holds exactly, and a
 * product of few significant bits, so ties round as libc rounds them;
 * elsewhere the one rounding error is far below the sixth digit.
 */
static void put_float(struct core_buf *b, long double x)
{
	char digits[8];
	int e10 = 0, i, nd, tries;
	long double y = 0, frac;
	int64_t m;

	if (x != x) {
		core_bprintf(b, "%snan", __builtin_signbit(x) ? "-" : "");
		return;
	}
	if (__builtin_signbit(x)) {
		core_bprintf(b, "-");
		x = -x;
	}
	if (x == __builtin_infl()) {
		core_bprintf(b, "inf");
		return;
	}
	if (x == 0) {
		core_bprintf(b, "0");
		return;
	}
	/* estimate the decimal exponent, then correct it on the scaled value */
	y = x;
	while (y >= 1e32L) { y /= 1e32L; e10 += 32; }
	while (y >= 10) { y /= 10; e10++; }
	while (y < 1e-32L) { y *= 1e32L; e10 -= 32; }
	while (y < 1) { y *= 10; e10--; }
	for (tries = 0; tries < 4; tries++) {
		y = scale10(x, 5 - e10);
		if (y >= 1000000)
			e10++;
		else if (y < 100000)
			e10--;
		else
			break;
	}
	m = (int64_t)y;
	frac = y - (long double)m;
	if (frac > 0.5L || (frac == 0.5L && (m & 1)))
		m++;
	if (m >= 1000000) {
		m /= 10;
		e10++;
	}
	for (i = 5; i >= 0; i--, m /= 10)
		digits[i] = (char)('0' + m % 10);
	for (nd = 6; nd > 1 && digits[nd - 1] == '0'; nd--)
		;
	if (e10 < -4 || e10 >= 6) {
		core_bprintf(b, "%c", digits[0]);
		if (nd > 1) {
			core_bprintf(b, ".");
			put_chars(b, digits + 1, nd - 1);
		}
		core_bprintf(b, "e%c%02d", e10 < 0 ? '-' : '+', e10 < 0 ? -e10 : e10);
	} else if (e10 >= 0) {
		put_chars(b, digits, e10 + 1);
		if (nd > e10 + 1) {
			core_bprintf(b, ".");
			put_chars(b, digits + e10 + 1, nd - e10 - 1);
		}
	} else {
		core_bprintf(b, "0.");
		for (i = 0; i < -e10 - 1; i++)
			core_bprintf(b, "0");
		put_chars(b, digits, nd);
	}
}

static long double float_of(const struct ubsan_type *t, uintptr_t v)
{
	switch (t->info) {
	case 32: {
		union { uint32_t u; float f; } c = { (uint32_t)v };
		return c.f;
	}
	case 64: {
		union { uint64_t u; double d; } c = { (uint64_t)v };
		return c.d;
	}
	case 80:
	case 96:
	case 128:	/* x86's long double, however the compiler counts it */
		return *(const long double *)v;
	default:	/* 16-bit halves: not decoded */
		return __builtin_nanl("");
	}
}

void ubsan_put_value(struct core_buf *b, const struct ubsan_type *t, uintptr_t v)
{
	uint64_t lo, hi;

	if (t->kind == UBSAN_TK_FLOAT) {
		put_float(b, float_of(t, v));
		return;
	}
	if (t->kind != UBSAN_TK_INT) {
		core_bprintf(b, "<unknown>");
		return;
	}
	value_words(t, v, &lo, &hi);
	if (ubsan_type_signed(t)) {
		if ((hi == 0 && (int64_t)lo >= 0) || (hi == ~0ull && (int64_t)lo < 0))
			core_bprintf(b, "%lld", (long long)lo);
		else
			put_hex128(b, lo, hi);
	} else if (hi == 0) {
		core_bprintf(b, "%llu", (unsigned long long)lo);
	} else {
		put_hex128(b, lo, hi);
	}
}

/* ---- reports ----------------------------------------------------------- */

/* A report that must stop the program could not be made: stop anyway, the
 * compiler's code after an _abort handler assumes it never returns. */
static void stop_unreported(void)
{
	if (core_opt.abort_on_error)
		ksan_port_abort();
	ksan_port_exit((int)core_opt.exitcode);
}

int ubsan_begin(struct ubsan_loc *loc, const char *check, int halt, uintptr_t pc,
		uintptr_t fp)
{
	uint32_t col;

	/* once per source location: the first thread to swap the column in
	 * reports, every later one sees ~0; but a report that halts is always
	 * made (a different check at the same division, as libubsan does) */
	col = __atomic_exchange_n(&loc->column, ~0u, __ATOMIC_RELAXED);
	if (col == ~0u && !halt)
		return 0;
	if (!core_report_begin(pc, check, 0)) {
		/* recursion, already said by the core */
		if (col != ~0u)
			loc->column = col;	/* let a later hit report */
		if (halt)
			stop_unreported();
		return 0;
	}
	depth++;	/* before any field is written: see struct ubsan_rep */
	rep.loc.file = loc->file;
	rep.loc.line = loc->line;
	rep.loc.column = col == ~0u ? 0 : col;	/* no column, as libubsan */
	rep.check = check;
	rep.pc = pc;
	rep.halt = halt;
	rep.npcs = ksan_port_stack_trace(rep.pcs, DEPOT_MAX_FRAMES, pc, fp);
	rep.mbuf.p = rep.msg;
	rep.mbuf.len = 0;
	rep.mbuf.cap = sizeof(rep.msg);
	rep.msg[0] = 0;
	rep.note = 0;
	return 1;
}

void ubsan_note_pointer(uintptr_t p)
{
	rep.note = p;
}

struct core_buf *ubsan_msg(void)
{
	return &rep.mbuf;
}

static void put_loc(void)
{
	core_bprintf(&core_rbuf, "%s:%u", rep.loc.file ? core_file(rep.loc.file) : "<unknown>",
		     rep.loc.line);
	if (rep.loc.column)
		core_bprintf(&core_rbuf, ":%u", rep.loc.column);
}

static void print_asan(void *unused)
{
	put_loc();
	core_bprintf(&core_rbuf, ": runtime error: %s\n", rep.msg);
	if (rep.note)
		ubsan_print_memory_note(rep.note);
	if (core_opt.print_stacktrace)
		core_print_stack_asan(rep.pcs, rep.npcs, 0);
	core_bprintf(&core_rbuf, "SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior ");
	put_loc();
	core_bprintf(&core_rbuf, " in \n");
	core_report_signature(0, rep.check, CORE_SIG_NO_ACCESS, rep.pcs, rep.npcs, 0);
}

static void print_kernel(void *unused)
{
	core_bprintf(&core_rbuf, BANNER "\nUBSAN: %s in ", rep.check);
	put_loc();
	core_bprintf(&core_rbuf, "\n%s\nCall Trace:\n", rep.msg);
	core_print_stack(rep.pcs, rep.npcs, 0);
	core_report_signature(0, rep.check, CORE_SIG_NO_ACCESS, rep.pcs, rep.npcs, 0);
	core_bprintf(&core_rbuf, BANNER "\n");
}

static void print_json(void *unused)
{
	core_bprintf(&core_rbuf, "{\"detector\":\"UBSAN\",\"type\":");
	core_json_str(rep.check);
	core_bprintf(&core_rbuf, ",\"file\":");
	core_json_str(rep.loc.file ? core_file(rep.loc.file) : "");
	core_bprintf(&core_rbuf, ",\"line\":%u,\"column\":%u,\"message\":",
		     rep.loc.line, rep.loc.column);
	core_json_str(rep.msg);
	core_bprintf(&core_rbuf, ",\"pc\":\"0x%lx\",\"stack\":", (unsigned long)rep.pc);
	core_json_frames(rep.pcs, rep.npcs, 0);
	core_report_signature(1, rep.check, CORE_SIG_NO_ACCESS, rep.pcs, rep.npcs, 0);
	core_bprintf(&core_rbuf, "}\n");
}

/* The report is over: its record is free for the next (still under the
 * report lock). */
static void done(void *unused)
{
	depth--;
}

/* The one path's suppression step (core_report_emit): a report that halts
 * (an _abort handler's) is never suppressed, libubsan's rule too: the
 * program must not stop without saying why. */
static int suppressed(void *unused)
{
	return !rep.halt && ubsan_suppressed(rep.check, rep.loc.file, rep.pc);
}

static const struct core_report_ops ubsan_layouts = {
	.suppressed = suppressed,
	.print = { print_kernel, print_asan, print_json },
	.done = done,
};

void ubsan_end(int halt, uintptr_t addr)
{
	struct ksan_report r;

	/* UBSAN_OPTIONS=halt_on_error is UBSAN's alone */
	halt = halt || (core_opt.ubsan_halt_on_error >= 0 ? core_opt.ubsan_halt_on_error > 0 :
			core_opt.halt_on_error > 0);
	core_memset(&r, 0, sizeof(r));
	r.detector = "UBSAN";
	r.bug_type = rep.check;
	r.asan_type = "undefined-behavior";
	r.addr = addr;
	r.pc = rep.pc;
	core_report_emit(&r, &ubsan_layouts, 0, halt);
}
