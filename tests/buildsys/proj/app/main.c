#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include "shape.h"
#include "util.h"

int main(int argc, char **argv)
{
	char *s = util_join(shape_version(), argc > 1 ? argv[1] : "");

	printf("%s: square of 3 = %g\n", s, shape_area(4, 3.0));
	free(s);
	return 0;
}
