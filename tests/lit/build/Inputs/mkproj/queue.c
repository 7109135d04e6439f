#include <stdlib.h>
#include "queue.h"

struct queue {
	int head, tail, cap;
	int *v;
};

struct queue *queue_new(int capacity)
{
	struct queue *q = malloc(sizeof(*q));

	q->head = q->tail = 0;
	q->cap = capacity;
	q->v = malloc(capacity * sizeof(int));
	return q;
}

void queue_push(struct queue *q, int v)
{
	q->v[q->tail++] = v;	/* bug: no wrap-around, no capacity check */
}

int queue_pop(struct queue *q)
{
	return q->v[q->head++];
}

void queue_free(struct queue *q)
{
	free(q->v);
	free(q);
}
