/*
 * reload_stale_mapping.c: a reader thread keeps a pointer into a file
 * mapping that a reload replaced.
 *
 * The server maps its routing table file and publishes the mapping; a
 * reader thread takes the pointer once and keeps using it.  A reload maps
 * the new version, publishes it and unmaps the old one, then the next
 * request maps its own file of the same size.  The reader's stale pointer
 * now lands in whatever the system placed at the old address: here the
 * request's data, so the reader routes "/admin" to the request body's
 * bytes, silently.  KASAN keeps an unmapped range reserved and
 * inaccessible for a while, so the stale read faults and is reported as
 * use-after-unmap with the stacks that mapped and unmapped it.
 * Build with -DKSAN_UNMAP_OFF (unmap_quarantine_mb=0) and the bug is
 * silent again, as with ASan or Valgrind.
 */
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef KSAN_UNMAP_OFF
const char *__ksan_default_options(void)
{
	return "unmap_quarantine_mb=0";
}
#endif

#define TABLE_SIZE 8192

static const char *volatile table;	/* the published routing table */
static sem_t taken, reloaded;

static const char *map_file(const char *path, const char *fill)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	char *p;

	if (fd < 0 || ftruncate(fd, TABLE_SIZE))
		exit(2);
	p = mmap(NULL, TABLE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		exit(2);
	strcpy(p, fill);
	return p;
}

static void *reader(void *arg)
{
	const char *routes = table;	/* taken once, kept */
	char backend[32];
	size_t i;

	sem_post(&taken);
	sem_wait(&reloaded);
	for (i = 0; i + 1 < sizeof(backend) && routes[i] && routes[i] != ':'; i++)
		backend[i] = routes[i];
	backend[i] = 0;
	printf("reader: /admin -> %s\n", backend);
	return arg;
}

int main(void)
{
	char path[64], req[64];
	const char *old, *body;
	pthread_t t;

	snprintf(path, sizeof(path), "/tmp/routes.%d", (int)getpid());
	snprintf(req, sizeof(req), "/tmp/request.%d", (int)getpid());
	sem_init(&taken, 0, 0);
	sem_init(&reloaded, 0, 0);
	table = map_file(path, "backend-a:80");
	pthread_create(&t, NULL, reader, NULL);
	sem_wait(&taken);

	old = table;		/* reload: new version in, old one out */
	table = map_file(path, "backend-b:80");
	munmap((void *)old, TABLE_SIZE);
	body = map_file(req, "DROP TABLE u");	/* the next request's file */
	sem_post(&reloaded);

	pthread_join(t, NULL);
	munmap((void *)body, TABLE_SIZE);
	munmap((void *)table, TABLE_SIZE);
	unlink(path);
	unlink(req);
	return 0;
}
