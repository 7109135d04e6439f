#include <stdio.h>
#include <stdlib.h>

char *make_name(const char *first, const char *last);

int main(void)
{
	char *s = make_name("Grace", "Hopper");

	puts(s);
	free(s);
	return 0;
}
