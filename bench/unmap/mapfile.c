/*
 * This file contains the map/unmap-heavy workload of bench/unmap/run.sh: a
 * server that maps the requested file per request (64 KiB, read-only),
 * sums one byte per page, and unmaps it; and a 1 MiB scratch buffer mapped
 * anonymously per request, written and unmapped.  Prints the requests per
 * second it managed.  Usage: mapfile REQUESTS FILE
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define FILE_SIZE (64 << 10)
#define SCRATCH (1 << 20)

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20000, i, sum = 0, off;
	const char *path = argc > 2 ? argv[2] : "/tmp/ksan-mapfile";
	struct timespec t0, t1;
	char page[4096];
	int fd;

	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	memset(page, 'x', sizeof(page));
	for (off = 0; off < FILE_SIZE; off += sizeof(page))
		if (write(fd, page, sizeof(page)) != sizeof(page))
			return 2;
	close(fd);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++) {
		char *p, *s;

		fd = open(path, O_RDONLY);
		p = mmap(NULL, FILE_SIZE, PROT_READ, MAP_PRIVATE, fd, 0);
		close(fd);
		if (p == MAP_FAILED)
			return 3;
		for (off = 0; off < FILE_SIZE; off += 4096)
			sum += p[off];
		munmap(p, FILE_SIZE);
		s = mmap(NULL, SCRATCH, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (s == MAP_FAILED)
			return 4;
		s[i % SCRATCH] = 1;
		sum += s[0];
		munmap(s, SCRATCH);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	unlink(path);
	printf("requests %ld sum %ld us/request %.2f\n", n, sum,
	       ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3 / n);
	return 0;
}
