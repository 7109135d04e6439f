/*
 * This file contains the checked output functions of <stdio.h> and
 * <wchar.h>: puts, fputs, fputs_unlocked, fwrite_unlocked, fputws,
 * fputws_unlocked, and the printf and wprintf families with their
 * _FORTIFY_SOURCE (__*_chk) entry points.  The rules are intercept_str.c's;
 * what each function is known to touch:
 *
 * - Output reads memory: the string of puts/fputs (strlen+1 bytes), the
 *   format (read whole) and every %s argument of a printf (strlen+1 bytes,
 *   or with a precision min(strnlen(s, prec)+1, prec): "%.3s" of three
 *   unterminated bytes reads three), %ls and %S likewise in wide
 *   characters (a precision counts output bytes, and each wide character
 *   makes at least one: at most prec are read).  A NULL %s prints "(null)"
 *   in glibc and is not checked.  %n's destination is a write of its type's
 *   size.  Positional arguments (%1$s) end the walk.  This is what ASan's
 *   printf interceptors check; GCC turns printf("%s\n", s) into puts(s) and
 *   fprintf(f, "%s", s) into fputs(s, f), so both must be checked.
 * - Output to a stream or descriptor after a report is not performed (as
 *   write() in intercept_io.c: printing out-of-bounds bytes is the leak):
 *   -1 or EOF with errno EFAULT.
 * - snprintf/vsnprintf write min(len+1, size) bytes and sprintf/vsprintf
 *   len+1, len being the formatted length.  When the whole declared buffer
 *   is addressable (the common case) there is nothing more to know; else
 *   the length is measured first with vsnprintf(NULL, 0, ...) and exactly
 *   the bytes the call would write are checked, before it, after the reads.
 *   After a report nothing is written and -1 returned.
 *
 * Dynamic executables call the C library's functions (dlsym(RTLD_NEXT)).
 * Static ones cannot reach glibc's vfprintf, fputws and the __*_chk
 * functions under another name (their objects define the intercepted names
 * strongly too), so there ksan formats with the C library's vsnprintf (or
 * vswprintf) into memory and writes the result with its fwrite (or
 * fputwc_unlocked), all reached through libc.c; the __*_chk forms then
 * behave as the plain ones.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#include "../platform/libc.h"
#include "../linux.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define W sizeof(wchar_t)

/* ---- ksan's own versions: static executables and early calls --------- */

static int own_vsnprintf(char *s, size_t n, const char *fmt, va_list ap)
{
	return port_libc_vsnprintf(s, n, fmt, ap);
}

static int own_vsprintf(char *s, const char *fmt, va_list ap)
{
	return port_libc_vsprintf(s, fmt, ap);
}

static int own___vsnprintf_chk(char *s, size_t n, int flag, size_t slen, const char *fmt,
			       va_list ap)
{
	(void)flag;
	(void)slen;
	return port_libc_vsnprintf(s, n, fmt, ap);
}

static int own___vsprintf_chk(char *s, int flag, size_t slen, const char *fmt, va_list ap)
{
	(void)flag;
	(void)slen;
	return port_libc_vsprintf(s, fmt, ap);
}

/* The output of fmt in a new buffer, its length in *len; NULL on error. */
static char *format_alloc(const char *fmt, va_list ap, int *len)
{
	va_list aq;
	char *b;
	int n;

	va_copy(aq, ap);
	n = port_libc_vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0 || !(b = malloc((size_t)n + 1)))
		return NULL;
	*len = port_libc_vsnprintf(b, (size_t)n + 1, fmt, ap);
	return b;
}

static int own_vfprintf(FILE *f, const char *fmt, va_list ap)
{
	int n = -1;
	char *b = format_alloc(fmt, ap, &n);

	if (!b)
		return -1;
	if (port_libc_fwrite(b, 1, (size_t)n, f) != (size_t)n)
		n = -1;
	free(b);
	return n;
}

static int own___vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	return own_vfprintf(f, fmt, ap);
}

static int own_vdprintf(int fd, const char *fmt, va_list ap)
{
	int n = -1, done = 0;
	char *b = format_alloc(fmt, ap, &n);

	if (!b)
		return -1;
	while (done < n) {
		ssize_t w = port_sys_write(fd, b + done, (size_t)(n - done));

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			n = -1;
			break;
		}
		done += (int)w;
	}
	free(b);
	return n;
}

