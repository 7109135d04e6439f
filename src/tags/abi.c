/*
 * This file contains the compiler ABI of clang 14's
 * -fsanitize=kernel-hwaddress (docs/tags.md): the outline checks
 * __hwasan_{load,store}{1,2,4,8,16,N}_noabort and their aborting forms,
 * __hwasan_tag_memory (stack tagging), __hwasan_tag_pointer, and the C
 * side of __hwasan_tag_mismatch (tag_mismatch_aarch64.S), which the
 * compiler's own __hwasan_check_x<reg>_<info> functions branch to.
 * Compiler ABI: names and signatures must not change.
 */
#include "tags.h"
#include "../core/abi.h"

#define ABI __attribute__((visibility("default"), used))
#define RET() ((uintptr_t)__builtin_return_address(0))
#define FRAME() ((uintptr_t)__builtin_frame_address(0))

/* One shadow load for an access inside one granule (almost all). */
static inline __attribute__((always_inline)) int fast_ok(uintptr_t a, size_t size)
{
	uint8_t t = tag_get_ptr(a);
	uintptr_t u = tag_reset(a);

	if (t == TAG_MATCH_ALL)
		return 1;
	if (unlikely(u - CORE_NULL_LIMIT >= TAGS_ADDR_LIMIT - CORE_NULL_LIMIT - 16))
		return 0;
	if (likely((u & 15) + size <= 16))
		return *tags_shadow(u) == t;
	return 0;
}

/* Makes, for size 1, 2, 4, 8, 16: __hwasan_load<size>, __hwasan_store<size>,
 * __hwasan_load<size>_noabort, __hwasan_store<size>_noabort
 * (e.g. __hwasan_load4, __hwasan_store16_noabort). */
#define DEFINE_CHECK(size)						\
ABI __attribute__((noinline)) void __hwasan_load##size##_noabort(uintptr_t a) \
{ if (likely(fast_ok(a, size))) return;					\
  tags_check_range(a, size, 0, RET(), FRAME(), 0); }			\
ABI __attribute__((noinline)) void __hwasan_store##size##_noabort(uintptr_t a) \
{ if (likely(fast_ok(a, size))) return;					\
  tags_check_range(a, size, 1, RET(), FRAME(), 0); }			\
ABI __attribute__((noinline)) void __hwasan_load##size(uintptr_t a)	\
{ if (likely(fast_ok(a, size))) return;					\
  if (!tags_check_range(a, size, 0, RET(), FRAME(), 0)) core_halt(); }	\
ABI __attribute__((noinline)) void __hwasan_store##size(uintptr_t a)	\
{ if (likely(fast_ok(a, size))) return;					\
  if (!tags_check_range(a, size, 1, RET(), FRAME(), 0)) core_halt(); }

DEFINE_CHECK(1)
DEFINE_CHECK(2)
DEFINE_CHECK(4)
DEFINE_CHECK(8)
DEFINE_CHECK(16)

/* Makes __hwasan_loadN_noabort, __hwasan_storeN_noabort, __hwasan_loadN,
 * __hwasan_storeN (core/abi.h). */
CORE_DEFINE_CHECK_N(__hwasan, tags_check_range)

/* Stack tagging: the frame's locals at function entry (tag = the frame's),
 * and tag 0 again before return.  addr may carry a tag; sizes are whole
 * granules. */
ABI void __hwasan_tag_memory(uintptr_t addr, uint8_t tag, uintptr_t size)
{
	uintptr_t a = tag_reset(addr);

	if (unlikely(!tags_has_shadow(a) || !tags_has_shadow(a + size)))
		return;
	core_memset(tags_shadow(a), tag, ROUND_UP(size, TAGS_GRANULE) >> TAGS_GRANULE_SHIFT);
}

ABI uintptr_t __hwasan_tag_pointer(uintptr_t addr, uint8_t tag)
{
	return tag_set_ptr(addr, tag);
}

/* From tag_mismatch_aarch64.S: x0 = the pointer, x1 = access info
 * (log2 size in bits 0-3, write 0x10, recover 0x20), pc = the return
 * address into the instrumented function, fp = a frame record whose
 * return address is pc. */
ABI void __ksan_tags_mismatch(uintptr_t addr, uintptr_t info, uintptr_t pc, uintptr_t fp)
{
	size_t size = (size_t)1 << (info & 0xf);
	int write = !!(info & 0x10);

	if (tags_range_ok(addr, size))
		return;
	tags_report(addr, size, write, pc, fp, 0);
	if (!(info & 0x20))
		core_halt();
}
