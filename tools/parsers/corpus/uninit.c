/* KMSAN uninit-value: a branch on a malloc'ed int never written. */
#include <stdlib.h>
#include <stdio.h>

__attribute__((noinline)) int check(int *p)
{
	if (*p > 3)
		return 1;
	return 0;
}

int main(void)
{
	int *p = malloc(sizeof(int));

	printf("%d\n", check(p));
	return 0;
}