static int own___vdprintf_chk(int fd, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	return own_vdprintf(fd, fmt, ap);
}

static int own_vasprintf(char **p, const char *fmt, va_list ap)
{
	int n = -1;
	char *b = format_alloc(fmt, ap, &n);

	if (!b)
		return -1;
	*p = b;
	return n;
}

static int own___vasprintf_chk(char **p, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	return own_vasprintf(p, fmt, ap);
}

static int own_fputs(const char *s, FILE *f)
{
	return port_libc_fputs(s, f);
}

static size_t own_fwrite_unlocked(const void *p, size_t size, size_t n, FILE *f)
{
	return port_libc_fwrite(p, size, n, f);
}

static int put_wide(const wchar_t *s, size_t n, FILE *f)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (fputwc_unlocked(s[i], f) == WEOF)
			return -1;
	return 0;
}

static int own_fputws_unlocked(const wchar_t *s, FILE *f)
{
	size_t n = 0;

	while (s[n])
		n++;
	return put_wide(s, n, f);
}

static int own_fputws(const wchar_t *s, FILE *f)
{
	int r;

	flockfile(f);
	r = own_fputws_unlocked(s, f);
	funlockfile(f);
	return r;
}

static int own_vfwprintf(FILE *f, const wchar_t *fmt, va_list ap)
{
	size_t cap = 256;
	int n = -1;

	while (cap <= (1u << 24)) {
		wchar_t *b = malloc(cap * W);
		va_list aq;

		if (!b)
			return -1;
		va_copy(aq, ap);
		n = port_libc_vswprintf(b, cap, fmt, aq);
		va_end(aq);
		if (n >= 0) {
			flockfile(f);
			if (put_wide(b, (size_t)n, f))
				n = -1;
			funlockfile(f);
			free(b);
			return n;
		}
		free(b);
		cap *= 4;
	}
	return -1;
}

static int own___vfwprintf_chk(FILE *f, int flag, const wchar_t *fmt, va_list ap)
{
	(void)flag;
	return own_vfwprintf(f, fmt, ap);
}

/* ---- the C library's versions, once known ----------------------------- */

static int (*real_vsnprintf)(char *, size_t, const char *, va_list) = own_vsnprintf;
static int (*real_vsprintf)(char *, const char *, va_list) = own_vsprintf;
static int (*real___vsnprintf_chk)(char *, size_t, int, size_t, const char *, va_list) =
	own___vsnprintf_chk;
static int (*real___vsprintf_chk)(char *, int, size_t, const char *, va_list) =
	own___vsprintf_chk;
static int (*real_vfprintf)(FILE *, const char *, va_list) = own_vfprintf;
static int (*real___vfprintf_chk)(FILE *, int, const char *, va_list) = own___vfprintf_chk;
static int (*real_vdprintf)(int, const char *, va_list) = own_vdprintf;
static int (*real___vdprintf_chk)(int, int, const char *, va_list) = own___vdprintf_chk;
static int (*real_vasprintf)(char **, const char *, va_list) = own_vasprintf;
static int (*real___vasprintf_chk)(char **, int, const char *, va_list) = own___vasprintf_chk;
static int (*real_puts)(const char *) = port_libc_puts;
static int (*real_fputs)(const char *, FILE *) = own_fputs;
static int (*real_fputs_unlocked)(const char *, FILE *) = own_fputs;
static size_t (*real_fwrite_unlocked)(const void *, size_t, size_t, FILE *) =
	own_fwrite_unlocked;
static int (*real_fputws)(const wchar_t *, FILE *) = own_fputws;
static int (*real_fputws_unlocked)(const wchar_t *, FILE *) = own_fputws_unlocked;
static int (*real_vfwprintf)(FILE *, const wchar_t *, va_list) = own_vfwprintf;
static int (*real___vfwprintf_chk)(FILE *, int, const wchar_t *, va_list) =
	own___vfwprintf_chk;

