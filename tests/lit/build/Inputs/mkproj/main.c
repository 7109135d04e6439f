#include <stdio.h>
#include <stdlib.h>
#include "queue.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 8;
	struct queue *q = queue_new(8);
	int i, sum = 0;

	for (i = 0; i < n; i++)
		queue_push(q, i);
	for (i = 0; i < n; i++)
		sum += queue_pop(q);
	printf("sum %d\n", sum);
	queue_free(q);
	return 0;
}
