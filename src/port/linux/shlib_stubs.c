/*
 * This file contains weak, do-nothing definitions of the runtime's entry
 * points, linked by ksan-cc into instrumented shared libraries so that
 * -Wl,--no-undefined links.  At load time the library's calls bind to the
 * executable's real definitions (ksan-cc exports them), because a
 * default-visibility symbol in a shared library can be preempted.
 */
#include <stddef.h>
#include <stdint.h>

#define WEAK __attribute__((weak, visibility("default")))

#define STUB_CHECK(size)						\
	WEAK void __asan_load##size##_noabort(uintptr_t a) { (void)a; }	\
	WEAK void __asan_store##size##_noabort(uintptr_t a) { (void)a; }	\
	WEAK void __asan_load##size(uintptr_t a) { (void)a; }		\
	WEAK void __asan_store##size(uintptr_t a) { (void)a; }		\
	WEAK void __asan_report_load##size##_noabort(uintptr_t a) { (void)a; } \
	WEAK void __asan_report_store##size##_noabort(uintptr_t a) { (void)a; } \
	WEAK void __asan_report_load##size(uintptr_t a) { (void)a; }	\
	WEAK void __asan_report_store##size(uintptr_t a) { (void)a; }

STUB_CHECK(1)
STUB_CHECK(2)
STUB_CHECK(4)
STUB_CHECK(8)
STUB_CHECK(16)

/* clang's register-passing outline checks (abi_clang_x86_64.S): an empty
 * function keeps every register, as their contract wants */
#define STUB_REG_SIZE(op, size)						\
	WEAK void __asan_check_##op##_add_##size##_RAX(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_RBX(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_RCX(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_RDX(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_RSI(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_RDI(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_RBP(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_R8(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_R9(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_R12(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_R13(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_R14(void) {}		\
	WEAK void __asan_check_##op##_add_##size##_R15(void) {}
#define STUB_REG(op)							\
	STUB_REG_SIZE(op, 1) STUB_REG_SIZE(op, 2) STUB_REG_SIZE(op, 4)	\
	STUB_REG_SIZE(op, 8) STUB_REG_SIZE(op, 16)
STUB_REG(load)
STUB_REG(store)

WEAK void __asan_loadN_noabort(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_storeN_noabort(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_loadN(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_storeN(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_report_load_n_noabort(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_report_store_n_noabort(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_report_load_n(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_report_store_n(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_handle_no_return(void) {}
WEAK void __asan_init(void) {}
WEAK void __asan_version_mismatch_check_v8(void) {}
WEAK int __kasan_check_read(const volatile void *p, unsigned n) { (void)p; (void)n; return 1; }
WEAK int __kasan_check_write(const volatile void *p, unsigned n) { (void)p; (void)n; return 1; }
WEAK void *__asan_memcpy(void *d, const void *s, size_t n) { return __builtin_memcpy(d, s, n); }
WEAK void *__asan_memmove(void *d, const void *s, size_t n) { return __builtin_memmove(d, s, n); }
WEAK void *__asan_memset(void *d, int c, size_t n) { return __builtin_memset(d, c, n); }
WEAK void __asan_poison_memory_region(const volatile void *a, size_t n) { (void)a; (void)n; }
WEAK void __asan_unpoison_memory_region(const volatile void *a, size_t n) { (void)a; (void)n; }
WEAK int __asan_address_is_poisoned(const volatile void *a) { (void)a; return 0; }
WEAK void *__asan_region_is_poisoned(void *a, size_t n) { (void)a; (void)n; return 0; }
WEAK void __asan_describe_address(void *a) { (void)a; }
WEAK void __sanitizer_print_stack_trace(void) {}
WEAK void ksan_poison(const volatile void *a, size_t n) { (void)a; (void)n; }
WEAK void ksan_unpoison(const volatile void *a, size_t n) { (void)a; (void)n; }
WEAK void *ksan_region_is_poisoned(const volatile void *a, size_t n) { (void)a; (void)n; return 0; }
WEAK int ksan_address_is_poisoned(const volatile void *a) { (void)a; return 0; }
WEAK void ksan_check_read(const volatile void *a, size_t n) { (void)a; (void)n; }
WEAK void ksan_check_write(const volatile void *a, size_t n) { (void)a; (void)n; }
WEAK unsigned long ksan_report_count(void) { return 0; }
WEAK void ksan_record_aux_stack(const volatile void *p) { (void)p; }
/* stack, globals, use-after-return */
WEAK void __asan_register_globals(void *g, size_t n) { (void)g; (void)n; }
WEAK void __asan_unregister_globals(void *g, size_t n) { (void)g; (void)n; }
WEAK void __asan_before_dynamic_init(const char *m) { (void)m; }
WEAK void __asan_after_dynamic_init(void) {}
WEAK void __asan_alloca_poison(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_allocas_unpoison(uintptr_t a, uintptr_t b) { (void)a; (void)b; }
WEAK void __asan_poison_stack_memory(uintptr_t a, size_t n) { (void)a; (void)n; }
WEAK void __asan_unpoison_stack_memory(uintptr_t a, size_t n) { (void)a; (void)n; }
#define STUB_SET_SHADOW(v) \
	WEAK void __asan_set_shadow_##v(uintptr_t a, size_t n) { (void)a; (void)n; }
STUB_SET_SHADOW(00)
STUB_SET_SHADOW(f1)
STUB_SET_SHADOW(f2)
STUB_SET_SHADOW(f3)
STUB_SET_SHADOW(f5)
STUB_SET_SHADOW(f8)
WEAK int __asan_option_detect_stack_use_after_return;
#define STUB_FAKE(c)							\
	WEAK uintptr_t __asan_stack_malloc_##c(size_t n) { (void)n; return 0; } \
	WEAK void __asan_stack_free_##c(uintptr_t f, size_t n) { (void)f; (void)n; }
STUB_FAKE(0)
STUB_FAKE(1)
STUB_FAKE(2)
STUB_FAKE(3)
STUB_FAKE(4)
STUB_FAKE(5)
STUB_FAKE(6)
STUB_FAKE(7)
STUB_FAKE(8)
STUB_FAKE(9)
STUB_FAKE(10)

/* UBSAN's handlers (src/ubsan/handlers.c), both forms; the arguments do not
 * matter to a stub that is always preempted. */
#define STUB_UBSAN(name)						\
	WEAK void __ubsan_handle_##name(void) {}			\
	WEAK void __ubsan_handle_##name##_abort(void) {}

STUB_UBSAN(add_overflow)
STUB_UBSAN(sub_overflow)
STUB_UBSAN(mul_overflow)
STUB_UBSAN(negate_overflow)
STUB_UBSAN(divrem_overflow)
STUB_UBSAN(shift_out_of_bounds)
STUB_UBSAN(out_of_bounds)
STUB_UBSAN(type_mismatch)
STUB_UBSAN(type_mismatch_v1)
STUB_UBSAN(alignment_assumption)
STUB_UBSAN(pointer_overflow)
STUB_UBSAN(load_invalid_value)
STUB_UBSAN(vla_bound_not_positive)
STUB_UBSAN(float_cast_overflow)
STUB_UBSAN(implicit_conversion)
STUB_UBSAN(invalid_builtin)
STUB_UBSAN(nonnull_arg)
STUB_UBSAN(nullability_arg)
STUB_UBSAN(nonnull_return_v1)
STUB_UBSAN(nullability_return_v1)
WEAK void __ubsan_handle_builtin_unreachable(void) { __builtin_trap(); }
WEAK void __ubsan_handle_missing_return(void) { __builtin_trap(); }
