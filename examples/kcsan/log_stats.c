/*
 * log_stats.c: a statistics counter updated outside its lock (KCSAN).
 *
 * Two worker threads classify log lines.  The per-level counters are
 * updated under stats_lock, but the byte total was added later, one line
 * above the lock: two threads now do "bytes += len" at the same time and
 * some additions are lost.  The total is a little low, now and then, and
 * no test notices.  KCSAN watches a sample of the accesses: one thread's
 * read of stats.bytes stalls for a few microseconds while the other writes
 * it, and both stacks are reported.
 * (KCSAN: ksan-cc --ksan=kcsan, with gcc or clang.)
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

enum { DEBUG, INFO, WARN, ERROR, NLEVELS };

struct stats {
	unsigned long lines[NLEVELS];
	unsigned long bytes;
};

static struct stats stats;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *const sample[] = {
	"DEBUG cache warm",
	"INFO listening on :8080",
	"WARN slow request 812 ms",
	"ERROR upstream closed the connection",
	"INFO request done",
};

static int level_of(const char *line)
{
	static const char *const names[NLEVELS] = { "DEBUG", "INFO", "WARN", "ERROR" };
	int i;

	for (i = 0; i < NLEVELS; i++)
		if (strncmp(line, names[i], strlen(names[i])) == 0)
			return i;
	return INFO;
}

static void account(const char *line)
{
	int level = level_of(line);

	stats.bytes += strlen(line) + 1;	/* the bug: outside the lock */
	pthread_mutex_lock(&stats_lock);
	stats.lines[level]++;
	pthread_mutex_unlock(&stats_lock);
}

static void *worker(void *arg)
{
	long i, n = (long)arg;

	for (i = 0; i < n; i++)
		account(sample[i % 5]);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	unsigned long total = 0;
	int i;

	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)200000L);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < NLEVELS; i++)
		total += stats.lines[i];
	printf("%lu lines, %lu bytes\n", total, stats.bytes);
	return 0;
}
