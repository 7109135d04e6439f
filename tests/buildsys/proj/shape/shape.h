/* shape: a shared library whose exports a version script lists */
#ifndef SHAPE_H
#define SHAPE_H
double shape_area(int sides, double side);
const char *shape_version(void);
#endif
