/*
 * This file contains KMSAN's model of the C library's text and data
 * transformers that store through a pointer argument: collation keys
 * (strxfrm, wcsxfrm and their _l forms), wide formatted output (swprintf,
 * vswprintf), iconv (the converted bytes and the four cursors), regular
 * expressions (regcomp's regex_t, regexec's matches, regerror's message),
 * memory streams (open_memstream, open_wmemstream), obstacks (the
 * struct obstack the program's macros read), backtrace, and the BSD names
 * bcopy and bzero.
 */
#define _GNU_SOURCE
#include <execinfo.h>
#include <iconv.h>
#include <locale.h>
#include <obstack.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <strings.h>
#include <wchar.h>
#include "libc_model.h"

/* the key's length without the NUL; stored (with it) only if it fit */
static size_t wrote_xfrm(size_t r, const void *dst, size_t n, size_t unit)
{
	if (dst && r < n)
		kmsan_wrote(dst, (r + 1) * unit);
	return r;
}

KMSAN_REAL(strxfrm);
PORT_INTERCEPTOR size_t strxfrm(char *dst, const char *src, size_t n)
{
	return wrote_xfrm(REAL(strxfrm)(dst, src, n), dst, n, 1);
}

KMSAN_REAL(strxfrm_l);
PORT_INTERCEPTOR size_t strxfrm_l(char *dst, const char *src, size_t n, locale_t loc)
{
	return wrote_xfrm(REAL(strxfrm_l)(dst, src, n, loc), dst, n, 1);
}

KMSAN_REAL(wcsxfrm);
PORT_INTERCEPTOR size_t wcsxfrm(wchar_t *dst, const wchar_t *src, size_t n)
{
	return wrote_xfrm(REAL(wcsxfrm)(dst, src, n), dst, n, sizeof(wchar_t));
}

KMSAN_REAL(wcsxfrm_l);
PORT_INTERCEPTOR size_t wcsxfrm_l(wchar_t *dst, const wchar_t *src, size_t n, locale_t loc)
{
	return wrote_xfrm(REAL(wcsxfrm_l)(dst, src, n, loc), dst, n, sizeof(wchar_t));
}

/* the characters and the NUL; nothing known on -1 (it did not fit) */
KMSAN_REAL(vswprintf);
PORT_INTERCEPTOR int vswprintf(wchar_t *s, size_t n, const wchar_t *fmt, va_list ap)
{
	int r = REAL(vswprintf)(s, n, fmt, ap);

	if (r >= 0)
		kmsan_wrote(s, ((size_t)r + 1) * sizeof(wchar_t));
	return r;
}

PORT_INTERCEPTOR int swprintf(wchar_t *s, size_t n, const wchar_t *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = REAL(vswprintf)(s, n, fmt, ap);
	va_end(ap);
	if (r >= 0)
		kmsan_wrote(s, ((size_t)r + 1) * sizeof(wchar_t));
	return r;
}

/* the bytes between the output cursor before and after, and the cursors
 * and counts the call moved */
KMSAN_REAL(iconv);
PORT_INTERCEPTOR size_t iconv(iconv_t cd, char **in, size_t *inleft, char **out, size_t *outleft)
{
	char *start = out ? *out : NULL;
	size_t r = REAL(iconv)(cd, in, inleft, out, outleft);

	if (in && *in) {
		kmsan_wrote(in, sizeof(*in));
		kmsan_wrote(inleft, sizeof(*inleft));
	}
	if (out && *out) {
		kmsan_wrote(out, sizeof(*out));
		kmsan_wrote(outleft, sizeof(*outleft));
		if (start && *out > start)
			kmsan_wrote(start, (size_t)(*out - start));
	}
	if (r == (size_t)-1)
		kmsan_wrote_errno();
	return r;
}

KMSAN_REAL(regcomp);
PORT_INTERCEPTOR int regcomp(regex_t *re, const char *pat, int flags)
{
	int r = REAL(regcomp)(re, pat, flags);

	if (!r)
		kmsan_wrote(re, sizeof(*re));
	return r;
}

