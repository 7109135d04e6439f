/* record.h: the record parser the fuzz targets call (record.c). */
#ifndef RECORD_H
#define RECORD_H

#include <stddef.h>
#include <stdint.h>

struct record {
	uint8_t type;		/* 'P' bytes, 'T' text (a C string) */
	size_t len;		/* payload bytes (without a terminator) */
	char *payload;		/* malloc'ed */
};

/* 0 and *r filled (free_record() it), or -1 for a malformed record. */
int parse_record(const uint8_t *data, size_t size, struct record *r);
void free_record(struct record *r);

#endif
