/*
 * table_underflow.c: a negative index underflows a heap table.
 *
 * A histogram of temperature readings maps each reading to a bucket with
 * (reading - MIN_TEMP) / BUCKET_WIDTH.  A reading below the documented
 * minimum (a sensor glitch) gives a negative index, and the increment
 * lands before the start of the heap table, in its left red zone, where a
 * plain allocator keeps its own metadata.  KASAN reports the out-of-bounds
 * access "to the left of" the table.
 */
#include <stdio.h>
#include <stdlib.h>

#define MIN_TEMP (-40)
#define MAX_TEMP 60
#define BUCKET_WIDTH 10
#define NBUCKETS ((MAX_TEMP - MIN_TEMP) / BUCKET_WIDTH)

void record(int *hist, int reading)
{
	int bucket = (reading - MIN_TEMP) / BUCKET_WIDTH;

	if (bucket >= NBUCKETS)		/* checks the upper bound only */
		bucket = NBUCKETS - 1;
	hist[bucket]++;
}

int main(void)
{
	static const int readings[] = { 21, 19, -5, 33, 58, -55, 12 };
	int *hist = calloc(NBUCKETS, sizeof(int));
	size_t i;
	int b;

	for (i = 0; i < sizeof(readings) / sizeof(readings[0]); i++)
		record(hist, readings[i]);
	for (b = 0; b < NBUCKETS; b++)
		printf("%4d..%4d: %d\n", MIN_TEMP + b * BUCKET_WIDTH,
		       MIN_TEMP + (b + 1) * BUCKET_WIDTH - 1, hist[b]);
	free(hist);
	return 0;
}
