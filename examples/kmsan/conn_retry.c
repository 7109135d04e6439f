/*
 * conn_retry.c: a field that one constructor forgets to set (KMSAN).
 *
 * new_conn() fills in a connection, but only the "secure" path sets
 * max_retries; the plain path leaves it as whatever malloc() returned.
 * reconnect() then loops on it.  Nothing crashes: the program just retries
 * a random number of times, differently from run to run.  KMSAN tracks
 * which bytes were ever written and reports the branch on the never-written
 * field, with the malloc() in new_conn() as the origin of the value.
 * (KMSAN needs clang: ksan-cc --ksan-cc=clang --ksan=kmsan.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct conn {
	char host[32];
	int port;
	int secure;
	int max_retries;
};

struct conn *new_conn(const char *host, int port, int secure)
{
	struct conn *c = malloc(sizeof(*c));

	if (!c)
		return NULL;
	snprintf(c->host, sizeof(c->host), "%s", host);
	c->port = port;
	c->secure = secure;
	if (secure)
		c->max_retries = 5;
	/* forgot: else c->max_retries = 3; */
	return c;
}

int try_connect(const struct conn *c, int attempt)
{
	return attempt >= 2;	/* pretend the third attempt succeeds */
}

int reconnect(const struct conn *c)
{
	int attempt;

	for (attempt = 0; attempt < c->max_retries; attempt++)
		if (try_connect(c, attempt))
			return attempt;
	return -1;
}

int main(void)
{
	struct conn *c = new_conn("db.example", 5432, 0);

	printf("connected after %d attempts\n", reconnect(c) + 1);
	free(c);
	return 0;
}
