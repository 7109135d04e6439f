/*
 * This file contains ksan.h's intra-object red zone calls for the runtimes
 * without generic KASAN (KMSAN, KCSAN, tag-based KASAN, the KFENCE
 * preload): honest no-ops, so that a program built with ksan-cc links and
 * runs the same under each.  Weak: where generic KASAN is in the same
 * archive (libksan.a, libksan_core.a), src/kasan/intra.c's definitions win.
 */
#include "core.h"

#define API __attribute__((visibility("default"), noinline, weak))

API void ksan_intra_arm(const volatile void *obj, const struct ksan_intra_type *type)
{
}

API void ksan_intra_disarm(const volatile void *obj)
{
}

API void ksan_intra_open(const volatile void *obj)
{
}

API void ksan_intra_close(const volatile void *obj)
{
}

API void ksan_intra_scope_end(void *obj)
{
}