void port_intercept_stdio_init(void)
{
	FIND_REAL(vsnprintf);
	FIND_REAL(vsprintf);
	FIND_REAL(__vsnprintf_chk);
	FIND_REAL(__vsprintf_chk);
	FIND_REAL(vfprintf);
	FIND_REAL(__vfprintf_chk);
	FIND_REAL(vdprintf);
	FIND_REAL(__vdprintf_chk);
	FIND_REAL(vasprintf);
	FIND_REAL(__vasprintf_chk);
	FIND_REAL(puts);
	FIND_REAL(fputs);
	FIND_REAL(fputs_unlocked);
	FIND_REAL(fwrite_unlocked);
	FIND_REAL(fputws);
	FIND_REAL(fputws_unlocked);
	FIND_REAL(vfwprintf);
	FIND_REAL(__vfwprintf_chk);
}

#define READ(p, n) port_check(&cl, (p), (n), KSAN_READ)
#define WRITE(p, n) port_check(&cl, (p), (n), KSAN_WRITE)
#define FAULT() (errno = EFAULT, -1)

/* ---- what output reads ------------------------------------------------- */

/* The bytes printf reads of the string s: "%s" (prec < 0) or "%.<prec>s";
 * wide: wchar_t units.  A pointer without shadow is reported as a 1-byte
 * read (null-ptr-deref, wild-memory-access) without being measured. */
static int check_string(const struct kasan_caller *c, const void *s, long prec, int wide)
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
			ok = check_string(&cl, va_arg(aq, void *), prec, len == 'l');
			break;
		case 'S':
			ok = check_string(&cl, va_arg(aq, void *), prec, 1);
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
static int check_fmt(const struct kasan_caller *c, const char *fmt, va_list ap)
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
	return check_string(c, fmt, -1, 1) && check_args(c, fmt, 1, ap);
}

/*
 * The wprintf family on stream f.  A byte-oriented stream (a narrow
 * function used it first: printf, puts...) makes glibc's wide printf
 * return -1 before it reads the format or any argument, so a bad %ls
 * argument there is not read; the program passed it all the same, so it
 * is still reported, and the report says what the C library would do
 * (issue 25: Juliet's CWE416 cases).
 */
static int check_wfmt_on(const struct kasan_caller *c, FILE *f, const wchar_t *fmt, va_list ap)
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

/* size == (size_t)-1: sprintf, no bound.  Returns 0 after a report. */
static int check_printf(const struct kasan_caller *c, char *d, size_t size,
			const char *fmt, va_list ap)
{
	const struct kasan_caller cl = *c;
	va_list aq;
	int len;

	if (!check_fmt(c, fmt, ap))
		return 0;
	/* a whole buffer that is addressable needs no measuring (not scanned
	 * past 1 MiB: a size larger than the buffer is common) */
	if (!size || (size != (size_t)-1 && size <= (1ul << 20) &&
		      port_range_clean((uintptr_t)d, size)))
		return 1;
	va_copy(aq, ap);
	len = real_vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	return len < 0 || WRITE(d, MIN((size_t)len + 1, size));
}

/* ---- strings ----------------------------------------------------------- */

PORT_INTERCEPTOR int puts(const char *s)
{
	PORT_CALLER(cl, puts);

	if (likely(kasan_ready) && !check_string(&cl, s, -1, 0))
		return FAULT();
	return real_puts(s);
}

PORT_INTERCEPTOR int fputs(const char *s, FILE *f)
{
	PORT_CALLER(cl, fputs);

	if (likely(kasan_ready) && !check_string(&cl, s, -1, 0))
		return FAULT();
	return real_fputs(s, f);
}

PORT_INTERCEPTOR int fputs_unlocked(const char *s, FILE *f)
{
	PORT_CALLER(cl, fputs_unlocked);

	if (likely(kasan_ready) && !check_string(&cl, s, -1, 0))
		return FAULT();
	return real_fputs_unlocked(s, f);
}

#undef fwrite_unlocked	/* <stdio.h>'s macro when optimising */
PORT_INTERCEPTOR size_t fwrite_unlocked(const void *p, size_t size, size_t n, FILE *f)
{
	PORT_CALLER(cl, fwrite_unlocked);

	if (likely(kasan_ready) && size && n && !READ(p, size * n)) {
		errno = EFAULT;
		return 0;
	}
	return real_fwrite_unlocked(p, size, n, f);
}

PORT_INTERCEPTOR int fputws(const wchar_t *s, FILE *f)
{
	PORT_CALLER(cl, fputws);

	if (likely(kasan_ready) && !check_string(&cl, s, -1, 1))
		return FAULT();
	return real_fputws(s, f);
}

