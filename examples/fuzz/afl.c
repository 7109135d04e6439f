/*
 * afl.c: the AFL++ target for record.c: one input, from the file named by
 * argv[1] (afl-fuzz's @@) or from standard input.
 *
 *   ksan-cc --ksan-cc=afl-clang-fast -g -O1 afl.c record.c -o record-afl
 *   AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
 *   KSAN_OPTIONS=abort_on_error=1:symbolize=0 \
 *       afl-fuzz -D -V 30 -i seeds -o out -- ./record-afl @@
 *
 * abort_on_error=1: ksan's report ends in abort(), the signal AFL++ counts
 * as a crash (an exit status would not be one).
 */
#include <stdio.h>
#include <stdint.h>
#include "record.h"

int main(int argc, char **argv)
{
	static uint8_t buf[1 << 16];
	FILE *f = argc > 1 ? fopen(argv[1], "rb") : stdin;
	struct record r;
	size_t n;

	if (!f)
		return 2;
	n = fread(buf, 1, sizeof(buf), f);
	if (f != stdin)
		fclose(f);
	if (parse_record(buf, n, &r) == 0)
		free_record(&r);
	return 0;
}
