/*
 * This file contains AddressSanitizer's suppressions of reports raised
 * inside an interceptor (the checked C library functions of the port:
 * memcpy, strlen, fread, ...), the lines of the suppressions file that
 * ASan's own file takes: interceptor_name:<pattern> (the interceptor's
 * name), interceptor_via_fun:<pattern> (a function in the report's stack,
 * the interceptor itself and the functions inlined at each frame
 * included) and interceptor_via_lib:<pattern> (the module of a frame: the
 * executable or a shared library, as its path).  Patterns match as
 * compiler-rt's do (core/suppress.c).  A report of the program's own
 * instrumented code, or of the heap's entry points (a double free), is
 * never one of them: ASan's neither.
 *
 * A suppressed report is not printed, not given to the report callback,
 * not counted by ksan_report_count() and does not halt; the call goes on
 * as after a report that lets the program go on (a refused write is not
 * made).  Each pattern counts its reports; verbosity=1 says each one.
 */
#include "kasan.h"
#include "report.h"

#define VIA_STACK ((1u << CORE_SUPP_VIA_FUN) | (1u << CORE_SUPP_VIA_LIB))
#define ANY ((1u << CORE_SUPP_NAME) | VIA_STACK)

int kasan_suppressed(const uintptr_t *pcs, size_t n, int has_entry, const char *type)
{
	struct ksan_symbol entry;
	struct core_supp *s = 0;

	/* a check of the program's own code: nothing to suppress */
	if (!has_entry || !n || !core_supp_have(ANY))
		return 0;
	core_memset(&entry, 0, sizeof(entry));
	if (core_supp_have(1u << CORE_SUPP_NAME) && !ksan_port_symbolize(pcs[0], 0, &entry))
		s = core_supp_match(1u << CORE_SUPP_NAME, entry.function);
	if (!s)
		s = core_supp_match_stack(pcs, n, 1, 1u << CORE_SUPP_VIA_FUN, 0,
					  1u << CORE_SUPP_VIA_LIB);
	if (!s)
		return 0;
	s->hits++;	/* under the report lock */
	if (core_opt.verbosity)
		core_printf("ksan: KASAN %s report suppressed by %s:%s (%zu so far)\n", type,
			    core_supp_kind_name(s->kind), s->name, s->hits);
	return 1;
}
