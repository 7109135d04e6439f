/*
 * This file contains what the KMSAN tests of the C library model
 * (kmsan/libc_*.c) share: use(), a branch on each byte of [p, p+n), where
 * an uninitialised byte is reported, and the counter it bumps.
 */
#include <stddef.h>

static volatile int sink;

__attribute__((noinline)) static void use(const void *p, size_t n)
{
	const unsigned char *c = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i] == 0x5a)
			sink++;
}
