/* An instrumented shared library with a heap overflow inside it. */
#include <stdlib.h>
#include <string.h>

char *lib_dup_upper(const char *s)
{
	size_t n = strlen(s);
	char *d = malloc(n);	/* bug: no room for the NUL */
	size_t i;

	for (i = 0; i < n; i++)
		d[i] = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i]);
	d[n] = 0;
	return d;
}

int lib_use_after_free(void)
{
	int *v = malloc(4 * sizeof(int));
	int r;

	v[2] = 7;
	free(v);
	r = v[2];
	return r;
}
