/*
 * list_uaf.c: use-after-free while deleting from a linked list.
 *
 * remove_expired() walks a singly linked list of sessions and frees the
 * expired ones, but it advances with "s = s->next" after free(s): the next
 * pointer is read from a freed node.  With a plain allocator the freed
 * memory still holds the old pointer, so the bug hides until the memory is
 * reused.  KASAN keeps freed nodes poisoned (in quarantine) and reports the
 * read, with the stacks of the allocation and of the free.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct session {
	int id;
	int expired;
	char user[16];
	struct session *next;
};

struct session *add(struct session *head, int id, const char *user, int expired)
{
	struct session *s = calloc(1, sizeof(*s));

	s->id = id;
	s->expired = expired;
	snprintf(s->user, sizeof(s->user), "%s", user);
	s->next = head;
	return s;
}

struct session *remove_expired(struct session *head)
{
	struct session **link = &head, *s;

	for (s = head; s; s = s->next) {	/* reads s->next after free(s) */
		if (s->expired) {
			*link = s->next;
			free(s);
		} else {
			link = &s->next;
		}
	}
	return head;
}

int main(void)
{
	struct session *list = 0, *s;

	list = add(list, 1, "alice", 0);
	list = add(list, 2, "bob", 1);
	list = add(list, 3, "carol", 0);
	list = remove_expired(list);
	for (s = list; s; s = s->next)
		printf("session %d (%s)\n", s->id, s->user);
	while (list) {
		s = list->next;
		free(list);
		list = s;
	}
	return 0;
}
