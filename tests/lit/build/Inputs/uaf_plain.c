/* A use-after-free in a program built with plain gcc/clang, for LD_PRELOAD=libksan-kfence.so. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	volatile char *p = malloc(100);
	int v;

	p[5] = 7;
	free((void *)p);
	v = p[5];
	printf("went on %d\n", v & 0);
	return 0;
}
