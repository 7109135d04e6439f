/*
 * This file contains what the fuzz targets (the .c files of tests/fuzz) share with
 * their stubs (stubs.c): per-input memory, freed after each input, and the
 * frames the symbolizer stub answers with.
 */
#ifndef KSAN_FUZZ_H
#define KSAN_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Memory that lives until fuzz_free_all (the end of one input). */
void *fuzz_alloc(size_t n);
void fuzz_free_all(void);

/* ksan_port_symbolize_frames' answer for any pc: up to 4 frames. */
#include "ksan/port.h"
extern struct ksan_symbol fuzz_frames[4];
extern int fuzz_nframes;

/* The pieces of [*p, end) between bytes sep, one a call, NUL-terminated
 * in a fresh fuzz_alloc copy; *p moves past the separator (NULL after the
 * last piece: then the call returns NULL). */
char *fuzz_next(const uint8_t **p, const uint8_t *end, uint8_t sep);

#endif
