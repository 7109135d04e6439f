/*
 * libfuzzer.c: the libFuzzer target for record.c.
 *
 *   ksan-cc --ksan-cc=clang -g -O1 -fsanitize=fuzzer \
 *           libfuzzer.c record.c -o record-libfuzzer
 *   ./record-libfuzzer -seed=1 -runs=100000 corpus/ seeds/
 *
 * The crash is ksan's report; libFuzzer then writes the input to
 * ./crash-<sha1> (ksan calls its death callback before exiting).
 */
#include <stddef.h>
#include <stdint.h>
#include "record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct record r;

	if (parse_record(data, size, &r) == 0)
		free_record(&r);
	return 0;
}
