/* A program calling ksan.h's API, built through pkg-config's include
 * directory with and without ksan (unit/buildsys.sh, unit/package.sh). */
#include <ksan/ksan.h>
#include <stdio.h>
static char pool[64] __attribute__((aligned(64)));
int main(void)
{
	volatile char *p = pool;

	KSAN_POISON(pool + 32, 32);
	p[40] = 1;	/* a use-after-poison under ksan; nothing without */
	printf("ok\n");
	return 0;
}
