/* An instrumented shared library with a signed overflow in it. */
int lib_add(int a, int b)
{
	return a + b;
}
