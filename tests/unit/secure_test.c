/*
 * The programs of secure.sh: one bug per runtime, built with ksan-cc (or,
 * for the KFENCE preload, with no sanitizer at all), run set-user-ID root by
 * an unprivileged user.  Options come only from __ksan_default_options:
 * what the program compiled in still applies in secure mode.
 *   BUG_KASAN    heap out-of-bounds read
 *   BUG_LEAK     a leak (kmemleak's hex dump of "SECRET...")
 *   BUG_KMSAN    branch on an uninitialised value
 *   BUG_KCSAN    a plain write racing with a plain read
 *   BUG_UBSAN    signed overflow
 *   BUG_KFENCE   a write to a sampled object's canary (corruption at free)
 *   BUG_EUID     as BUG_KASAN, after setreuid(65534, 0): euid is not uid
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef BUG_KCSAN
#include <ksan/ksan.h>
#endif

#if defined(BUG_KCSAN)
#define DEFAULTS "kcsan_skip_watch=0"
#elif defined(BUG_KFENCE)
#define DEFAULTS "kfence_sample_every=1"
#elif defined(BUG_LEAK)
#define DEFAULTS "detect_leaks=1"
#else
#define DEFAULTS ""
#endif

const char *__ksan_default_options(void)
{
	return DEFAULTS;
}

volatile int sink;
char *volatile keep;

#ifdef BUG_KCSAN
int shared;
static volatile int stop;

static void *reader(void *arg)
{
	while (!stop)
		sink = shared;
	return arg;
}

static void race(void)
{
	time_t end = time(NULL) + 20;
	pthread_t t;
	int i = 0;

	pthread_create(&t, NULL, reader, NULL);
	while (time(NULL) < end && !ksan_report_count())
		shared = i++;
	stop = 1;
	pthread_join(t, NULL);
}
#endif

int main(int argc, char **argv)
{
	char *p;

	(void)argv;
	printf("uid=%d euid=%d\n", (int)getuid(), (int)geteuid());
	fflush(stdout);
#if defined(BUG_KASAN) || defined(BUG_EUID)
#ifdef BUG_EUID
	if (setreuid(65534, 0))
		return 3;
#endif
	p = keep = malloc(10);
	sink = p[10 + argc - 1];
#elif defined(BUG_LEAK)
	p = malloc(32);
	strcpy(p, "SECRET-CONTENTS-OF-THE-OBJECT");
	keep = p;
	keep = 0;
#elif defined(BUG_KMSAN)
	p = malloc(8);
	if (p[argc])
		sink = 1;
	free(p);
#elif defined(BUG_KCSAN)
	race();
#elif defined(BUG_UBSAN)
	{
		volatile int big = 0x7fffffff;

		sink = big + argc;
	}
#elif defined(BUG_KFENCE)
	p = keep = malloc(13);
	/* a canary byte: before a right-placed object, after a left-placed one */
	if (((unsigned long)(p + 13) & 4095) == 0)
		p[-argc] = 'S';
	else
		p[12 + argc] = 'S';
	free(p);
#endif
	return 0;
}
