/*
 * This file contains the kernel's string functions and the unchecked
 * memory copies (__memcpy, __memset, __memmove) that the checked memcpy,
 * memset and memmove (the ksan port's mem.c, as the kernel's own under
 * KASAN) call once the ranges are checked.
 *
 * Never instrumented: it is what the checks call.
 */
#include "kernel/kernel.h"

void *__memcpy(void *d, const void *s, size_t n)
{
	void *r = d;

	__asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
	return r;
}

void *__memset(void *d, int c, size_t n)
{
	void *r = d;

	__asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(c) : "memory");
	return r;
}

void *__memmove(void *d, const void *s, size_t n)
{
	void *r = d;

	if ((uintptr_t)d - (uintptr_t)s >= n)
		return __memcpy(d, s, n);
	/* overlapping, destination above: copy backwards */
	d = (char *)d + n - 1;
	s = (const char *)s + n - 1;
	__asm__ volatile("std; rep movsb; cld" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
	return r;
}

int __memcmp(const void *x, const void *y, size_t n)
{
	const unsigned char *a = x, *b = y;

	for (; n; n--, a++, b++)
		if (*a != *b)
			return *a - *b;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			return 0;
	}
	return 0;
}

int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, (size_t)-1);
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return 0;
	}
}

size_t strlcpy(char *d, const char *s, size_t n)
{
	size_t len = strlen(s), i;

	if (n) {
		for (i = 0; i < len && i + 1 < n; i++)
			d[i] = s[i];
		d[i] = 0;
	}
	return len;
}
