// What the C library reads for output is checked: the string of puts (GCC turns printf("%s\n", s) into puts(s)) and fputs, and the %s / %ls arguments of the printf and wprintf families (strlen+1 bytes, or up to the precision), also in their _FORTIFY_SOURCE forms; the report names the interceptor and its caller, and with halt_on_error=0 nothing is printed (-1/EOF).  The twins are silent: a precision-bounded %.3s of a 3-byte unterminated buffer, a NULL %s ("(null)").
// RUN: %ksan_cc -O1 %s -o %t
// RUN: %ksan_cc -O1 -D_FORTIFY_SOURCE=2 %s -o %t.fortify
// RUN: bash %S/../Inputs/status.sh %run %t puts 2>&1 | FileCheck %s --check-prefix=PUTS
// RUN: bash %S/../Inputs/status.sh %run %t printf 2>&1 | FileCheck %s --check-prefix=PRINTF -DFN=printf
// RUN: bash %S/../Inputs/status.sh %run %t.fortify printf 2>&1 | FileCheck %s --check-prefix=PRINTF -DFN=%fortify(printf)
// RUN: bash %S/../Inputs/status.sh %run %t fputs 2>&1 | FileCheck %s --check-prefix=FPUTS
// RUN: bash %S/../Inputs/status.sh %run %t fprintf 2>&1 | FileCheck %s --check-prefix=FPRINTF -DFN=fprintf
// RUN: bash %S/../Inputs/status.sh %run %t.fortify fprintf 2>&1 | FileCheck %s --check-prefix=FPRINTF -DFN=%fortify(fprintf)
// RUN: bash %S/../Inputs/status.sh %run %t precision 2>&1 | FileCheck %s --check-prefix=PREC
// RUN: bash %S/../Inputs/status.sh %run %t wide 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t printf 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t.fortify ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

char *volatile sink;
char *volatile null_str;

__attribute__((noinline)) char *freed(void)
{
	char *s = sink = strdup("hello");

	free(s);
	return s;
}

__attribute__((noinline)) void show_puts(const char *s)
{
	printf("%s\n", s);
}

__attribute__((noinline)) int show_printf(const char *s)
{
	return printf("<%d %s>\n", 1, s);
}

__attribute__((noinline)) void show_fputs(const char *s)
{
	fputs(s, stdout);
}

__attribute__((noinline)) void show_fprintf(const char *s)
{
	fprintf(stdout, "%d %s\n", 2, s);
}

__attribute__((noinline)) void show_prec(const char *s)
{
	printf("%.5s|\n", s);
}

__attribute__((noinline)) void show_wide(const wchar_t *w)
{
	FILE *f = fopen("/dev/null", "w");

	fwprintf(f, L"%d %ls\n", 3, w);
	fclose(f);
}

int main(int argc, char **argv)
{
	char *three = sink = malloc(3);

	setvbuf(stdout, NULL, _IONBF, 0);
	memcpy(three, "abc", 3);	/* not terminated */
	if (!strcmp(argv[1], "puts")) {
		show_puts(freed());
	} else if (!strcmp(argv[1], "printf")) {
		printf("r=%d\n", show_printf(freed()));
	} else if (!strcmp(argv[1], "fputs")) {
		show_fputs(freed());
	} else if (!strcmp(argv[1], "fprintf")) {
		show_fprintf(freed());
	} else if (!strcmp(argv[1], "precision")) {
		show_prec(three);
	} else if (!strcmp(argv[1], "wide")) {
		wchar_t *w = (wchar_t *)(sink = malloc(2 * sizeof(wchar_t)));

		w[0] = L'w';
		w[1] = L'x';
		show_wide(w);
		free(w);
	} else {
		wchar_t w[2] = L"w";

		printf("%.3s|%.2s|\n", three, three);
		printf("[%s]\n", null_str);
		show_puts("hello");
		printf("r=%d\n", show_printf("hi"));
		show_fputs("fputs\n");
		show_fprintf("fprintf");
		show_wide(w);
	}
	free(three);
	return 0;
}

// The size is strlen+1 of what the freed object holds now.
// PUTS: {{^}}BUG: KASAN: slab-use-after-free in show_puts+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PUTS-NEXT: {{^}}Read of size {{[0-9]+}} at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// PUTS: {{^}}Call Trace:{{$}}
// PUTS-NEXT: {{^}} puts{{$}}
// PUTS-NEXT: {{^}} show_puts+0x{{.*}}output_read.c:33{{$}}
// PUTS: {{^}}Freed by task {{[0-9]+}}:{{$}}
// PUTS: {{^}} freed+0x{{.*}}output_read.c:27{{$}}
// PUTS: STATUS: exit 1{{$}}

// PRINTF: {{^}}BUG: KASAN: slab-use-after-free in show_printf+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PRINTF-NEXT: {{^}}Read of size {{[0-9]+}} at addr {{[0-9a-f]+}} by task
// PRINTF: {{^}}Call Trace:{{$}}
// PRINTF-NEXT: {{^}} [[FN]]{{$}}
// PRINTF: {{^}} show_printf+0x{{.*}}output_read.c:38{{$}}
// PRINTF-NOT: <1
// PRINTF: STATUS: exit 1{{$}}

// FPUTS: {{^}}BUG: KASAN: slab-use-after-free in show_fputs+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// FPUTS-NEXT: {{^}}Read of size {{[0-9]+}} at addr
// FPUTS: {{^}}Call Trace:{{$}}
// FPUTS-NEXT: {{^}} fputs{{$}}
// FPUTS-NEXT: {{^}} show_fputs+0x{{.*}}output_read.c:43{{$}}
// FPUTS: STATUS: exit 1{{$}}

// FPRINTF: {{^}}BUG: KASAN: slab-use-after-free in show_fprintf+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// FPRINTF-NEXT: {{^}}Read of size {{[0-9]+}} at addr
// FPRINTF: {{^}}Call Trace:{{$}}
// FPRINTF-NEXT: {{^}} [[FN]]{{$}}
// FPRINTF: {{^}} show_fprintf+0x{{.*}}output_read.c:48{{$}}
// FPRINTF: STATUS: exit 1{{$}}

// %.5s of a 3-byte unterminated buffer reads past it (4 or 5 bytes, up to
// the first NUL in the red zone).
// PREC: {{^}}BUG: KASAN: slab-out-of-bounds in show_prec+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PREC-NEXT: {{^}}Read of size {{[45]}} at addr
// PREC: {{^}}Call Trace:{{$}}
// PREC-NEXT: {{^}} printf{{$}}
// PREC: {{^}} 3-byte region
// PREC: STATUS: exit 1{{$}}

// WIDE: {{^}}BUG: KASAN: slab-out-of-bounds in show_wide+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// WIDE-NEXT: {{^}}Read of size {{[0-9]+}} at addr
// WIDE: {{^}}Call Trace:{{$}}
// WIDE-NEXT: {{^}} fwprintf{{$}}
// WIDE: {{^}} 8-byte region
// WIDE: STATUS: exit 1{{$}}

// GOON: BUG: KASAN: slab-use-after-free in show_printf
// GOON: {{^}}r=-1{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}abc|ab|{{$}}
// OK-NEXT: {{^}}[(null)]{{$}}
// OK-NEXT: {{^}}hello{{$}}
// OK-NEXT: {{^}}<1 hi>{{$}}
// OK-NEXT: {{^}}r=7{{$}}
// OK-NEXT: {{^}}fputs{{$}}
// OK-NEXT: {{^}}2 fprintf{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
