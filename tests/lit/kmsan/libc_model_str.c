// KMSAN's C library model, strings, numbers and characters modelled before issue 25 (src/port/linux/kmsan_libc_str.c, kmsan_libc_wchar.c, kmsan_libc_stdio.c): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.  Copies carry the source's metadata: the sources here are initialised.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <inttypes.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>
#include "Inputs/libc_rows.h"

#define END_ROW(fn, num, ...)						\
	ROW(fn, sizeof(char *))						\
	{								\
		(void)fn(num, (char **)b, ##__VA_ARGS__);		\
		return sizeof(char *);					\
	}

END_ROW(strtol, "12x", 10)
END_ROW(strtoll, "12x", 10)
END_ROW(strtoul, "12x", 10)
END_ROW(strtoull, "12x", 10)
END_ROW(strtoimax, "12x", 10)
END_ROW(strtoumax, "12x", 10)
END_ROW(strtouq, "12x", 10)
END_ROW(strtod, "1.5x")
END_ROW(strtof, "1.5x")
END_ROW(strtold, "1.5x")

/* called through pointers: direct calls would be the compiler's builtins */
#define VIA(fn) (*(__typeof__(&fn) volatile *)&(__typeof__(&fn)){ fn })

static const char text[16] = "0123456789abcde";
static const wchar_t wtext[8] = L"abcdefg";

ROW(memcpy, 16)
{
	VIA(memcpy)(b, text, 8);
	return 8;
}

ROW(memmove, 16)
{
	VIA(memmove)(b, text, 8);
	return 8;
}

ROW(mempcpy, 16)
{
	return (unsigned char *)VIA(mempcpy)(b, text, 8) - b;
}

ROW(memccpy, 16)
{
	return (unsigned char *)VIA(memccpy)(b, text, '4', 16) - b;
}

ROW(memset, 16)
{
	VIA(memset)(b, 1, 8);
	return 8;
}

ROW(strcpy, 16)
{
	VIA(strcpy)((char *)b, "abc");
	return 4;
}

ROW(stpcpy, 16)
{
	return VIA(stpcpy)((char *)b, "abc") - (char *)b + 1;
}

ROW(strncpy, 16)
{
	VIA(strncpy)((char *)b, "abc", 6);	/* pads with NULs to 6 */
	return 6;
}

ROW(strcat, 16)
{
	b[0] = 'x';
	b[1] = 0;
	VIA(strcat)((char *)b, "abc");
	return 5;
}

ROW(strncat, 16)
{
	b[0] = 0;
	VIA(strncat)((char *)b, "abcdef", 3);
	return 4;
}

ROW(wmemcpy, 8 * sizeof(wchar_t))
{
	VIA(wmemcpy)((wchar_t *)b, wtext, 4);
	return 4 * sizeof(wchar_t);
}

ROW(wmemmove, 8 * sizeof(wchar_t))
{
	VIA(wmemmove)((wchar_t *)b, wtext, 4);
	return 4 * sizeof(wchar_t);
}

ROW(wmempcpy, 8 * sizeof(wchar_t))
{
	return (unsigned char *)VIA(wmempcpy)((wchar_t *)b, wtext, 4) - b;
}

ROW(wmemset, 8 * sizeof(wchar_t))
{
	VIA(wmemset)((wchar_t *)b, L'x', 4);
	return 4 * sizeof(wchar_t);
}

ROW(wcscpy, 8 * sizeof(wchar_t))
{
	VIA(wcscpy)((wchar_t *)b, L"abc");
	return 4 * sizeof(wchar_t);
}

ROW(wcsncpy, 8 * sizeof(wchar_t))
{
	VIA(wcsncpy)((wchar_t *)b, L"abc", 6);
	return 6 * sizeof(wchar_t);
}

ROW(wcscat, 8 * sizeof(wchar_t))
{
	((wchar_t *)b)[0] = 0;
	VIA(wcscat)((wchar_t *)b, L"abc");
	return 4 * sizeof(wchar_t);
}

ROW(wcsncat, 8 * sizeof(wchar_t))
{
	((wchar_t *)b)[0] = 0;
	VIA(wcsncat)((wchar_t *)b, L"abcdef", 2);
	return 3 * sizeof(wchar_t);
}

/* new copies: checked whole (their size is the copy's) */
ROW(strdup, 0)
{
	char *p = VIA(strdup)("abc");

	use(p, 4);
	free(p);
	(void)b;
	return NOPAST;
}

ROW(strndup, 0)
{
	char *p = VIA(strndup)("abcdef", 3);

	use(p, 4);
	free(p);
	(void)b;
	return NOPAST;
}

ROW(wcsdup, 0)
{
	wchar_t *p = VIA(wcsdup)(L"abc");

	use(p, 4 * sizeof(wchar_t));
	free(p);
	(void)b;
	return NOPAST;
}

ROW(strerror_r, 64)
{
	char *m = strerror_r(2, (char *)b, 64);	/* GNU: may return its own string */

	if (m != (char *)b) {
		use_str(m);
		return 0;
	}
	return (long)strlen(m) + 1;
}

int __xpg_strerror_r(int, char *, size_t);
ROW(__xpg_strerror_r, 64)
{
	return __xpg_strerror_r(2, (char *)b, 64) ? -2 : (long)strlen((char *)b) + 1;
}

ROW(strftime, 64)
{
	static const struct tm when = { .tm_year = 120, .tm_mday = 3 };

	return (long)strftime((char *)b, 64, "%Y-%m-%d", &when) + 1;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static int cmp_int_r(const void *a, const void *b, void *arg)
{
	(void)arg;
	return *(const int *)a - *(const int *)b;
}

/* the elements move with their metadata: four initialised ints sorted */
ROW(qsort, 4 * sizeof(int))
{
	int *v = (int *)b;

	v[0] = 3, v[1] = 1, v[2] = 2, v[3] = 0;
	qsort(v, 4, sizeof(int), cmp_int);
	return 4 * sizeof(int);
}

ROW(qsort_r, 4 * sizeof(int))
{
	int *v = (int *)b;

	v[0] = 3, v[1] = 1, v[2] = 2, v[3] = 0;
	qsort_r(v, 4, sizeof(int), cmp_int_r, NULL);
	return 4 * sizeof(int);
}

ROW(mbrtowc, sizeof(wchar_t))
{
	mbstate_t st = { 0 };

	return mbrtowc((wchar_t *)b, "a", 1, &st) == 1 ? (long)sizeof(wchar_t) : -2;
}

ROW(mbtowc, sizeof(wchar_t))
{
	return mbtowc((wchar_t *)b, "a", 1) == 1 ? (long)sizeof(wchar_t) : -2;
}

ROW(mbstowcs, 8 * sizeof(wchar_t))
{
	size_t n = mbstowcs((wchar_t *)b, "abc", 8);

	return n == 3 ? 4 * (long)sizeof(wchar_t) : -2;
}

ROW(mbsrtowcs, 8 * sizeof(wchar_t))
{
	const char *s = "abc";
	mbstate_t st = { 0 };

	return mbsrtowcs((wchar_t *)b, &s, 8, &st) == 3 ? 4 * (long)sizeof(wchar_t) : -2;
}

ROW(mbsnrtowcs, 8 * sizeof(wchar_t))
{
	const char *s = "abcdef";
	mbstate_t st = { 0 };

	return mbsnrtowcs((wchar_t *)b, &s, 3, 8, &st) == 3 ? 3 * (long)sizeof(wchar_t) : -2;
}

ROW(wctomb, 8)
{
	return wctomb((char *)b, L'a') == 1 ? 1 : -2;
}

ROW(wcrtomb, 8)
{
	mbstate_t st = { 0 };

	return wcrtomb((char *)b, L'a', &st) == 1 ? 1 : -2;
}

ROW(wcstombs, 8)
{
	return wcstombs((char *)b, L"abc", 8) == 3 ? 4 : -2;
}

ROW(wcsrtombs, 8)
{
	const wchar_t *s = L"abc";
	mbstate_t st = { 0 };

	return wcsrtombs((char *)b, &s, 8, &st) == 3 ? 4 : -2;
}

ROW(wcsnrtombs, 8)
{
	const wchar_t *s = L"abcdef";
	mbstate_t st = { 0 };

	return wcsnrtombs((char *)b, &s, 3, 8, &st) == 3 ? 3 : -2;
}

int main(int argc, char **argv)
{
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 46{{$}}
// CHECK-NEXT: STATUS: exit 0
