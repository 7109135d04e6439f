// KMSAN's C library model, stdio modelled before issue 25 (src/port/linux/kmsan_libc_stdio.c, kmsan_libc_io.c): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.  Standard input is a pipe the program fills itself.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#include "Inputs/libc_rows.h"

int __isoc99_sscanf(const char *, const char *, ...);
int __isoc99_fscanf(FILE *, const char *, ...);
int __isoc99_scanf(const char *, ...);
int __isoc99_vsscanf(const char *, const char *, va_list);
int __isoc99_vfscanf(FILE *, const char *, va_list);
int __isoc99_vscanf(const char *, va_list);

static char data[] = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\nline two\nline three\n";

/* a stream over data, for one row */
static FILE *stream(void)
{
	return fmemopen(data, sizeof(data) - 1, "r");
}

/* one int through %d: the int at b */
#define SCAN_ROW(fn, ...)						\
	ROW(fn, sizeof(int))						\
	{								\
		return fn(__VA_ARGS__) == 1 ? (long)sizeof(int) : -2;	\
	}

#define SCANV_ROW(fn, call)						\
	ROW(fn, sizeof(int))						\
	{								\
		return call == 1 ? (long)sizeof(int) : -2;		\
	}

#define VSCAN(name, vfn, P, p)						\
	static int name(P p, const char *fmt, ...)			\
	{								\
		va_list ap;						\
		int r;							\
		va_start(ap, fmt);					\
		r = vfn(p, fmt, ap);					\
		va_end(ap);						\
		return r;						\
	}

VSCAN(do_vsscanf, vsscanf, const char *, s)
VSCAN(do_vfscanf, vfscanf, FILE *, f)
VSCAN(do_isoc99_vsscanf, __isoc99_vsscanf, const char *, s)
VSCAN(do_isoc99_vfscanf, __isoc99_vfscanf, FILE *, f)

static int do_vscanf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vscanf(fmt, ap);
	va_end(ap);
	return r;
}

static int do_isoc99_vscanf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = __isoc99_vscanf(fmt, ap);
	va_end(ap);
	return r;
}

/* a fresh stream per use (left open: the program ends soon) */
#define f_row stream()

SCAN_ROW(sscanf, "42", "%d", (int *)b)
SCANV_ROW(vsscanf, do_vsscanf("42", "%d", (int *)b))
SCAN_ROW(__isoc99_sscanf, "42", "%d", (int *)b)
SCANV_ROW(__isoc99_vsscanf, do_isoc99_vsscanf("42", "%d", (int *)b))
SCAN_ROW(fscanf, f_row, "%d", (int *)b)
SCANV_ROW(vfscanf, do_vfscanf(f_row, "%d", (int *)b))
SCAN_ROW(__isoc99_fscanf, f_row, "%d", (int *)b)
SCANV_ROW(__isoc99_vfscanf, do_isoc99_vfscanf(f_row, "%d", (int *)b))
SCAN_ROW(scanf, "%d", (int *)b)
SCANV_ROW(vscanf, do_vscanf("%d", (int *)b))
SCAN_ROW(__isoc99_scanf, "%d", (int *)b)
SCANV_ROW(__isoc99_vscanf, do_isoc99_vscanf("%d", (int *)b))

#define VIA(fn) (*(__typeof__(&fn) volatile *)&(__typeof__(&fn)){ fn })

ROW(sprintf, 32)
{
	return VIA(sprintf)((char *)b, "%d-%s", 42, "ab") + 1;
}

ROW(snprintf, 32)
{
	return VIA(snprintf)((char *)b, 32, "%d-%s", 42, "ab") + 1;
}

static int do_vsprintf(char *s, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsprintf(s, fmt, ap);
	va_end(ap);
	return r;
}

static int do_vsnprintf(char *s, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(s, n, fmt, ap);
	va_end(ap);
	return r;
}

static int do_vasprintf(char **s, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vasprintf(s, fmt, ap);
	va_end(ap);
	return r;
}

ROW(vsprintf, 32)
{
	return do_vsprintf((char *)b, "%d", 42) + 1;
}

ROW(vsnprintf, 32)
{
	return do_vsnprintf((char *)b, 32, "%d", 42) + 1;
}

/* the pointer at b; the string is checked where it is */
ROW(asprintf, sizeof(char *))
{
	if (asprintf((char **)b, "%d", 42) < 0)
		return -2;
	use_str(*(char **)b);
	free(*(char **)b);
	return sizeof(char *);
}

ROW(vasprintf, sizeof(char *))
{
	if (do_vasprintf((char **)b, "%d", 42) < 0)
		return -2;
	use_str(*(char **)b);
	free(*(char **)b);
	return sizeof(char *);
}

ROW(fgets, 64)
{
	return fgets((char *)b, 64, f_row) ? (long)strlen((char *)b) + 1 : -2;
}

ROW(fgets_unlocked, 64)
{
	return (fgets_unlocked)((char *)b, 64, f_row) ? (long)strlen((char *)b) + 1 : -2;
}

ROW(fread, 16)
{
	return (long)fread(b, 1, 10, f_row);
}

ROW(fread_unlocked, 16)
{
	return (long)(fread_unlocked)(b, 1, 10, f_row);
}

/* the buffer pointer and size at b; the line is checked where it is */
ROW(getline, sizeof(char *) + sizeof(size_t))
{
	char **line = (char **)b;
	size_t *n = (size_t *)(b + sizeof(char *));

	*line = NULL;
	*n = 0;
	if (getline(line, n, f_row) < 0)
		return -2;
	use_str(*line);
	free(*line);
	return sizeof(char *) + sizeof(size_t);
}

ROW(getdelim, sizeof(char *) + sizeof(size_t))
{
	char **line = (char **)b;
	size_t *n = (size_t *)(b + sizeof(char *));

	*line = NULL;
	*n = 0;
	if (getdelim(line, n, ' ', f_row) < 0)
		return -2;
	use_str(*line);
	free(*line);
	return sizeof(char *) + sizeof(size_t);
}

ROW(__getdelim, sizeof(char *) + sizeof(size_t))
{
	char **line = (char **)b;
	size_t *n = (size_t *)(b + sizeof(char *));

	*line = NULL;
	*n = 0;
	if (__getdelim(line, n, '\n', f_row) < 0)
		return -2;
	use_str(*line);
	free(*line);
	return sizeof(char *) + sizeof(size_t);
}

/* getc_unlocked's macro calls __uflow on an empty buffer, then reads the
 * buffer __uflow filled inline */
ROW(__uflow, 0)
{
	FILE *f = f_row;
	int c = __uflow(f);

	use(&c, sizeof(c));
	c = getc_unlocked(f);
	use(&c, sizeof(c));
	fclose(f);
	(void)b;
	return NOPAST;
}

int main(int argc, char **argv)
{
	int p[2];

	if (pipe(p))
		return 2;
	for (int i = 0; i < 8; i++)
		write(p[1], "5 ", 2);
	close(p[1]);
	dup2(p[0], 0);
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 26{{$}}
// CHECK-NEXT: STATUS: exit 0
