/*
 * strbuf_overflow.c: a growing string buffer with a wrong capacity check.
 *
 * strbuf_append() grows the buffer when the new text does not fit, but the
 * check forgets the bytes already in use (it compares the appended length
 * with the capacity instead of len + n + 1).  The memcpy() then writes
 * past the end of the heap buffer once the buffer is partly full.  KASAN's
 * checked memcpy reports the bad range and names the caller.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct strbuf {
	char *buf;
	size_t len, cap;
};

void strbuf_append(struct strbuf *sb, const char *s)
{
	size_t n = strlen(s);

	if (n + 1 > sb->cap) {		/* should be sb->len + n + 1 > sb->cap */
		sb->cap = 2 * (sb->len + n + 1);
		sb->buf = realloc(sb->buf, sb->cap);
	}
	memcpy(sb->buf + sb->len, s, n + 1);
	sb->len += n;
}

int main(void)
{
	static const char *words[] = { "kernel", "address", "sanitizer", "for", "user", "space" };
	struct strbuf sb = { 0, 0, 0 };
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		strbuf_append(&sb, words[i]);
		strbuf_append(&sb, " ");
	}
	printf("%s\n", sb.buf);
	free(sb.buf);
	return 0;
}
