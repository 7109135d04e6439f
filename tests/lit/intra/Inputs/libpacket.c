/* An instrumented shared library that arms, windows and disarms packets:
 * its calls reach the executable's runtime through libksan_shlib.a's
 * forwarders (-Wl,--no-undefined: every one is defined). */
#include <stdlib.h>
#include <string.h>
#include "packet.h"

struct packet *lib_packet_new(void)
{
	struct packet *p = calloc(1, sizeof(*p));

	KSAN_INTRA_ARM(p, &packet_type);
	return p;
}

void lib_packet_copy(struct packet *dst, struct packet *src)
{
	KSAN_INTRA_WINDOW(src) KSAN_INTRA_WINDOW(dst)
		memcpy(dst, src, sizeof(*dst));
}

int lib_packet_scoped(int n)
{
	struct packet s KSAN_INTRA_SCOPED;

	KSAN_INTRA_ARM(&s, &packet_type);
	fill(s.data, 0, n, 's');
	return s.data[0];
}

void lib_packet_free(struct packet *p)
{
	KSAN_INTRA_DISARM(p);
	free(p);
}
