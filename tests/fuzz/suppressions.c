/*
 * This file contains the fuzz target of the suppressions: the input, split
 * at NUL bytes, is a suppressions file (the port refuses one that holds a
 * NUL), then a function name, a file name and a module name.  The file is
 * parsed as the Linux port parses it (src/port/linux/process/suppressions.c:
 * UBSAN's lines, the leak detector's, the rest of compiler-rt's kinds, and
 * as __asan_default_suppressions' text), then every kind of pattern is
 * matched against the names, as one name and as the frames of a stack, and
 * UBSAN's lines against a report at that function and file.  The parsers'
 * files are included for their state, which is reset for each input.
 */
#include <string.h>
#define is_blank core_is_blank		/* both files have their own */
#define put_quoted core_put_quoted
#include "core/suppress.c"
#undef is_blank
#undef put_quoted
#include "ubsan/suppress.c"
#include "fuzz.h"

#define ASAN_KINDS (CORE_SUPP_STRICT | (1u << CORE_SUPP_VIA_FUN) | (1u << CORE_SUPP_VIA_LIB) | \
		    (1u << CORE_SUPP_NAME) | (1u << CORE_SUPP_ODR))

static void check_err(int r, const char *err, size_t len)
{
	if (r && (!memchr(err, 0, len) || !err[0]))
		__builtin_trap();	/* an error must say why */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uintptr_t pcs[] = { 0x1000, 0x2000, 0 };
	const uint8_t *p = data;
	char err[300], *text, *fn, *file, *module;
	unsigned k;
	int r;

	npatterns = 0;
	have_kinds = 0;
	supp_text = 0;
	text = fuzz_next(&p, data + size, 0);
	fn = fuzz_next(&p, data + size, 0);
	file = fuzz_next(&p, data + size, 0);
	module = fuzz_next(&p, data + size, 0);
	memset(err, 0x55, sizeof(err));
	r = ubsan_set_suppressions(text, "fuzz.supp", err, sizeof(err));
	check_err(r, err, sizeof(err));
	r = core_supp_parse(text, "fuzz.supp", 1u << CORE_SUPP_LEAK, err, sizeof(err));
	check_err(r, err, sizeof(err));
	r = core_supp_parse(text, "fuzz.supp", CORE_SUPP_ALL & ~(1u << CORE_SUPP_LEAK), err,
			    sizeof(err));
	check_err(r, err, sizeof(err));
	r = core_supp_parse(text, "__asan_default_suppressions()", ASAN_KINDS, err, sizeof(err));
	check_err(r, err, sizeof(err));
	for (k = 0; k < npatterns; k++)
		if (patterns[k].pe < patterns[k].p || !memchr(patterns[k].name, 0, sizeof(patterns[k].name)))
			__builtin_trap();
	memset(fuzz_frames, 0, sizeof(fuzz_frames));
	fuzz_frames[0].function = fn;
	fuzz_frames[0].file = file;
	fuzz_frames[1].function = module;
	fuzz_frames[1].module = module;
	fuzz_nframes = 2;
	for (k = 0; k < CORE_SUPP_NKINDS; k++) {
		core_supp_match(1u << k, fn);
		core_supp_match(1u << k, file);
		core_supp_match(1u << k, module);
	}
	core_supp_match_stack(pcs, 3, size & 1, 1u << CORE_SUPP_LEAK, 1u << CORE_SUPP_LEAK,
			      CORE_SUPP_ALL);
	core_supp_match_stack(pcs, 2, 0, 1u << CORE_SUPP_VIA_FUN, 0, 1u << CORE_SUPP_VIA_LIB);
	if (supp_text && fn)
		ubsan_suppressed(fn, file, 0x1000);
	fuzz_nframes = 0;
	fuzz_free_all();
	return 0;
}
