/*
 * This file contains the crash signature every report carries: the bug type
 * and the top three frames of the program, function names only, so that a
 * fuzzing pipeline can put two reports of one bug in one bucket whatever
 * the build, the load address or the input (docs/report-format.md, "Crash
 * signature").  ClusterFuzz buckets crashes by the same idea (crash type
 * plus the top three frames of its crash state); the rules for which
 * frames are the program's follow its stack analyzer's ignore list.
 *
 * One frame is one function as the report lists it: a function inlined at
 * a pc counts as a frame of its own, innermost first.  A name loses what
 * the compiler appends to a function it clones or splits (".part.0",
 * ".isra.0", ".constprop.0", ".cold", ".lto_priv.0", ".llvm.N"): C names
 * and mangled C++ names have no '.', and the suffixes come and go with the
 * optimisation level.  A frame with no name is "module+0xoffset" (the
 * module's base name: stable across runs of one build), and a frame with
 * neither is left out (nothing in it would be stable).
 *
 * Not the program's, so skipped: the runtime entry point a stack starts
 * with (memcpy, malloc, free: the interceptor names the bug's kind, its
 * caller names the bug); the runtime's and the sanitizer interfaces'
 * functions; the C library's (by module, libc.so.6 and the like, and by
 * name for static executables: __libc_*, _start, start_thread, the mem and
 * str families' implementations); and a fuzzing engine's driver
 * (LLVMFuzzerTestOneInput and libFuzzer's own frames), so that one bug has
 * one signature under libFuzzer, AFL++ or a replay.
 */
#include "core.h"

#define NAME_MAX_LEN 128	/* of one frame's name in a signature */

static int starts(const char *s, const char *p)
{
	return !core_strncmp(s, p, core_strlen(p));
}

static int any_prefix(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (starts(s, *list))
			return 1;
	return 0;
}

static int any_name(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!core_strcmp(s, *list))
			return 1;
	return 0;
}

static const char *base_name(const char *path)
{
	const char *b = path;

	for (; *path; path++)
		if (*path == '/')
			b = path + 1;
	return b;
}

/* Functions that are not the program's, by the start of their name. */
static const char *const skip_prefixes[] = {
	/* the runtime and the sanitizer interfaces it implements */
	"ksan_", "__ksan", "__asan_", "__hwasan_", "__msan_", "__tsan_", "__ubsan_",
	"__lsan_", "__sanitizer_", "__interceptor_",
	/* the C library's start-up and internals (static executables) */
	"__libc_", "__GI_",
	/* the C library's mem and str implementations (__memmove_avx_unaligned,
	 * __strlen_evex...): a fault inside one is its caller's bug */
	"memcmp", "__memcmp", "memcpy", "__memcpy", "memmove", "__memmove",
	"memset", "__memset", "strcmp", "__strcmp", "strcpy", "__strcpy",
	"strdup", "__strdup", "strlen", "__strlen", "strncpy", "__strncpy",
	/* libFuzzer's own frames, mangled (ksan does not demangle) or not */
	"_ZN6fuzzer", "_ZNK6fuzzer", "fuzzer::",
	0
};

/* Functions that are not the program's, by their whole name. */
static const char *const skip_names[] = {
	"_start", "_start_c", "libc_start_main_stage2", "start_thread",
	"clone", "clone3", "__clone", "__clone3", "__restore_rt", "__restore",
	"LLVMFuzzerTestOneInput",
	0
};

/* Modules that are not the program's, by the start of their base name:
 * the C library (glibc's libc.so.6, musl's libc.musl-x86_64.so.1), the
 * loader, the C and C++ runtime libraries, and ksan's own (the KFENCE
 * preload library). */
static const char *const skip_modules[] = {
	"libc.", "libc-", "ld-linux", "ld-musl", "ld64.so", "libpthread", "libdl.",
	"libm.", "libm-", "libgcc_s", "libstdc++", "libc++", "libksan",
	"linux-vdso", "[vdso]",
	0
};

static int skipped(const char *fn, const char *module)
{
	if (module && any_prefix(base_name(module), skip_modules))
		return 1;
	return fn && (any_prefix(fn, skip_prefixes) || any_name(fn, skip_names));
}

