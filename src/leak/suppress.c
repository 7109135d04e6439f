/*
 * This file contains the leak detector's suppressions: the leak:<pattern>
 * lines of the suppressions file (the port reads it; ubsan: lines are
 * UBSAN's, interceptor_*: lines the reports' of kasan/suppress.c) and of
 * __lsan_default_suppressions(), matched as LeakSanitizer matches them: a
 * leak is suppressed when a pattern matches the module, function or source
 * file of any frame of its allocation stack (functions inlined at a frame
 * included), with the core's matcher (core/suppress.c), so leak:parse_
 * covers parse_header and leak:libfoo.so every frame in it.
 */
#include "leak.h"

#define LEAK (1u << CORE_SUPP_LEAK)

int leak_set_suppressions(const char *text, const char *path, char *err,
				size_t errlen)
{
	return core_supp_parse(text, path, LEAK, err, errlen);
}

const char *leak_suppressed(uint32_t stack)
{
	const uintptr_t *pcs;
	struct core_supp *s;
	size_t n;

	if (!core_supp_have(LEAK))
		return 0;
	n = core_depot_fetch(stack, &pcs);
	/* frame 0 is the allocator's own entry point, exactly */
	s = core_supp_match_stack(pcs, n, 1, LEAK, LEAK, LEAK);
	return s ? s->name : 0;
}

void leak_count_suppressed(const char *name, size_t hits, size_t bytes)
{
	unsigned i;
	struct core_supp *s;

	for (i = 0; (s = core_supp_at(i)); i++)
		if (s->name == name) {
			s->hits += hits;
			s->bytes += bytes;
		}
}

void leak_print_suppressions(int asan)
{
	static const char line[] = "-----------------------------------------------------";
	struct core_supp *s;
	unsigned i;
	int any = 0;

	for (i = 0; (s = core_supp_at(i)); i++)
		any |= s->kind == CORE_SUPP_LEAK && s->hits != 0;
	if (!any)
		return;
	if (asan)
		core_bprintf(&core_rbuf, "%s\nSuppressions used:\n  count      bytes template\n", line);
	for (i = 0; (s = core_supp_at(i)); i++) {
		if (s->kind != CORE_SUPP_LEAK || !s->hits)
			continue;
		if (asan)
			core_bprintf(&core_rbuf, "%7zu %10zu %s\n", s->hits, s->bytes, s->name);
		else
			core_bprintf(&core_rbuf, "kmemleak: %zu object(s), %zu byte(s) suppressed by leak:%s\n",
				     s->hits, s->bytes, s->name);
	}
	if (asan)
		core_bprintf(&core_rbuf, "%s\n\n", line);
}
