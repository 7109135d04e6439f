/*
 * error_path_double_free.c: a double free on an error path.
 *
 * load_config() frees its buffer when validation fails, and so does its
 * caller's cleanup code, which cannot tell that the buffer is already gone.
 * Error paths run rarely, so such bugs survive testing; with glibc the
 * second free may corrupt the heap silently or abort much later.  KASAN
 * reports the double free at once, before anything changes, and shows
 * where the object was allocated and where it was first freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config {
	char *text;
	int port;
};

int load_config(struct config *c, const char *src)
{
	c->text = strdup(src);
	if (strncmp(c->text, "port=", 5)) {
		free(c->text);		/* error path frees ... */
		return -1;		/* ... but leaves c->text dangling */
	}
	c->port = atoi(c->text + 5);
	return 0;
}

void config_cleanup(struct config *c)
{
	free(c->text);			/* ... and this frees it again */
	c->text = 0;
}

int main(void)
{
	static const char *inputs[] = { "port=8080", "prot=80" };
	size_t i;

	for (i = 0; i < 2; i++) {
		struct config c = { 0, 0 };

		if (load_config(&c, inputs[i]) == 0)
			printf("port %d\n", c.port);
		else
			fprintf(stderr, "bad config: %s\n", inputs[i]);
		config_cleanup(&c);
	}
	return 0;
}
