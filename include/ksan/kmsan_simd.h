/*
 * This file gives KMSAN exact shadow for the x86 byte shuffle (pshufb).
 * ksan-cc includes it (-include) in every unit it compiles for --ksan=kmsan
 * on x86-64; it is not for including by hand.
 *
 * Why: clang 14's MemorySanitizer pass has no rule of its own for
 * llvm.x86.ssse3.pshuf.b.128 (_mm_shuffle_epi8) and its AVX2 form, so it
 * takes the generic one for an unknown intrinsic without memory effects:
 * the result's shadow is the OR of both operands' shadows, lane by lane.
 * A shuffle moves bytes between lanes and zeroes the lanes whose control
 * byte has its top bit set, so that rule keeps an uninitialised byte's
 * poison in its own lane even where the shuffle dropped it.  Code that
 * loads an aligned 16-byte block reaching past its buffer and drops the
 * extra bytes with a shuffle (xz's CLMUL CRC32/CRC64: MASK_L and MASK_H)
 * was reported over fully initialised input.  The exact rule is the
 * shuffle applied to the shadow; here it is written in C, which the pass
 * follows exactly: a selected byte carries its own shadow, a zeroed lane
 * is initialised, and a control byte that is itself uninitialised is a use
 * (reported, as the shuffle's result depends on it).  Only the data moves:
 * the result is the same as the instruction's.
 *
 * The compiler's builtins are renamed to the functions below before any
 * intrinsics header is read, so _mm_shuffle_epi8 and _mm256_shuffle_epi8
 * come here; the 64-bit MMX and AVX-512 forms keep the compiler's rule.
 */
#if !defined(__ASSEMBLER__) && defined(__clang__) && defined(__x86_64__) && \
	defined(__has_feature)
#if __has_feature(memory_sanitizer)
#pragma clang system_header

typedef char __ksan_v16qi __attribute__((__vector_size__(16)));
typedef char __ksan_v32qi __attribute__((__vector_size__(32)));

static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__)) __ksan_v16qi
__ksan_pshufb128(__ksan_v16qi __a, __ksan_v16qi __b)
{
	__ksan_v16qi __r;
	int __i;

	for (__i = 0; __i < 16; __i++)
		__r[__i] = (__b[__i] & 0x80) ? 0 : __a[__b[__i] & 15];
	return __r;
}

/* AVX2: two 128-bit lanes, each shuffled within itself; a statement
 * expression, not a function: a 32-byte vector passed by value needs the
 * caller's AVX target */
#define __ksan_pshufb256(a, b) __extension__ ({				\
	__ksan_v32qi __ka = (a), __kb = (b), __kr;			\
	int __ki;							\
									\
	for (__ki = 0; __ki < 32; __ki++)				\
		__kr[__ki] = (__kb[__ki] & 0x80) ? 0 :			\
			     __ka[(__ki & 16) + (__kb[__ki] & 15)];	\
	__kr; })

#define __builtin_ia32_pshufb128(a, b) __ksan_pshufb128((a), (b))
#define __builtin_ia32_pshufb256(a, b) __ksan_pshufb256((a), (b))

#endif
#endif
