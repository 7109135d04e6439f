/*
 * parse_header.c: an off-by-one in an HTTP header parser.
 *
 * copy_value() copies a header's value into a fresh buffer sized for the
 * value's characters, then writes the terminating NUL one byte past the end
 * of that buffer.  Most allocators round small sizes up, so the program
 * usually "works"; KASAN reports the 1-byte write into the red zone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct header {
	char *name;
	char *value;
};

char *copy_value(const char *start, const char *end)
{
	size_t len = (size_t)(end - start);
	char *v = malloc(len);		/* should be len + 1 */

	memcpy(v, start, len);
	v[len] = '\0';			/* one byte past the buffer */
	return v;
}

int parse_header(const char *line, struct header *h)
{
	const char *colon = strchr(line, ':');
	const char *value, *end;

	if (!colon)
		return -1;
	h->name = strndup(line, (size_t)(colon - line));
	value = colon + 1;
	while (*value == ' ')
		value++;
	end = value + strcspn(value, "\r\n");
	h->value = copy_value(value, end);
	return 0;
}

int main(void)
{
	static const char *request[] = {
		"Host: example.org\r\n",
		"User-Agent: ksan-demo/1.0\r\n",
		"Accept: */*\r\n",
	};
	struct header h[3];
	size_t i;

	for (i = 0; i < 3; i++) {
		if (parse_header(request[i], &h[i]))
			return 1;
		printf("%s = %s\n", h[i].name, h[i].value);
	}
	for (i = 0; i < 3; i++) {
		free(h[i].name);
		free(h[i].value);
	}
	return 0;
}
