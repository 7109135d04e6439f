#include "config.h"
#include <stdlib.h>
#include "shape.h"

/* not exported (shape.map) */
double shape_square(double x)
{
	return x * x;
}

double shape_area(int sides, double side)
{
	double *v = malloc(sizeof(*v));
	double a;

	if (!v)
		return -1;
	*v = sides == 4 ? shape_square(side) : sides == 3 ? shape_square(side) * 0.4330127 : -1;
	a = *v;
	free(v);
	return a;
}

const char *shape_version(void)
{
	return "shape 1.0";
}
