// The x86 byte shuffle (_mm_shuffle_epi8, _mm256_shuffle_epi8) moves shadow as it moves bytes (include/ksan/kmsan_simd.h, which ksan-cc includes): xz's CLMUL CRC pattern, an aligned 16-byte load reaching past the bytes written and a shuffle that drops the extra bytes before pclmulqdq, is silent over fully written input (issue 25: uninit-value in lzma_crc64/lzma_crc32; clang 14's rule ORs both operands' shadows lane by lane), and computes what the instruction computes (the same output as a build without KMSAN).  A byte the shuffle keeps that is uninitialised is reported, in the lane it moved to, and so is an uninitialised control byte.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: clang -O2 %s -o %t.native
// RUN: %t.native tail > %t.want
// RUN: %t tail 2>&1 | diff - %t.want
// RUN: %t0 tail 2>&1 | diff - %t.want
// RUN: bash %S/../Inputs/status.sh %t kept 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: bash %S/../Inputs/status.sh %t0 kept 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: bash %S/../Inputs/status.sh %t control 2>&1 | FileCheck %s --check-prefix=CONTROL
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define CHECK(p, n) __msan_check_mem_is_initialized((p), (n))
#endif
#endif
#ifndef CHECK
#define CHECK(p, n) ((void)0)
#endif

/* xz's MASK_L on the last aligned block, then one CLMUL fold */
__attribute__((noinline, target("ssse3,sse4.1,pclmul")))
static uint64_t tail_fold(const uint8_t *buf, size_t size)
{
	const __m128i vramp = _mm_setr_epi32(0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c);
	size_t skip_end = (size_t)((0U - (uintptr_t)(buf + size)) & 15);
	const __m128i *last = (const __m128i *)((uintptr_t)(buf + size - 1) & ~(uintptr_t)15);
	__m128i mask_end = _mm_sub_epi8(vramp, _mm_set1_epi8((char)skip_end));
	__m128i v = _mm_shuffle_epi8(_mm_load_si128(last), mask_end);
	__m128i k = _mm_set_epi64x(0x1f7011641, 0x1db710641);
	__m128i r = _mm_xor_si128(_mm_clmulepi64_si128(v, k, 0x00),
				  _mm_clmulepi64_si128(v, k, 0x11));

	return (uint64_t)_mm_cvtsi128_si64(r) ^ (uint64_t)_mm_extract_epi64(r, 1);
}

/* the AVX2 form: each 128-bit half shuffled within itself */
__attribute__((noinline, target("avx2")))
static uint64_t wide(const uint8_t *buf, const uint8_t *ctl)
{
	__m256i v = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)buf),
					_mm256_loadu_si256((const __m256i *)ctl));
	uint64_t out[4];

	_mm256_storeu_si256((__m256i *)out, v);
	return out[0] ^ out[1] * 3 ^ out[2] * 5 ^ out[3] * 7;
}

__attribute__((noinline, target("ssse3")))
static uint64_t narrow(const uint8_t *buf, const uint8_t *ctl)
{
	return (uint64_t)_mm_cvtsi128_si64(_mm_shuffle_epi8(
		_mm_loadu_si128((const __m128i *)buf), _mm_loadu_si128((const __m128i *)ctl)));
}

int main(int argc, char **argv)
{
	uint8_t *buf = aligned_alloc(16, 32), ctl[32];
	uint64_t crc;
	int i;

	for (i = 0; i < 21; i++)	/* bytes 21..31: never written */
		buf[i] = (uint8_t)(i * 37 + 1);
	if (!strcmp(argv[1], "tail")) {
		crc = tail_fold(buf, 21);
		CHECK(&crc, sizeof(crc));
		printf("crc %016llx\n", (unsigned long long)crc);
		for (i = 0; i < 32; i++)	/* keep bytes 0..20, zero the rest */
			ctl[i] = (uint8_t)(i < 16 ? i : i < 21 ? i - 16 : 0x80);
		if (__builtin_cpu_supports("avx2")) {
			crc = wide(buf, ctl);
			CHECK(&crc, sizeof(crc));
			printf("wide %016llx\n", (unsigned long long)crc);
		}
		return 0;
	}
	if (!strcmp(argv[1], "kept")) {
		buf[19] = ((volatile uint8_t *)buf)[25];	/* a byte the shuffle keeps: uninitialised */
		crc = tail_fold(buf, 21);
		CHECK(&crc, sizeof(crc));
		return 0;
	}
	memset(ctl, 1, sizeof(ctl));
	ctl[3] = ((volatile uint8_t *)buf)[30];	/* an uninitialised control byte */
	crc = narrow(buf, ctl);
	printf("%d\n", crc == 7);
	return 0;
}

// KEPT: {{^}}BUG: KMSAN: uninit-value in __msan_check_mem_is_initialized{{$}}
// KEPT: {{^}}Uninit was {{(stored to memory|created)}} at:
// KEPT: STATUS: exit 1

// CONTROL: {{^}}BUG: KMSAN: uninit-value in narrow
// CONTROL: STATUS: exit 1
