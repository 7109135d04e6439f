/* A unit with a one-byte heap overflow, compiled with and without -fno-sanitize=... */
#include <stdlib.h>

int overflow_unit(int n)
{
	char *p = malloc(8);
	int r;

	p[n] = 1;
	r = p[0];
	free(p);
	return r;
}
