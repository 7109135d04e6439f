/* A separately compiled translation unit with a heap overflow. */
#include <stdlib.h>
#include <string.h>

char *make_name(const char *first, const char *last)
{
	size_t n = strlen(first) + strlen(last) + 1;	/* bug: no room for the NUL */
	char *s = malloc(n);
	size_t i, j = 0;

	for (i = 0; first[i]; i++)
		s[j++] = first[i];
	s[j++] = ' ';
	for (i = 0; last[i]; i++)
		s[j++] = last[i];
	s[j] = 0;
	return s;
}
