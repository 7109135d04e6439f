// A C++ test program of a C project: new[] and std::vector go through ksan's malloc, fill() is the C part.
#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" void fill(char *p, int n);

int main(int argc, char **argv)
{
	int n = atoi(argv[1]);
	char *b = new char[8];
	std::vector<int> v(4);

	(void)argc;
	fill(b, n);
	v[n & 3] = 1;
	std::printf("%c %d\n", b[0], v[0]);
	delete[] b;
	return 0;
}
