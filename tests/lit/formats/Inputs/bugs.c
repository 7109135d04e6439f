/* One heap bug per argument, shared by the report-format tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) void overflow(char *p)
{
	p[100] = 'x';
}

__attribute__((noinline)) char after_free(char *p)
{
	return p[8];
}

__attribute__((noinline)) long get(long *p)
{
	return *p;
}

int main(int argc, char **argv)
{
	const char *what = argv[1];
	char *p = sink = malloc(100);
	char stack_buf[16];

	if (!strcmp(what, "overflow")) {
		overflow(p);
	} else if (!strcmp(what, "uaf")) {
		free(p);
		printf("%d\n", after_free(sink));
	} else if (!strcmp(what, "double-free")) {
		free(p);
		free(sink);
	} else if (!strcmp(what, "invalid-free")) {
		free(strcmp(what, "x") ? stack_buf : p);
	} else if (!strcmp(what, "null")) {
		printf("%ld\n", get((long *)(sink = 0)));
	} else if (!strcmp(what, "calloc")) {
		volatile size_t n = (size_t)-1 / 4;
		sink = calloc(n, 8);
	} else if (!strcmp(what, "large")) {
		volatile size_t n = (size_t)1 << 45;
		sink = malloc(n);
	}
	printf("done\n");
	return 0;
}
