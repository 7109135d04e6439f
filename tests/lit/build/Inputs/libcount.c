/* An instrumented library that uses ksan.h's report API itself. */
#include <stdlib.h>
#include <ksan/ksan.h>

static int seen;

static int count(const struct ksan_report *r, void *arg)
{
	(void)r;
	(void)arg;
	seen++;
	return 1;	/* handled: nothing printed, the program goes on */
}

int lib_overflow_counted(unsigned long *reports)
{
	volatile char *p = malloc(8);

	ksan_set_report_callback(count, 0);
	p[8] = 1;
	free((void *)p);
	ksan_set_report_callback(0, 0);
	*reports = ksan_report_count();
	return seen;
}
