/*
 * record.c: a record parser with a planted bug, the code both fuzz
 * targets in this directory exercise (README: "Fuzzing").
 *
 * A record is "RC", a type byte, a length byte and that many bytes of
 * payload.  Type 'P' (plain) keeps the payload as bytes; type 'T' (text)
 * makes it a C string, and parse_record() forgets the terminator's byte
 * when it allocates: the NUL goes one byte past the buffer.  The seed in
 * seeds/ is a 'P' record; one flipped bit makes it a 'T' one.  Build with
 * -DRECORD_FIXED and the allocation has room for the terminator.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "record.h"

#ifdef RECORD_FIXED
#define TERMINATOR 1
#else
#define TERMINATOR 0	/* the bug: no room for the NUL */
#endif

int parse_record(const uint8_t *data, size_t size, struct record *r)
{
	if (size < 4 || data[0] != 'R' || data[1] != 'C')
		return -1;
	r->type = data[2];
	r->len = data[3];
	if (size - 4 < r->len)
		return -1;
	switch (r->type) {
	case 'P':
		r->payload = malloc(r->len ? r->len : 1);
		if (!r->payload)
			return -1;
		memcpy(r->payload, data + 4, r->len);
		return 0;
	case 'T':
		r->payload = malloc(r->len + TERMINATOR);
		if (!r->payload)
			return -1;
		memcpy(r->payload, data + 4, r->len);
		r->payload[r->len] = '\0';
		return 0;
	}
	return -1;
}

void free_record(struct record *r)
{
	free(r->payload);
	r->payload = NULL;
}
