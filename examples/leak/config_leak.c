/*
 * config_leak.c: a memory leak on an error path.
 *
 * parse_config() builds a list of key=value entries, one heap node and two
 * strdup'ed strings per line.  A line without '=' makes it give up and
 * return NULL, and the entries parsed so far are never freed: nothing
 * points to them any more.  At exit ksan's leak detector (kmemleak's idea,
 * LeakSanitizer's rules) scans the program's data, stacks, registers and
 * thread-local storage for pointers, finds the list unreachable and reports
 * it grouped by allocation stack: the first entry as a direct leak, what
 * only it reaches as indirect leaks.  The exit status is 23, as LSan's.
 * Build with -DCONFIG_FIXED and the error path frees the list: no report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	char *key, *value;
	struct entry *next;
};

static void free_entries(struct entry *e)
{
	while (e) {
		struct entry *next = e->next;

		free(e->key);
		free(e->value);
		free(e);
		e = next;
	}
}

struct entry *parse_config(const char *text)
{
	struct entry *head = NULL, **tail = &head;
	char line[128];

	while (*text) {
		size_t n = strcspn(text, "\n");
		char *eq;
		struct entry *e;

		snprintf(line, sizeof(line), "%.*s", (int)n, text);
		text += n + (text[n] == '\n');
		eq = strchr(line, '=');
		if (!eq) {
			fprintf(stderr, "config: bad line '%s'\n", line);
#ifdef CONFIG_FIXED
			free_entries(head);
#endif
			return NULL;
		}
		*eq = 0;
		e = calloc(1, sizeof(*e));
		e->key = strdup(line);
		e->value = strdup(eq + 1);
		*tail = e;
		tail = &e->next;
	}
	return head;
}

int main(void)
{
	struct entry *good = parse_config("host=example.org\nport=8080\n");
	struct entry *bad = parse_config("user=alice\nshell=/bin/sh\noops\n");

	printf("good: %s, bad: %s\n", good ? "parsed" : "rejected", bad ? "parsed" : "rejected");
	free_entries(good);
	return 0;
}
