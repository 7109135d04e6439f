/* A relational comparison and a subtraction of two pointers
 * (ptrpair/driver.test). */
int before(const char *a, const char *b)
{
	return a < b;
}

long apart(const char *a, const char *b)
{
	return a - b;
}
