// The multibyte and wide-character conversions store characters into the program's memory without instrumentation: mbrtowc, mbtowc, mbrlen, mblen, mbsrtowcs, mbsnrtowcs, mbstowcs, wcrtomb, wctomb, wcsrtombs, wcsnrtombs and wcstombs results are initialised (ok: silent, issue 25's mbrtowc false positive), exactly as many characters as they report: the unit after what each stored is still reported.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 mbrtowc 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 mbrtowc 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 mbsrtowcs 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 mbstowcs 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 wcrtomb 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 wcsrtombs 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 wcstombs 2>&1 | FileCheck %s
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: bash %S/../Inputs/status.sh %ts ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %ts mbrtowc 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %ts wcsrtombs 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "../Inputs/kmsan_use.h"

int main(int argc, char **argv)
{
	const char *mode = argv[1], *src;
	const wchar_t *wsrc;
	wchar_t w[8];
	char b[16];
	mbstate_t st;
	size_t n;
	int k;

	if (!setlocale(LC_ALL, "C.UTF-8"))
		return 2;
	if (!strcmp(mode, "ok")) {
		memset(&st, 0, sizeof(st));
		n = mbrtowc(&w[0], "\xc3\xa9", 2, &st);	/* e-acute */
		use(&w[0], sizeof(w[0]));
		use(&st, sizeof(st));
		k = mbtowc(&w[1], "a", 1);
		use(&w[1], sizeof(w[1]));
		n += mbrlen("\xc3\xa9", 2, &st) + (size_t)mblen("a", 1) + (size_t)k;
		src = "abc";
		n += mbsrtowcs(w, &src, 8, &st);
		use(w, 4 * sizeof(w[0]));
		use(&src, sizeof(src));
		src = "abcdef";
		n += mbsnrtowcs(w, &src, 2, 8, &st);
		use(w, 2 * sizeof(w[0]));
		n += mbstowcs(w, "xy", 8);
		use(w, 3 * sizeof(w[0]));
		n += wcrtomb(b, L'\xe9', &st);
		use(b, 2);
		k = wctomb(b + 2, L'a');
		use(b + 2, (size_t)k);
		wsrc = L"abc";
		n += wcsrtombs(b, &wsrc, sizeof(b), &st);
		use(b, 4);
		use(&wsrc, sizeof(wsrc));
		wsrc = L"abcdef";
		n += wcsnrtombs(b, &wsrc, 2, sizeof(b), &st);
		use(b, 2);
		n += wcstombs(b, L"xy", sizeof(b));
		use(b, 3);
		printf("done %d\n", n > 0 && sink >= 0);
		return 0;
	}
	memset(&st, 0, sizeof(st));
	if (!strcmp(mode, "mbrtowc")) {
		mbrtowc(&w[0], "\xc3\xa9", 2, &st);
		use(&w[0], 2 * sizeof(w[0]));		/* w[1]: not written */
	} else if (!strcmp(mode, "mbsrtowcs")) {
		src = "abc";
		mbsrtowcs(w, &src, 8, &st);
		use(w, 5 * sizeof(w[0]));		/* 3 + L'\0' written */
	} else if (!strcmp(mode, "mbstowcs")) {
		mbstowcs(w, "abc", 8);
		use(w, 5 * sizeof(w[0]));
	} else if (!strcmp(mode, "wcrtomb")) {
		wcrtomb(b, L'\xe9', &st);
		use(b, 3);				/* 2 bytes written */
	} else if (!strcmp(mode, "wcsrtombs")) {
		wsrc = L"abc";
		wcsrtombs(b, &wsrc, sizeof(b), &st);
		use(b, 5);				/* 3 + NUL written */
	} else if (!strcmp(mode, "wcstombs")) {
		wcstombs(b, L"abc", sizeof(b));
		use(b, 5);
	}
	printf("done\n");
	return 0;
}

// OK: {{^}}done 1{{$}}
// OK-NEXT: STATUS: exit 0

// CHECK: {{^}}BUG: KMSAN: uninit-value in use+0x
// CHECK-NEXT: {{^}} use+0x{{.*}}kmsan_use.h:{{[0-9]+}}
// CHECK-NEXT: {{^}} main+0x
// CHECK: {{^}}Local variable {{w|b}} created at:
// CHECK: STATUS: exit 1