PORT_INTERCEPTOR int fputws_unlocked(const wchar_t *s, FILE *f)
{
	PORT_CALLER(cl, fputws_unlocked);

	if (likely(kasan_ready) && !check_string(&cl, s, -1, 1))
		return FAULT();
	return real_fputws_unlocked(s, f);
}

/* ---- printf family: to streams and descriptors ------------------------- */

/*
 * OUTPUT(name, check, call, params...): an interceptor that checks, then
 * makes the call, or fails with EFAULT after a report.  VA_OUTPUT: its
 * variadic form, with ap started after the format.
 */
#define OUTPUT(name, check, call, ...)					\
	PORT_INTERCEPTOR int name(__VA_ARGS__)				\
	{								\
		PORT_CALLER(cl, name);					\
									\
		if (likely(kasan_ready) && !(check))			\
			return FAULT();					\
		return call;						\
	}
#define VA_OUTPUT(name, check, call, ...)				\
	PORT_INTERCEPTOR int name(__VA_ARGS__, ...)			\
	{								\
		PORT_CALLER(cl, name);					\
		va_list ap;						\
		int r;							\
									\
		va_start(ap, fmt);					\
		r = likely(kasan_ready) && !(check) ? FAULT() : (call);	\
		va_end(ap);						\
		return r;						\
	}

VA_OUTPUT(printf, check_fmt(&cl, fmt, ap), real_vfprintf(stdout, fmt, ap), const char *fmt)
/* <stdio.h> defines vprintf inline when optimising: another C name */
int ksan_vprintf(const char *fmt, va_list ap) __asm__("vprintf");
OUTPUT(ksan_vprintf, check_fmt(&cl, fmt, ap), real_vfprintf(stdout, fmt, ap), const char *fmt,
       va_list ap)
VA_OUTPUT(fprintf, check_fmt(&cl, fmt, ap), real_vfprintf(f, fmt, ap), FILE *f,
	  const char *fmt)
OUTPUT(vfprintf, check_fmt(&cl, fmt, ap), real_vfprintf(f, fmt, ap), FILE *f, const char *fmt,
       va_list ap)
VA_OUTPUT(dprintf, check_fmt(&cl, fmt, ap), real_vdprintf(fd, fmt, ap), int fd, const char *fmt)
OUTPUT(vdprintf, check_fmt(&cl, fmt, ap), real_vdprintf(fd, fmt, ap), int fd, const char *fmt,
       va_list ap)
VA_OUTPUT(asprintf, WRITE(p, sizeof(*p)) && check_fmt(&cl, fmt, ap),
	  real_vasprintf(p, fmt, ap), char **p, const char *fmt)
OUTPUT(vasprintf, WRITE(p, sizeof(*p)) && check_fmt(&cl, fmt, ap), real_vasprintf(p, fmt, ap),
       char **p, const char *fmt, va_list ap)

VA_OUTPUT(__printf_chk, check_fmt(&cl, fmt, ap), real___vfprintf_chk(stdout, flag, fmt, ap),
	  int flag, const char *fmt)
OUTPUT(__vprintf_chk, check_fmt(&cl, fmt, ap), real___vfprintf_chk(stdout, flag, fmt, ap),
       int flag, const char *fmt, va_list ap)
VA_OUTPUT(__fprintf_chk, check_fmt(&cl, fmt, ap), real___vfprintf_chk(f, flag, fmt, ap),
	  FILE *f, int flag, const char *fmt)
OUTPUT(__vfprintf_chk, check_fmt(&cl, fmt, ap), real___vfprintf_chk(f, flag, fmt, ap),
       FILE *f, int flag, const char *fmt, va_list ap)
VA_OUTPUT(__dprintf_chk, check_fmt(&cl, fmt, ap), real___vdprintf_chk(fd, flag, fmt, ap),
	  int fd, int flag, const char *fmt)
OUTPUT(__vdprintf_chk, check_fmt(&cl, fmt, ap), real___vdprintf_chk(fd, flag, fmt, ap),
       int fd, int flag, const char *fmt, va_list ap)
VA_OUTPUT(__asprintf_chk, WRITE(p, sizeof(*p)) && check_fmt(&cl, fmt, ap),
	  real___vasprintf_chk(p, flag, fmt, ap), char **p, int flag, const char *fmt)
