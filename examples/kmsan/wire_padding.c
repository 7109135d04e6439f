/*
 * wire_padding.c: struct padding sent over a socket (KMSAN infoleak).
 *
 * send_reply() builds a reply header field by field and sends the whole
 * struct.  The compiler put 3 bytes of padding after the 1-byte "kind" (to
 * align "len"), and nobody wrote them: they carry whatever the stack held
 * before, possibly a password or a pointer that defeats ASLR, and go out on
 * the wire.  KMSAN checks every byte that leaves the program through write,
 * send, sendmsg and their kin, and reports exactly which bytes were never
 * initialised, with the local variable they came from.  The fix: memset the
 * struct first (or = {0} and then the fields).
 * (KMSAN needs clang: ksan-cc --ksan-cc=clang --ksan=kmsan.)
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct reply {
	uint8_t kind;	/* byte 0, then 3 bytes of padding */
	uint32_t len;	/* bytes 4-7 */
	uint64_t id;	/* bytes 8-15 */
};

int send_reply(int sock, uint8_t kind, uint32_t len, uint64_t id)
{
	struct reply r;

	r.kind = kind;
	r.len = len;
	r.id = id;
	return send(sock, &r, sizeof(r), 0) == sizeof(r) ? 0 : -1;
}

int main(void)
{
	int sv[2];
	unsigned char buf[sizeof(struct reply)];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 2;
	if (send_reply(sv[0], 1, 42, 7))
		return 1;
	printf("peer got %zd bytes\n", read(sv[1], buf, sizeof(buf)));
	return 0;
}
