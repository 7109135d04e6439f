/*
 * This file contains the walk over a scanf format that finds, after a call
 * that assigned n conversions, each destination the call stored to and how
 * many bytes it stored there: the size of its type, the width of %c,
 * strlen+1 of %s and %[ (the string as stored, with its NUL).  KASAN's
 * sscanf interceptors check those ranges (intercept_io.c); KMSAN's mark
 * them initialised (kmsan/libc_stdio.c).  As ASan's scanf_common: %n
 * counts as no assignment, %*d assigns nothing, positional arguments
 * (%1$d) end the walk, and so does a conversion it does not know.
 */
#ifndef KSAN_PORT_SCANF_FORMAT_H
#define KSAN_PORT_SCANF_FORMAT_H

#include <stdarg.h>
#include <stddef.h>
#include <wchar.h>
#include "../../../core/core.h"

enum { SCANF_SIZE_STR = -1, SCANF_SIZE_WSTR = -2, SCANF_SIZE_UNKNOWN = -3 };

/* Bytes a conversion stores through its pointer, or one of the above. */
static inline long scanf_size(char conv, const char *len, long width, int alloc)
{
	int l = len[0] == 'l';

	if (alloc)
		return sizeof(char *);	/* %ms: a pointer to a new buffer */
	switch (conv) {
	case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'n':
		if (len[0] == 'h')
			return len[1] == 'h' ? 1 : 2;
		return len[0] ? 8 : 4;	/* l ll q L j z t: 64 bits */
	case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
		if (len[0] == 'L')
			return sizeof(long double);
		return l ? sizeof(double) : sizeof(float);
	case 'p':
		return sizeof(void *);
	case 'c':
		return (width > 0 ? width : 1) * (l ? (long)sizeof(wchar_t) : 1);
	case 'C':
		return (width > 0 ? width : 1) * (long)sizeof(wchar_t);
	case 's': case '[':
		return l ? SCANF_SIZE_WSTR : SCANF_SIZE_STR;
	case 'S':
		return SCANF_SIZE_WSTR;
	}
	return SCANF_SIZE_UNKNOWN;
}

static inline size_t scanf_wide_len(const wchar_t *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

/*
 * Call fn(ctx, dst, size, alloc) for each destination stored by a call of
 * fmt that returned n (its assignments), in order; fn returns 0 to stop.
 * alloc: dst received a pointer to a buffer the call allocated (%ms).
 * gnu: "%as"/"%a[" allocate (GNU semantics: sscanf without C99's).
 * ap is the call's argument list, not consumed (walked on a copy).
 */
static inline void scanf_each_store(const char *fmt, va_list ap, int n, int gnu,
				    int (*fn)(void *ctx, void *dst, size_t size, int alloc),
				    void *ctx)
{
	va_list aq;
	const char *p = fmt;

	if (n <= 0)
		return;
	va_copy(aq, ap);
	while ((p = core_strchr(p, '%'))) {
		char len[3] = { 0 }, conv;
		int skip = 0, alloc = 0;
		long width = 0, size;
		void *dst;

		if (*++p == '%') {
			p++;
			continue;
		}
		if (*p == '*') {
			skip = 1;
			p++;
		}
		while (*p >= '0' && *p <= '9')
			width = width * 10 + (*p++ - '0');
		if (*p == '$')
			break;		/* positional arguments: not followed */
		if (*p == 'm' || (gnu && *p == 'a' && (p[1] == 's' || p[1] == 'S' || p[1] == '['))) {
			alloc = 1;
			p++;
		}
		if (*p && core_strchr("hlLqjzt", *p)) {
			len[0] = *p++;
			if ((len[0] == 'h' || len[0] == 'l') && *p == len[0])
				len[1] = *p++;
		}
		if (!(conv = *p++))
			break;
		if (conv == '[') {	/* skip the scan set: "[]...]", "[^]...]" */
			if (*p == '^')
				p++;
			if (*p == ']')
				p++;
			while (*p && *p != ']')
				p++;
			if (*p)
				p++;
		}
		if (skip)
			continue;
		size = scanf_size(conv, len, width, alloc);
		if (size == SCANF_SIZE_UNKNOWN)
			break;
		dst = va_arg(aq, void *);
		if (conv != 'n' && --n < 0)
			break;
		if (size == SCANF_SIZE_STR)
			size = (long)core_strlen(dst) + 1;
		else if (size == SCANF_SIZE_WSTR)
			size = (long)((scanf_wide_len(dst) + 1) * sizeof(wchar_t));
		if (!fn(ctx, dst, (size_t)size, alloc))
			break;
	}
	va_end(aq);
}

#endif
