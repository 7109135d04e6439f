/* The armed type of the intra-object tests: a 14-byte buffer, a 16-byte
 * red zone after it, a length, an 8-byte red zone, a body.  With ksan:
 * data [0, 14), rz0 [16, 32), len [32, 36), rz1 [40, 48), body [48, 64);
 * without ksan the red zones are zero-size members. */
#include <ksan/ksan.h>

struct packet {
	char data[14];
	KSAN_INTRA_REDZONE(rz0, 16);
	unsigned len;
	KSAN_INTRA_REDZONE(rz1, 8);
	char body[16];
};
KSAN_INTRA_TYPE(packet_type, struct packet,
		KSAN_INTRA_GAP(struct packet, data, rz0),
		KSAN_INTRA_GAP(struct packet, len, rz1));

/* Writes d[from], d[from + 1] ... d[to - 1], or from > to: d[from - 1]
 * down to d[to], one byte at a time: the loop the tests overflow with
 * (noinline, so that the compiler cannot see the array's bound; each byte
 * different, so that it cannot make the loop a memset). */
__attribute__((noinline)) static void fill(char *d, int from, int to, char c)
{
	int i;

	if (from <= to)
		for (i = from; i < to; i++)
			d[i] = (char)(c + i);
	else
		for (i = from; i > to; i--)
			d[i - 1] = (char)(c + i);
}
