/*
 * session_peer.c: a peer name longer than its field overwrites the
 * function pointer stored after it, inside the same heap object.
 *
 * struct session keeps a 16-byte peer name, then the handler of the next
 * message.  set_peer() bounds the copy by the wire format's 24 bytes, not
 * by the field, so a 19-character name writes 3 bytes into the handler.
 * The heap object is big enough, so plain KASAN (and ASan) see nothing; an
 * intra-object red zone between the two fields (KSAN_INTRA_REDZONE, armed
 * once the session is set up) makes the copy a report naming the field.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

#define WIRE_PEER_MAX 24	/* what the protocol allows */

struct session {
	char peer[16];
	KSAN_INTRA_REDZONE(rz_peer, 8);
	void (*on_message)(struct session *s, const char *msg);
	unsigned long seq;
};
KSAN_INTRA_TYPE(session_type, struct session,
		KSAN_INTRA_GAP(struct session, peer, rz_peer));

static void print_message(struct session *s, const char *msg)
{
	printf("[%s #%lu] %s\n", s->peer, ++s->seq, msg);
}

static struct session *session_new(void)
{
	struct session *s = calloc(1, sizeof(*s));

	s->on_message = print_message;
	KSAN_INTRA_ARM(s, &session_type);
	return s;
}

static void set_peer(struct session *s, const char *name)
{
	size_t len = strlen(name);

	if (len >= WIRE_PEER_MAX)	/* should be sizeof(s->peer) */
		len = WIRE_PEER_MAX - 1;
	memcpy(s->peer, name, len);
	s->peer[len] = '\0';
}

int main(void)
{
	struct session *s = session_new(), saved;

	KSAN_INTRA_WINDOW(s)		/* a whole-object copy reads the red zone */
		saved = *s;
	set_peer(s, "gateway.example.net");
	s->on_message(s, "hello");
	printf("saved seq %lu\n", saved.seq);
	free(s);
	return 0;
}
