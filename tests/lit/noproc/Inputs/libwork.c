/* An instrumented library loaded with dlopen by dlopen.c. */
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static char *lib_alloc(size_t n)
{
	return malloc(n);
}

char *lib_upper(const char *s, int bad)
{
	size_t n = strlen(s), i;
	char *p = lib_alloc(n + !bad);

	for (i = 0; i < n; i++)
		p[i] = s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i];
	p[n] = 0;
	return p;
}
