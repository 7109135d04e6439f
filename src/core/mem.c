/*
 * This file contains the core's own memory and string helpers.  The runtime
 * never calls the C library's (in a hosted port those are the checked,
 * intercepted versions), and these loops are built with loop-idiom
 * recognition off so the compiler cannot turn them back into mem* calls.
 */
#include "core.h"

void core_memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	uint64_t w = 0x0101010101010101ull * (unsigned char)c;

	while (n && ((uintptr_t)d & 7)) {
		*d++ = (unsigned char)c;
		n--;
	}
	for (; n >= 8; n -= 8, d += 8)
		*(volatile uint64_t *)d = w;
	while (n--)
		*d++ = (unsigned char)c;
}

void core_memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*(volatile unsigned char *)d++ = *s++;
}

/* memmove semantics, a word at a time (the runtime moves shadow with it). */
void core_memmove(void *dst, const void *src, size_t n)
{
	typedef uint64_t __attribute__((may_alias, aligned(1))) word_t;
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((uintptr_t)d - (uintptr_t)s >= n) {
		/* no overlap, or dst below src: front to back */
		for (; n >= 8; n -= 8, d += 8, s += 8)
			*(volatile word_t *)d = *(const word_t *)s;
		while (n--)
			*(volatile unsigned char *)d++ = *s++;
		return;
	}
	d += n;
	s += n;
	for (; n >= 8; n -= 8) {
		d -= 8;
		s -= 8;
		*(volatile word_t *)d = *(const word_t *)s;
	}
	while (n--)
		*(volatile unsigned char *)--d = *--s;
}

int core_memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

size_t core_strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int core_strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			return 0;
	}
	return 0;
}

int core_strcmp(const char *a, const char *b)
{
	return core_strncmp(a, b, (size_t)-1);
}

const char *core_strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return s;
		if (!*s)
			return 0;
	}
}
