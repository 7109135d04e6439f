/*
 * This file contains the type-confusion cost workload of bench/unmap/run.sh:
 * allocation and free of 64-byte objects untyped (malloc) and typed
 * (KSAN_NEW), and a walk of an intrusive list with plain container_of and
 * with KSAN_CONTAINER_OF, over untyped and typed objects.  Prints
 * nanoseconds per operation for each.  Usage: typecheck ROUNDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <ksan/ksan.h>

#define N 4096
#define container_of(p, t, m) ((t *)(void *)((char *)(p) - __builtin_offsetof(t, m)))

struct node {
	struct node *next;
};

struct item {
	long key;
	struct node link;
	char payload[40];
};

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static struct item *items[N];

static struct node *build(int typed)
{
	struct node *head = 0;
	int i;

	for (i = 0; i < N; i++) {
		items[i] = typed ? KSAN_NEW(struct item) : malloc(sizeof(struct item));
		items[i]->key = i;
		items[i]->link.next = head;
		head = &items[i]->link;
	}
	return head;
}

static void drop(void)
{
	int i;

	for (i = 0; i < N; i++)
		free(items[i]);
}

__attribute__((noinline)) static long walk(struct node *head, int checked)
{
	long sum = 0;
	struct node *n;

	for (n = head; n; n = n->next)
		sum += checked ? KSAN_CONTAINER_OF(n, struct item, link)->key :
				 container_of(n, struct item, link)->key;
	return sum;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 200, r, typed;
	double t, alloc[2] = { 0, 0 }, plain[2] = { 0, 0 }, checked[2] = { 0, 0 };
	long sum = 0;

	for (r = 0; r < rounds; r++) {
		for (typed = 0; typed < 2; typed++) {
			struct node *head;

			t = now();
			head = build(typed);
			alloc[typed] += now() - t;
			t = now();
			sum += walk(head, 0);
			plain[typed] += now() - t;
			t = now();
			sum += walk(head, 1);
			checked[typed] += now() - t;
			t = now();
			drop();
			alloc[typed] += now() - t;
		}
	}
	for (typed = 0; typed < 2; typed++)
		printf("%s alloc+free_ns %.1f container_of_ns %.2f checked_ns %.2f\n",
		       typed ? "typed" : "untyped", alloc[typed] / rounds / N,
		       plain[typed] / rounds / N, checked[typed] / rounds / N);
	return sum == 42;
}
