/*
 * This file contains the driver of the table-driven tests of KMSAN's C
 * library model (tests/lit/kmsan/libc_model_*.c): one row per function of
 * tests/kmsan-libc/list.txt.  A row calls the function with its outputs
 * in a fresh malloc'd buffer (poisoned, with an origin of its own) and
 * returns how many bytes from the start the C library stored there, as
 * the function's contract says (a struct's size, a returned count, a
 * string's length and NUL), or NOPAST when the row checks memory the
 * library owns itself.
 *
 *   prog ok     every row: a branch on each stored byte, silent
 *   prog past   every row: a branch on the byte after them, one report each
 *               (KSAN_OPTIONS=halt_on_error=0)
 *   prog list   the FileCheck lines that "past" must match, in row order
 *
 * A function with no model fails "ok"; one whose model marks too much
 * fails "past"; tools/kmsan-libc-list.py fails when a model has no row.
 */
#ifndef KSAN_TEST_LIBC_ROWS_H
#define KSAN_TEST_LIBC_ROWS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOPAST (-1L)

struct libc_row {
	const char *name;
	void (*run)(int past);
};

static volatile int rows_sink;
/* the mode of the row running now (0 ok, 1 past, 2 list), for rows that
 * check memory of their own with rows_check */
static int rows_past;

/* A branch on each byte: an uninitialised one is reported here. */
__attribute__((noinline)) static void use(const void *p, size_t n)
{
	const unsigned char *c = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i] == 0x5a)
			rows_sink++;
}

/* A string the library owns or wrote: its bytes and NUL. */
__attribute__((noinline)) static void use_str(const char *s)
{
	if (s)
		use(s, strlen(s) + 1);
}

__attribute__((noinline)) static void rows_check(const char *name, unsigned char *b, size_t size,
						 long n, int past)
{
	if (n == NOPAST)
		return;
	if (n < 0 || (size_t)n > size) {
		printf("BAD %s: %ld bytes stored in a buffer of %zu\n", name, n, size);
		return;
	}
	if (!past) {
		use(b, (size_t)n);
		return;
	}
	if (past == 2) {
		printf("PAST: {{^}}past %s{{$}}\n", name);
		printf("PAST: {{^}}BUG: KMSAN: uninit-value in use+\n");
		return;
	}
	fprintf(stderr, "past %s\n", name);
	use(b + n, 1);
}

/*
 * ROW(name, size) { body using b; return bytes stored; }
 * defines the row's function (with its own malloc call, so each row's
 * origin, and so its report, is its own) and registers it.
 */
#define ROW(name, size)							\
	static long call_##name(unsigned char *b);			\
	__attribute__((noinline)) static void row_##name(int past)	\
	{								\
		unsigned char *b = malloc((size) + 1);			\
		long n;							\
		rows_past = past;					\
		n = call_##name(b);					\
		rows_check(#name, b, (size), n, past);			\
		free(b);						\
	}								\
	__attribute__((section("libc_rows"), used)) static const struct libc_row \
		reg_##name = { #name, row_##name };			\
	static long call_##name(unsigned char *b)

extern const struct libc_row __start_libc_rows[], __stop_libc_rows[];

static int rows_main(int argc, char **argv)
{
	const struct libc_row *r;
	const char *mode = argc > 1 ? argv[1] : "ok";
	int n = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	for (r = __start_libc_rows; r < __stop_libc_rows; r++, n++) {
		r->run(!strcmp(mode, "list") ? 2 : !strcmp(mode, "past"));
	}
	if (strcmp(mode, "list"))
		printf("rows %d\n", n);
	return 0;
}

#endif