/* all nmatch entries (unused ones are -1), unless compiled REG_NOSUB */
KMSAN_REAL(regexec);
PORT_INTERCEPTOR int regexec(const regex_t *re, const char *s, size_t nmatch,
			     regmatch_t m[nmatch], int flags)
{
	int r = REAL(regexec)(re, s, nmatch, m, flags);

	if (!r && m && nmatch && !re->no_sub)
		kmsan_wrote(m, nmatch * sizeof(*m));
	return r;
}

/* the message's size with its NUL; at most n bytes stored */
KMSAN_REAL(regerror);
PORT_INTERCEPTOR size_t regerror(int code, const regex_t *re, char *buf, size_t n)
{
	size_t r = REAL(regerror)(code, re, buf, n);

	if (buf && n)
		kmsan_wrote(buf, r < n ? r : n);
	return r;
}

/*
 * Memory streams store the buffer's address and size through their
 * arguments at each fflush and fclose, from inside the C library; the
 * model marks both at the open (as MemorySanitizer does): a read of them
 * before the first flush is not reported.  The buffer itself is the C
 * library's allocation.
 */
KMSAN_REAL(open_memstream);
PORT_INTERCEPTOR FILE *open_memstream(char **ptr, size_t *size)
{
	FILE *f = REAL(open_memstream)(ptr, size);

	if (f) {
		kmsan_wrote(ptr, sizeof(*ptr));
		kmsan_wrote(size, sizeof(*size));
	}
	return f;
}

KMSAN_REAL(open_wmemstream);
PORT_INTERCEPTOR FILE *open_wmemstream(wchar_t **ptr, size_t *size)
{
	FILE *f = REAL(open_wmemstream)(ptr, size);

	if (f) {
		kmsan_wrote(ptr, sizeof(*ptr));
		kmsan_wrote(size, sizeof(*size));
	}
	return f;
}

/*
 * Obstacks: the program's macros read and move the struct obstack's
 * cursors, which the C library sets up (_obstack_begin) and moves to a
 * new chunk (_obstack_newchunk, which also copies the growing object
 * there: its bytes are taken as initialised, a loss of precision for an
 * object that held uninitialised bytes when it outgrew its chunk).
 */
KMSAN_REAL(_obstack_begin);
PORT_INTERCEPTOR int _obstack_begin(struct obstack *h, int size, int align,
				    void *(*chunk)(long), void (*fr)(void *))
{
	int r = REAL(_obstack_begin)(h, size, align, chunk, fr);

	kmsan_wrote(h, sizeof(*h));
	return r;
}

KMSAN_REAL(_obstack_begin_1);
PORT_INTERCEPTOR int _obstack_begin_1(struct obstack *h, int size, int align,
				      void *(*chunk)(void *, long), void (*fr)(void *, void *),
				      void *arg)
{
	int r = REAL(_obstack_begin_1)(h, size, align, chunk, fr, arg);

	kmsan_wrote(h, sizeof(*h));
	return r;
}

KMSAN_REAL(_obstack_newchunk);
PORT_INTERCEPTOR void _obstack_newchunk(struct obstack *h, int len)
{
	REAL(_obstack_newchunk)(h, len);
	kmsan_wrote(h, sizeof(*h));
	if (h->next_free > h->object_base)
		kmsan_wrote(h->object_base, (size_t)(h->next_free - h->object_base));
}

KMSAN_REAL(backtrace);
PORT_INTERCEPTOR int backtrace(void **buf, int n)
{
	int r = REAL(backtrace)(buf, n);

	if (r > 0)
		kmsan_wrote(buf, (size_t)r * sizeof(*buf));
	return r;
}

/* bcopy moves the bytes and their metadata (memmove's order: src first) */
KMSAN_REAL(bcopy);
PORT_INTERCEPTOR void bcopy(const void *src, void *dst, size_t n)
{
	REAL(bcopy)(src, dst, n);
	if (likely(kmsan_ready) && n)
		kmsan_copy_meta(dst, src, n);
}

KMSAN_REAL(bzero);
PORT_INTERCEPTOR void bzero(void *s, size_t n)
{
	REAL(bzero)(s, n);
	kmsan_wrote(s, n);
}
