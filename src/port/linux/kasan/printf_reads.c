/*
 * This file contains what the printf family's output reads, for KASAN's
 * stdio interceptors (intercept_stdio.c): the format,
 * and each %s, %ls or %n argument its conversions reach; a bad one is
 * reported as the C library would read it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "printf_reads.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define W sizeof(wchar_t)
/* (cl: the interceptor's caller, as in intercept_stdio.c) */
#define READ(p, n) port_check(&cl, (p), (n), KSAN_READ)
#define WRITE(p, n) port_check(&cl, (p), (n), KSAN_WRITE)

/* The bytes printf reads of the string s: "%s" (prec < 0) or "%.<prec>s";
 * wide: wchar_t units.  A pointer without shadow is reported as a 1-byte
 * read (null-ptr-deref, wild-memory-access) without being measured. */
int port_printf_string(const struct kasan_caller *c, const void *s, long prec, int wide)
{
	const struct kasan_caller cl = *c;
	uintptr_t a = (uintptr_t)s;
	size_t n = 0, max = prec < 0 ? (size_t)-1 : (size_t)prec;

	if (!s)
		return 1;	/* glibc prints "(null)" */
	if (a < KASAN_NULL_LIMIT || a >= KASAN_ADDR_LIMIT)
		return READ(s, 1);
	if (wide)
		while (n < max && ((const wchar_t *)s)[n])
			n++;
	else
		while (n < max && ((const char *)s)[n])
			n++;
	n = MIN(n + 1, max);	/* the NUL is read when it comes first */
	return !n || READ(s, n * (wide ? W : 1));
}

static int fmt_at(const void *fmt, size_t i, int wide)
{
	return wide ? (int)((const wchar_t *)fmt)[i] : ((const unsigned char *)fmt)[i];
}

/* Sets of ASCII characters as two 64-bit masks, for one test per
 * character where a search of the set's string cost a call and a loop per
 * flag of every conversion (lua's string.format calls snprintf per item). */
#define CH_BIT(c, half) ((c) / 64 == (half) ? 1ull << ((c) % 64) : 0)
#define SET2(a, b, h) (CH_BIT(a, h) | CH_BIT(b, h))
#define SET4(a, b, c, d, h) (SET2(a, b, h) | SET2(c, d, h))
#define FLAGS_SET(h) (SET4('-', '+', ' ', '#', h) | SET2('0', '\'', h) | CH_BIT('I', h))
#define LENGTH_SET(h) (SET4('h', 'l', 'L', 'q', h) | SET4('j', 'z', 't', 'Z', h))

static inline int in_set(int ch, uint64_t lo, uint64_t hi)
{
	if (ch <= 0 || ch >= 128)
		return 0;
	return ((ch < 64 ? lo : hi) >> (ch % 64)) & 1;
}

#define is_flag(ch) in_set(ch, FLAGS_SET(0), FLAGS_SET(1))
#define is_length(ch) in_set(ch, LENGTH_SET(0), LENGTH_SET(1))

/*
 * Walks the conversions of fmt (narrow or wide) and the arguments they
 * take, in order; checks what %s, %ls, %S read and what %n writes.
 * Returns 0 after a report.
 */
static int check_args(const struct kasan_caller *c, const void *fmt, int wide, va_list ap)
{
	const struct kasan_caller cl = *c;
	size_t i = 0;
	va_list aq;
	int ok = 1, ch;

	va_copy(aq, ap);
	while (ok && (ch = fmt_at(fmt, i++, wide))) {
		long prec = -1;
		int len = 0, dlen = 0;
		void *ptr;

		if (ch != '%')
			continue;
		if ((ch = fmt_at(fmt, i++, wide)) == '%')
			continue;
		while (is_flag(ch))
			ch = fmt_at(fmt, i++, wide);
		if (ch == '*') {
			(void)va_arg(aq, int);
			ch = fmt_at(fmt, i++, wide);
		}
		while (ch >= '0' && ch <= '9')
			ch = fmt_at(fmt, i++, wide);
		if (ch == '$')
			break;		/* positional arguments: not followed */
		if (ch == '.') {
			ch = fmt_at(fmt, i++, wide);
			if (ch == '*') {
				int p = va_arg(aq, int);

				prec = p < 0 ? -1 : p;
				ch = fmt_at(fmt, i++, wide);
			} else {
				for (prec = 0; ch >= '0' && ch <= '9'; ch = fmt_at(fmt, i++, wide))
					if (prec < (1l << 30))
						prec = prec * 10 + (ch - '0');
			}
		}
		if (is_length(ch)) {
			len = ch;
			ch = fmt_at(fmt, i++, wide);
			if ((len == 'h' || len == 'l') && ch == len) {
				dlen = 1;
				ch = fmt_at(fmt, i++, wide);
			}
		}
		switch (ch) {
		case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'b': case 'B':
			if (len && len != 'h')
				(void)va_arg(aq, long long);
			else
				(void)va_arg(aq, int);
			break;
		case 'c': case 'C':
			(void)va_arg(aq, int);
			break;
		case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
			if (len == 'L')
				(void)va_arg(aq, long double);
			else
				(void)va_arg(aq, double);
			break;
		case 'p':
			(void)va_arg(aq, void *);
			break;
		case 'm':
			break;
		case 'n':
			ptr = va_arg(aq, void *);
			ok = WRITE(ptr, len == 'h' ? (dlen ? 1 : 2) : len ? 8 : 4);
			break;
		case 's':
			ok = port_printf_string(&cl, va_arg(aq, void *), prec, len == 'l');
			break;
		case 'S':
			ok = port_printf_string(&cl, va_arg(aq, void *), prec, 1);
			break;
		default:
			goto out;	/* the end, or a conversion not known here */
		}
	}
out:
	va_end(aq);
	return ok;
}

/* The format and what its conversions read; 0 after a report. */
int port_printf_format(const struct kasan_caller *c, const char *fmt, va_list ap)
{
	const struct kasan_caller cl = *c;

	if (!fmt)
		return 1;	/* the C library's own answer */
	return READ(fmt, core_strlen(fmt) + 1) && check_args(c, fmt, 0, ap);
}

static int check_wfmt(const struct kasan_caller *c, const wchar_t *fmt, va_list ap)
{
	if (!fmt)
		return 1;
	return port_printf_string(c, fmt, -1, 1) && check_args(c, fmt, 1, ap);
}

/*
 * The wprintf family on stream f.  A byte-oriented stream (a narrow
 * function used it first: printf, puts...) makes glibc's wide printf
 * return -1 before it reads the format or any argument, so a bad %ls
 * argument there is not read; the program passed it all the same, so it
 * is still reported, and the report says what the C library would do
 * (issue 25: Juliet's CWE416 cases).
 */
int port_printf_wformat_on(const struct kasan_caller *c, FILE *f, const wchar_t *fmt, va_list ap)
{
	struct core_thread *t = core_thread_get();
	int ok;

	if (f && fwide(f, 0) < 0)
		t->report_note = "The stream is byte-oriented: the C library's wide printf returns -1 "
				 "there without reading its format or arguments";
	ok = check_wfmt(c, fmt, ap);
	t->report_note = 0;
	return ok;
}
