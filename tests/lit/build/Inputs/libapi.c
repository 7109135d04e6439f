/* A shared library whose only exported symbols are its API (libapi.map): a heap and a global overflow inside it, and a correct twin. */
#include <stdlib.h>
#include <string.h>

static char table[10] = "abcdefghi";
char *volatile lib_sink;

/* writes one byte past a 5-byte heap block */
int api_heap_overflow(int n)
{
	char *d = malloc(5);
	int r;

	memset(d, 'x', 5);
	d[n] = 0;
	r = d[0];
	free(d);
	return r;
}

/* reads one byte past a 10-byte global */
int api_global_overflow(int n)
{
	return table[n];
}

/* the same accesses, in bounds: no report */
int api_ok(void)
{
	char *d = malloc(5);
	int r;

	d[4] = table[9];
	lib_sink = d;
	r = d[4] + table[0];
	free(d);
	return r;
}
