// KMSAN's C library model, text and data transformers (src/port/linux/kmsan/libc_text.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t -ldl
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static -ldl
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <iconv.h>
#include <locale.h>
#include <obstack.h>
#include <regex.h>
#include <stdarg.h>
#include <strings.h>
#include <wchar.h>
#include "Inputs/libc_rows.h"

static locale_t loc;

ROW(strxfrm, 32)
{
	return (long)strxfrm((char *)b, "hello", 32) + 1;
}

ROW(strxfrm_l, 32)
{
	return (long)strxfrm_l((char *)b, "hello", 32, loc) + 1;
}

ROW(wcsxfrm, 32 * sizeof(wchar_t))
{
	return ((long)wcsxfrm((wchar_t *)b, L"hello", 32) + 1) * (long)sizeof(wchar_t);
}

ROW(wcsxfrm_l, 32 * sizeof(wchar_t))
{
	return ((long)wcsxfrm_l((wchar_t *)b, L"hello", 32, loc) + 1) * (long)sizeof(wchar_t);
}

ROW(swprintf, 32 * sizeof(wchar_t))
{
	int n = swprintf((wchar_t *)b, 32, L"%d-%ls", 42, L"ab");

	return n < 0 ? -2 : (n + 1) * (long)sizeof(wchar_t);
}

static int wide_format(wchar_t *s, size_t n, const wchar_t *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vswprintf(s, n, fmt, ap);
	va_end(ap);
	return r;
}

ROW(vswprintf, 32 * sizeof(wchar_t))
{
	int n = wide_format((wchar_t *)b, 32, L"%d", 7);

	return n < 0 ? -2 : (n + 1) * (long)sizeof(wchar_t);
}

/* the converted bytes; the cursors are checked where they are */
ROW(iconv, 32)
{
	iconv_t cd = iconv_open("UTF-16LE", "UTF-8");
	char in[] = "abc", *ip = in, *op = (char *)b;
	size_t il = 3, ol = 32;
	long n;

	if (cd == (iconv_t)-1 || iconv(cd, &ip, &il, &op, &ol) == (size_t)-1)
		return -2;
	use(&ip, sizeof(ip));
	use(&ol, sizeof(ol));
	n = op - (char *)b;
	iconv_close(cd);
	return n;
}

ROW(regcomp, sizeof(regex_t))
{
	regex_t *re = (regex_t *)b;

	if (regcomp(re, "a(b)c", REG_EXTENDED))
		return -2;
	use(&re->re_nsub, sizeof(re->re_nsub));
	regfree(re);
	return sizeof(regex_t);
}

ROW(regexec, 3 * sizeof(regmatch_t))
{
	regex_t re;
	long n;

	regcomp(&re, "a(b)c", REG_EXTENDED);
	n = regexec(&re, "xabcx", 3, (regmatch_t *)b, 0) ? -2 : 3 * (long)sizeof(regmatch_t);
	regfree(&re);
	return n;
}

ROW(regerror, 128)
{
	size_t n = regerror(REG_BADPAT, NULL, (char *)b, 128);

	return n > 128 ? -2 : (long)n;
}

/* the pointer and the size at b: marked at the open */
ROW(open_memstream, sizeof(char *) + sizeof(size_t))
{
	FILE *f = open_memstream((char **)b, (size_t *)(b + sizeof(char *)));

	if (!f)
		return -2;
	fputs("abc", f);
	fclose(f);
	use_str(*(char **)b);
	free(*(char **)b);
	return sizeof(char *) + sizeof(size_t);
}

ROW(open_wmemstream, sizeof(wchar_t *) + sizeof(size_t))
{
	FILE *f = open_wmemstream((wchar_t **)b, (size_t *)(b + sizeof(wchar_t *)));

	if (!f)
		return -2;
	fputws(L"abc", f);
	fclose(f);
	free(*(wchar_t **)b);
	return sizeof(wchar_t *) + sizeof(size_t);
}

#define obstack_chunk_alloc malloc
#define obstack_chunk_free free

ROW(_obstack_begin, sizeof(struct obstack))
{
	struct obstack *o = (struct obstack *)b;

	if (!obstack_init(o))
		return -2;
	obstack_grow(o, "abc", 4);
	use_str(obstack_finish(o));
	obstack_free(o, NULL);
	return sizeof(struct obstack);
}

static void *chunk_1(void *arg, long n)
{
	(void)arg;
	return malloc(n);
}

static void free_1(void *arg, void *p)
{
	(void)arg;
	free(p);
}

ROW(_obstack_begin_1, sizeof(struct obstack))
{
	struct obstack *o = (struct obstack *)b;

	if (!_obstack_begin_1(o, 0, 0, chunk_1, free_1, NULL))
		return -2;
	obstack_free(o, NULL);
	return sizeof(struct obstack);
}

/* an object that outgrows its first chunk: the library copies it into
 * the next one, and it is read there */
ROW(_obstack_newchunk, 0)
{
	struct obstack o;
	char *s;
	int i;

	obstack_init(&o);
	for (i = 0; i < 10000; i++)
		obstack_1grow(&o, 'a' + i % 26);
	obstack_1grow(&o, 0);
	s = obstack_finish(&o);
	use_str(s);
	obstack_free(&o, NULL);
	(void)b;
	return NOPAST;
}

ROW(backtrace, 8 * sizeof(void *))
{
	int n = backtrace((void **)b, 8);

	return n <= 0 ? -2 : n * (long)sizeof(void *);
}

ROW(dladdr, sizeof(Dl_info))
{
#ifdef ROWS_STATIC
	/* a static executable's dladdr knows no objects: it fails */
	if (!dladdr((void *)printf, (Dl_info *)b))
		return NOPAST;
#endif
	return dladdr((void *)printf, (Dl_info *)b) ? (long)sizeof(Dl_info) : -2;
}

/* called through pointers: the compiler would make memmove and memset of
 * direct calls */
static void (*volatile bcopy_p)(const void *, void *, size_t) = bcopy;
static void (*volatile bzero_p)(void *, size_t) = bzero;

ROW(bcopy, 16)
{
	static const char text[8] = "bcopy..";

	bcopy_p(text, b, 8);
	return 8;
}

ROW(bzero, 16)
{
	bzero_p(b, 8);
	return 8;
}

int main(int argc, char **argv)
{
	loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 19{{$}}
// CHECK-NEXT: STATUS: exit 0
