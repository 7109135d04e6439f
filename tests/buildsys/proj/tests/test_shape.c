/* the project's own test: must pass with and without ksan */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shape.h"
#include "util.h"

int main(void)
{
	char *s = util_join("ab", "cd");
	int bad = 0;

	bad |= shape_area(4, 2.0) != 4.0;
	bad |= strcmp(s, "abcd") != 0;
	bad |= strcmp(shape_version(), "shape 1.0") != 0;
	free(s);
	printf("test_shape: %s\n", bad ? "FAIL" : "ok");
	return bad;
}
