/*
 * This file tells clang that generic KASAN's report calls are cold.
 * ksan-cc includes it (-include) in every C and C++ unit it compiles with
 * clang's inline checks; it is not for including by hand.
 *
 * In recovering (kernel-address) mode clang 14 emits an inline check of an
 * 8- or 16-byte access as "if (shadow != 0) __asan_report_*_noabort(addr)"
 * with no branch weights, and the code generator then lays the report call
 * out on the fall-through path: every check costs a taken branch over it.
 * A report function declared cold makes the branch unlikely, and the call
 * moves out of line, as with ASan's non-recovering checks.  The declaration
 * has to reach the instrumentation pass: the table below uses each function
 * (one copy per program: selectany makes it a COMDAT).  Compiler ABI: the
 * names and types are the ones the pass declares.
 */
#if !defined(__ASSEMBLER__) && defined(__clang__) && defined(__has_feature)
#if __has_feature(address_sanitizer)
#pragma clang system_header
#ifdef __cplusplus
extern "C" {
#endif
void __asan_report_load1_noabort(unsigned long) __attribute__((cold));
void __asan_report_load2_noabort(unsigned long) __attribute__((cold));
void __asan_report_load4_noabort(unsigned long) __attribute__((cold));
void __asan_report_load8_noabort(unsigned long) __attribute__((cold));
void __asan_report_load16_noabort(unsigned long) __attribute__((cold));
void __asan_report_load_n_noabort(unsigned long, unsigned long) __attribute__((cold));
void __asan_report_store1_noabort(unsigned long) __attribute__((cold));
void __asan_report_store2_noabort(unsigned long) __attribute__((cold));
void __asan_report_store4_noabort(unsigned long) __attribute__((cold));
void __asan_report_store8_noabort(unsigned long) __attribute__((cold));
void __asan_report_store16_noabort(unsigned long) __attribute__((cold));
void __asan_report_store_n_noabort(unsigned long, unsigned long) __attribute__((cold));
#ifdef __cplusplus
extern	/* a const's linkage in C++ is internal without it */
#endif
__attribute__((selectany, visibility("hidden")))
void (*const __ksan_cold_reports[])(void) = {
	(void (*)(void))__asan_report_load1_noabort,
	(void (*)(void))__asan_report_load2_noabort,
	(void (*)(void))__asan_report_load4_noabort,
	(void (*)(void))__asan_report_load8_noabort,
	(void (*)(void))__asan_report_load16_noabort,
	(void (*)(void))__asan_report_load_n_noabort,
	(void (*)(void))__asan_report_store1_noabort,
	(void (*)(void))__asan_report_store2_noabort,
	(void (*)(void))__asan_report_store4_noabort,
	(void (*)(void))__asan_report_store8_noabort,
	(void (*)(void))__asan_report_store16_noabort,
	(void (*)(void))__asan_report_store_n_noabort,
};
#ifdef __cplusplus
}
#endif
#endif
#endif
