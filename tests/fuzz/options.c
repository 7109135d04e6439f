/*
 * This file contains the fuzz target of the options parser, all of its
 * texts as the Linux port reads them (src/port/linux/platform/options.c): the input,
 * split at NUL bytes, is the hooks' and the variables' texts in the port's
 * order (__asan_default_options, __ubsan_default_options,
 * __lsan_default_options, ASAN_OPTIONS, LSAN_OPTIONS, UBSAN_OPTIONS,
 * __ksan_default_options, KSAN_OPTIONS); a missing piece is a text the
 * program does not have.  The hooks are renamed to this file's at compile
 * time (the Makefile's fuzz rules), so the fuzzer's own ASan never reads
 * them.
 */
#include <string.h>
#include "core/core.h"
#include "port/linux/linux.h"
#include "fuzz.h"

static char *text[8];

const char *fuzz_asan_default_options(void) { return text[0]; }
const char *fuzz_ubsan_default_options(void) { return text[1]; }
const char *fuzz_lsan_default_options(void) { return text[2]; }
const char *fuzz_ksan_default_options(void) { return text[6]; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const vars[8] = {
		[3] = "ASAN_OPTIONS=", [4] = "LSAN_OPTIONS=", [5] = "UBSAN_OPTIONS=",
		[7] = "KSAN_OPTIONS=",
	};
	const uint8_t *p = data;
	char *envp[8], err[256], *t;
	int i, n = 0;

	envp[n++] = "PATH=/usr/bin";	/* a variable that is none of them */
	for (i = 0; i < 8; i++) {
		text[i] = fuzz_next(&p, data + size, 0);
		if (!text[i] || !vars[i])
			continue;
		t = fuzz_alloc(strlen(vars[i]) + strlen(text[i]) + 1);
		strcpy(t, vars[i]);
		strcat(t, text[i]);
		envp[n++] = t;
		text[i] = NULL;
	}
	envp[n] = NULL;
	if (!port_options_load(envp, err, sizeof(err))) {
		core_options_print_notes();
		/* the values the rest of the runtime trusts */
		if (core_strlen(core_opt.log_path) > 255 || core_strlen(core_opt.suppressions) > 255 ||
		    core_opt.report_format > 2 || (core_opt.redzone & (core_opt.redzone - 1)))
			__builtin_trap();
	} else if (!memchr(err, 0, sizeof(err)) || !err[0]) {
		__builtin_trap();	/* an error must say why */
	}
	fuzz_free_all();
	return 0;
}
