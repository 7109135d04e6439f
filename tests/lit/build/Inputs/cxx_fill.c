/* The C part of cxx.test: fills n bytes. */
void fill(char *p, int n)
{
	for (int i = 0; i < n; i++)
		((volatile char *)p)[i] = 'y';	/* no memset */
}