OUTPUT(__vasprintf_chk, WRITE(p, sizeof(*p)) && check_fmt(&cl, fmt, ap),
       real___vasprintf_chk(p, flag, fmt, ap), char **p, int flag, const char *fmt, va_list ap)

/* ---- wprintf family ----------------------------------------------------- */

VA_OUTPUT(wprintf, check_wfmt_on(&cl, stdout, fmt, ap), real_vfwprintf(stdout, fmt, ap),
	  const wchar_t *fmt)
OUTPUT(vwprintf, check_wfmt_on(&cl, stdout, fmt, ap), real_vfwprintf(stdout, fmt, ap), const wchar_t *fmt,
       va_list ap)
VA_OUTPUT(fwprintf, check_wfmt_on(&cl, f, fmt, ap), real_vfwprintf(f, fmt, ap), FILE *f,
	  const wchar_t *fmt)
OUTPUT(vfwprintf, check_wfmt_on(&cl, f, fmt, ap), real_vfwprintf(f, fmt, ap), FILE *f,
       const wchar_t *fmt, va_list ap)
VA_OUTPUT(__wprintf_chk, check_wfmt_on(&cl, stdout, fmt, ap), real___vfwprintf_chk(stdout, flag, fmt, ap),
	  int flag, const wchar_t *fmt)
OUTPUT(__vwprintf_chk, check_wfmt_on(&cl, stdout, fmt, ap), real___vfwprintf_chk(stdout, flag, fmt, ap),
       int flag, const wchar_t *fmt, va_list ap)
VA_OUTPUT(__fwprintf_chk, check_wfmt_on(&cl, f, fmt, ap), real___vfwprintf_chk(f, flag, fmt, ap),
	  FILE *f, int flag, const wchar_t *fmt)
OUTPUT(__vfwprintf_chk, check_wfmt_on(&cl, f, fmt, ap), real___vfwprintf_chk(f, flag, fmt, ap),
       FILE *f, int flag, const wchar_t *fmt, va_list ap)

/* ---- printf family: into memory ---------------------------------------- */

/*
 * MEMORY(name, size, call, params...): the snprintf/sprintf forms: reads,
 * then the bytes written (size (size_t)-1: no bound); -1 after a report,
 * nothing written.
 */
#define MEMORY(name, size, call, ...)					\
	PORT_INTERCEPTOR int name(__VA_ARGS__)				\
	{								\
		PORT_CALLER(cl, name);					\
									\
		if (likely(kasan_ready) && !check_printf(&cl, d, size, fmt, ap)) \
			return -1;					\
		return call;						\
	}
#define VA_MEMORY(name, size, call, ...)				\
	PORT_INTERCEPTOR int name(__VA_ARGS__, ...)			\
	{								\
		PORT_CALLER(cl, name);					\
		va_list ap;						\
		int r = -1;						\
									\
		va_start(ap, fmt);					\
		if (unlikely(!kasan_ready) || check_printf(&cl, d, size, fmt, ap)) \
			r = call;					\
		va_end(ap);						\
		return r;						\
	}

MEMORY(vsnprintf, size, real_vsnprintf(d, size, fmt, ap), char *d, size_t size,
       const char *fmt, va_list ap)
VA_MEMORY(snprintf, size, real_vsnprintf(d, size, fmt, ap), char *d, size_t size,
	  const char *fmt)
MEMORY(vsprintf, (size_t)-1, real_vsprintf(d, fmt, ap), char *d, const char *fmt, va_list ap)
VA_MEMORY(sprintf, (size_t)-1, real_vsprintf(d, fmt, ap), char *d, const char *fmt)
MEMORY(__vsnprintf_chk, size, real___vsnprintf_chk(d, size, flag, slen, fmt, ap), char *d,
       size_t size, int flag, size_t slen, const char *fmt, va_list ap)
VA_MEMORY(__snprintf_chk, size, real___vsnprintf_chk(d, size, flag, slen, fmt, ap), char *d,
	  size_t size, int flag, size_t slen, const char *fmt)
MEMORY(__vsprintf_chk, (size_t)-1, real___vsprintf_chk(d, flag, slen, fmt, ap), char *d,
       int flag, size_t slen, const char *fmt, va_list ap)
VA_MEMORY(__sprintf_chk, (size_t)-1, real___vsprintf_chk(d, flag, slen, fmt, ap), char *d,
	  int flag, size_t slen, const char *fmt)
