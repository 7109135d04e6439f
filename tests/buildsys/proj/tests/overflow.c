/* a heap overflow by one byte (util_dup_short): silent without ksan,
 * a KASAN report with it */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include "util.h"

int main(void)
{
	char *s = util_dup_short("hello");

	printf("%s\n", s);
	free(s);
	return 0;
}
