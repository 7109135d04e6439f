/*
 * timer_container_of.c: a timer dispatched through the I/O callback.
 *
 * A small event loop keeps its I/O watchers and its timers on intrusive
 * lists (struct list_head embedded in each, as the kernel and libuv do).
 * When a timer expires, expire_timers() moves it to the "ready" list so the
 * loop runs it in the same pass as the ready I/O watchers, but the loop
 * drains that list with the I/O watcher's container_of.  Both structs begin
 * with a list node and an int, and their callbacks happen to sit at the
 * same offset, so a plain build even fires the timer: the loop logs a
 * dispatch of "fd 250" (the timer's period) and calls on_tick.  Nothing
 * fails until someone adds a member to either struct.  With the types
 * given at allocation (KSAN_NEW) and the loop's container_of checked
 * (KSAN_CONTAINER_OF, a drop-in), KASAN reports the timer used as an I/O
 * watcher, with the line that allocated it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <ksan/ksan.h>

struct list_head {
	struct list_head *next, *prev;
};

static void list_add(struct list_head *n, struct list_head *head)
{
	n->next = head->next;
	n->prev = head;
	head->next->prev = n;
	head->next = n;
}

static void list_del(struct list_head *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
}

struct io_watcher {
	struct list_head node;
	int fd;
	void (*on_ready)(struct io_watcher *w);
};

struct timer {
	struct list_head node;
	int period_ms;
	int remaining_ms;
	void (*on_expire)(struct timer *t);
};

static struct list_head ready = { &ready, &ready };
static struct list_head timers = { &timers, &timers };

static void on_socket(struct io_watcher *w)
{
	printf("reading fd %d\n", w->fd);
}

static void on_tick(struct timer *t)
{
	printf("tick every %d ms\n", t->period_ms);
}

static struct timer *add_timer(int period_ms)
{
	struct timer *t = KSAN_NEW(struct timer);

	t->period_ms = t->remaining_ms = period_ms;
	t->on_expire = on_tick;
	list_add(&t->node, &timers);
	return t;
}

static struct io_watcher *add_watcher(int fd)
{
	struct io_watcher *w = KSAN_NEW(struct io_watcher);

	w->fd = fd;
	w->on_ready = on_socket;
	list_add(&w->node, &ready);	/* the poller found it readable */
	return w;
}

static void expire_timers(int elapsed_ms)
{
	struct list_head *n, *next;

	for (n = timers.next; n != &timers; n = next) {
		struct timer *t = KSAN_CONTAINER_OF(n, struct timer, node);

		next = n->next;
		t->remaining_ms -= elapsed_ms;
		if (t->remaining_ms <= 0) {
			list_del(n);
			list_add(n, &ready);	/* run it in this pass */
		}
	}
}

static void run_ready(void)
{
	while (ready.next != &ready) {
		struct list_head *n = ready.next;
		/* every entry is taken for an I/O watcher */
		struct io_watcher *w = KSAN_CONTAINER_OF(n, struct io_watcher, node);

		list_del(n);
		printf("dispatch fd %d\n", w->fd);
		w->on_ready(w);
	}
}

int main(void)
{
	struct io_watcher *w = add_watcher(7);
	struct timer *t = add_timer(250);

	expire_timers(300);
	run_ready();
	free(t);
	free(w);
	return 0;
}