/* One frame's name into b, as the signature keeps it, after " | " unless
 * it is the first. */
static void put_frame(struct core_buf *b, const struct ksan_symbol *s)
{
	char name[NAME_MAX_LEN];
	size_t i;

	if (s->function) {
		for (i = 0; i + 1 < sizeof(name) && s->function[i] && s->function[i] != '.'; i++)
			name[i] = s->function[i];
		name[i] = 0;
	} else {
		core_snprintf(name, sizeof(name), "%s+0x%lx", base_name(s->module),
			      (unsigned long)s->module_offset);
	}
	core_bprintf(b, "%s%s", b->len ? " | " : "", name);
}

/* Up to CORE_SIG_FRAMES of the program's frames of one stack into b. */
static void put_stack(struct core_buf *b, const struct core_sig_stack *st)
{
	unsigned kept = 0;
	size_t i;

	for (i = 0; i < st->n && kept < CORE_SIG_FRAMES; i++) {
		struct ksan_symbol syms[CORE_INLINE_MAX];
		int exact = i == 0 && st->first_is_entry == CORE_STACK_FAULT, k, nf;

		if (i == 0 && st->first_is_entry == 1)
			continue;	/* the runtime's entry point */
		core_memset(syms, 0, sizeof(syms));
		nf = ksan_port_symbolize_frames(st->pcs[i], !exact, syms, CORE_INLINE_MAX);
		/* inlined frames first, as the report lists them; the module
		 * is the real function's (the last entry's) */
		for (k = 0; k < nf && kept < CORE_SIG_FRAMES; k++) {
			const char *module = syms[nf - 1].module;

			if ((!syms[k].function && !module) || skipped(syms[k].function, module))
				continue;
			if (!syms[k].function) {
				syms[k].module = module;
				syms[k].module_offset = syms[nf - 1].module_offset;
			}
			put_frame(b, &syms[k]);
			kept++;
		}
	}
}

/* 64-bit FNV-1a: small, and the same on every host and in every build. */
static uint64_t fnv1a(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h;
}

void core_signature(struct core_sig *s, const char *bug, int access,
		    const struct core_sig_stack *st, unsigned nst)
{
	struct core_buf b = { s->text, 0, sizeof(s->text) };
	char side[2][CORE_SIG_LEN];
	unsigned i, sides = 0;
	int swap;

	s->text[0] = 0;
	core_bprintf(&b, "%s%s", bug,
		     access == KSAN_READ ? " Read" : access == KSAN_WRITE ? " Write" : "");
	if (nst > 2)
		nst = 2;
	for (i = 0; i < nst; i++) {
		struct core_buf sb = { side[i], 0, sizeof(side[i]) };

		side[i][0] = 0;
		put_stack(&sb, &st[i]);
	}
	/* two sides (a race) in byte order, whichever of them reported */
	swap = nst == 2 && core_strcmp(side[0], side[1]) > 0;
	for (i = 0; i < nst; i++) {
		const char *t = side[swap ? 1 - i : i];

		if (!t[0])
			continue;
		core_bprintf(&b, "%s%s", sides ? " / " : " | ", t);
		sides++;
	}
	s->hash = fnv1a(s->text);
}

void core_print_signature(const struct core_sig *s)
{
	core_bprintf(&core_rbuf, "Crash signature: %016llx %s\n", (unsigned long long)s->hash,
		     s->text);
	core_note_signature(s->text, s->hash);
}

void core_json_signature(const struct core_sig *s)
{
	core_bprintf(&core_rbuf, ",\"signature\":");
	core_json_str(s->text);
	core_bprintf(&core_rbuf, ",\"signature_hash\":\"%016llx\"", (unsigned long long)s->hash);
	core_note_signature(s->text, s->hash);
}

void core_report_signature(int json, const char *bug, int access,
			   const uintptr_t *pcs, size_t n, int first_is_entry)
{
	struct core_sig_stack st = { pcs, n, first_is_entry };
	struct core_sig s;

	core_signature(&s, bug, access, &st, 1);
	if (json)
		core_json_signature(&s);
	else
		core_print_signature(&s);
}
