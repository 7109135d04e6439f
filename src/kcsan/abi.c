/*
 * This file contains the compiler ABI of -fsanitize=thread as KCSAN uses it
 * (the kernel's flag set: no function entry/exit, volatile distinguished,
 * clang's compound read-before-write): every __tsan_* entry point GCC 12
 * and clang 14 emit for C.  Every name here is compiler ABI, don't change.
 * Checked against nm of both compilers' objects (reference/compiler-abi.md
 * section 5); clang also emits __tsan_unaligned_volatile_* for packed
 * volatile members.
 *
 * Each entry point is kcsan_check (kcsan.h's inlined fast path) with its
 * access type a constant, except the volatile ones: marked when the access
 * is aligned and at most 8 bytes (the kernel's rule), else plain.  Atomics
 * do the real operation, sequentially consistent whatever order is asked
 * (stronger is always correct), and are marked accesses: they only look
 * for watchpoints.
 */
#include "kcsan.h"

#define ABI __attribute__((visibility("default"), used))
#define RA ((uintptr_t)__builtin_return_address(0))
#define FP ((uintptr_t)__builtin_frame_address(0))

/*
 * kcsan_check with its common case first: no live watchpoint and the
 * countdown not run out (a plain access) is a load, a test, a decrement in
 * place and a return; everything else is one tail call into kcsan_check
 * proper, which decides again.  (kcsan_check inlined here directly keeps
 * the access's address, return address and frame live across its first
 * call: registers saved and restored on every access.)
 */
static __attribute__((noinline)) void check_out(uintptr_t p, size_t n, int type,
						uintptr_t ip, uintptr_t fp)
{
	kcsan_check(p, n, type, ip, fp);
}

#define CHECK(p, n, type) do {						\
	struct kcsan_ctx *ctx_;						\
									\
	if (unlikely(kcsan_maybe_watched((uintptr_t)(p), (n)))) {	\
		check_out((uintptr_t)(p), (n), (type), RA, FP);		\
		break;							\
	}								\
	if ((type) & KCSAN_ACCESS_ATOMIC)				\
		break;							\
	ctx_ = kcsan_ctx();						\
	if (likely(ctx_->skip > 0))					\
		ctx_->skip--;						\
	else								\
		check_out((uintptr_t)(p), (n), (type), RA, FP);		\
} while (0)

#define R KCSAN_ACCESS_READ
#define W KCSAN_ACCESS_WRITE
#define RW (KCSAN_ACCESS_WRITE | KCSAN_ACCESS_COMPOUND)
#define AT KCSAN_ACCESS_ATOMIC

/* ---- plain accesses ---------------------------------------------------- */

/* PLAIN and VOLATILE make __tsan_<name><n>, SIZES_* list the sizes:
 * __tsan_read1..16, __tsan_write1..16, __tsan_read_write1..16,
 * __tsan_unaligned_read2..16, __tsan_unaligned_write2..16,
 * __tsan_unaligned_read_write2..16, __tsan_volatile_read1..16,
 * __tsan_volatile_write1..16, __tsan_unaligned_volatile_read2..16,
 * __tsan_unaligned_volatile_write2..16 (e.g. __tsan_read4). */
#define PLAIN(name, n, type)						\
ABI void __tsan_##name##n(void *p)					\
{									\
	CHECK(p, n, type);						\
}
/* volatile: marked if aligned and at most 8 bytes */
#define VOLATILE(name, n, type)						\
ABI void __tsan_##name##n(void *p)					\
{									\
	CHECK(p, n, (n <= 8 && !((uintptr_t)p & (n - 1))) ? (type) | AT : (type)); \
}

/* each entry point of one family for every size it has */
#define SIZES_1_16(F, name, type) \
	F(name, 1, type) F(name, 2, type) F(name, 4, type) F(name, 8, type) F(name, 16, type)
#define SIZES_2_16(F, name, type) \
	F(name, 2, type) F(name, 4, type) F(name, 8, type) F(name, 16, type)

SIZES_1_16(PLAIN, read, R)			/* __tsan_read1 .. 16 */
SIZES_1_16(PLAIN, write, W)			/* __tsan_write1 .. 16 */
SIZES_1_16(PLAIN, read_write, RW)		/* clang: x++ with compound-read-before-write */
SIZES_2_16(PLAIN, unaligned_read, R)
SIZES_2_16(PLAIN, unaligned_write, W)
SIZES_2_16(PLAIN, unaligned_read_write, RW)
SIZES_1_16(VOLATILE, volatile_read, R)
SIZES_1_16(VOLATILE, volatile_write, W)
SIZES_2_16(VOLATILE, unaligned_volatile_read, R)
SIZES_2_16(VOLATILE, unaligned_volatile_write, W)

/* GCC: packed members, struct copies; any length */
ABI void __tsan_read_range(void *p, size_t n)
{
	if (n)
		CHECK(p, n, R);
}

ABI void __tsan_write_range(void *p, size_t n)
{
	if (n)
		CHECK(p, n, W);
}

/* C++ vtable pointers: plain 8-byte accesses */
ABI void __tsan_vptr_read(void **p)
{
	CHECK(p, sizeof(*p), R);
}

ABI void __tsan_vptr_update(void **p, void *v)
{
	CHECK(p, sizeof(*p), W);
}

/* ---- atomics ------------------------------------------------------------ */

/*
 * Two back ends with one set of operation names: the compiler's __atomic
 * builtins for 1..8 bytes, a cmpxchg16b loop for 16 (GCC sends 16-byte
 * __atomic builtins to libatomic even with -mcx16; the runtime must not
 * need it).
 */
#define SEQ __ATOMIC_SEQ_CST
#define B_load(p) __atomic_load_n(p, SEQ)
#define B_store(p, v) __atomic_store_n(p, v, SEQ)
#define B_exchange(p, v) __atomic_exchange_n(p, v, SEQ)
#define B_fetch_add(p, v) __atomic_fetch_add(p, v, SEQ)
#define B_fetch_sub(p, v) __atomic_fetch_sub(p, v, SEQ)
#define B_fetch_and(p, v) __atomic_fetch_and(p, v, SEQ)
#define B_fetch_or(p, v) __atomic_fetch_or(p, v, SEQ)
#define B_fetch_xor(p, v) __atomic_fetch_xor(p, v, SEQ)
#define B_fetch_nand(p, v) __atomic_fetch_nand(p, v, SEQ)
#define B_cas(p, e, v) __atomic_compare_exchange_n(p, e, v, 0, SEQ, SEQ)

typedef unsigned __int128 u128;

#if defined(__x86_64__)
/* *p == *e ? (*p = v, 1) : (*e = *p, 0), atomically */
static inline int X_cas(volatile u128 *p, u128 *e, u128 v)
{
	uint64_t lo = (uint64_t)*e, hi = (uint64_t)(*e >> 64);
	unsigned char ok;

	__asm__ __volatile__("lock cmpxchg16b %1\n\tsete %0"
			     : "=q"(ok), "+m"(*p), "+a"(lo), "+d"(hi)
			     : "b"((uint64_t)v), "c"((uint64_t)(v >> 64))
			     : "memory", "cc");
	*e = ((u128)hi << 64) | lo;
	return ok;
}
#elif defined(__aarch64__)
/* The same with a load/store-exclusive pair loop: GCC makes a 16-byte
 * __atomic_compare_exchange_n a call into libatomic, which ksan does not
 * link.  A failed compare stores back what it loaded, so that the load was
 * single-copy atomic (a torn pair fails the store and is read again). */
static inline int X_cas(volatile u128 *p, u128 *e, u128 v)
{
	uint64_t elo = (uint64_t)*e, ehi = (uint64_t)(*e >> 64);
	uint64_t lo, hi;
	uint32_t st, ok;

	__asm__ __volatile__("1:	ldaxp	%[lo], %[hi], %[mem]\n"
			     "	cmp	%[lo], %[elo]\n"
			     "	ccmp	%[hi], %[ehi], #0, eq\n"
			     "	b.ne	2f\n"
			     "	stlxp	%w[st], %[vlo], %[vhi], %[mem]\n"
			     "	cbnz	%w[st], 1b\n"
			     "	mov	%w[ok], #1\n"
			     "	b	3f\n"
			     "2:	stlxp	%w[st], %[lo], %[hi], %[mem]\n"
			     "	cbnz	%w[st], 1b\n"
			     "	mov	%w[ok], #0\n"
			     "3:\n"
			     : [lo] "=&r"(lo), [hi] "=&r"(hi), [st] "=&r"(st), [ok] "=&r"(ok),
			       [mem] "+Q"(*p)
			     : [elo] "r"(elo), [ehi] "r"(ehi), [vlo] "r"((uint64_t)v),
			       [vhi] "r"((uint64_t)(v >> 64))
			     : "memory", "cc");
	*e = ((u128)hi << 64) | lo;
	return (int)ok;
}
#else
#define X_cas(p, e, v) B_cas(p, e, v)
#endif

/* read-modify-write as a compare-and-swap loop; returns the old value
 * (a failed cmpxchg16b loads the current one, so start from any guess) */
#define X_RMW(op, expr)							\
static inline u128 X_##op(volatile u128 *p, u128 v)			\
{									\
	u128 old = 0;							\
									\
	while (!X_cas(p, &old, (expr)))					\
		;							\
	return old;							\
}
X_RMW(exchange, v)
X_RMW(fetch_add, old + v)
X_RMW(fetch_sub, old - v)
X_RMW(fetch_and, old & v)
X_RMW(fetch_or, old | v)
X_RMW(fetch_xor, old ^ v)
X_RMW(fetch_nand, ~(old & v))

static inline u128 X_load(volatile u128 *p)
{
	u128 old = 0;

	X_cas(p, &old, old);	/* writes back what is there, or nothing */
	return old;
}

static inline void X_store(volatile u128 *p, u128 v)
{
	X_exchange(p, v);
}

/* One family: __tsan_atomic<bits>_*, T the value type, X the back end. */
/* Makes, for bits 8, 16, 32, 64, 128: __tsan_atomic<bits>_load, _store,
 * _compare_exchange_strong, _compare_exchange_weak, _compare_exchange_val, and
 * through ATOMIC_RMW _exchange, _fetch_add, _fetch_sub, _fetch_and, _fetch_or,
 * _fetch_xor, _fetch_nand (e.g. __tsan_atomic32_fetch_add). */
#define ATOMICS(bits, T, X)						\
ABI T __tsan_atomic##bits##_load(const volatile T *p, int mo)		\
{									\
	CHECK(p, sizeof(T), AT);					\
	return X##_load((volatile T *)p);				\
}									\
ABI void __tsan_atomic##bits##_store(volatile T *p, T v, int mo)	\
{									\
	CHECK(p, sizeof(T), AT | W);					\
	X##_store(p, v);						\
}									\
ATOMIC_RMW(bits, T, X, exchange)					\
ATOMIC_RMW(bits, T, X, fetch_add)					\
ATOMIC_RMW(bits, T, X, fetch_sub)					\
ATOMIC_RMW(bits, T, X, fetch_and)					\
ATOMIC_RMW(bits, T, X, fetch_or)					\
ATOMIC_RMW(bits, T, X, fetch_xor)					\
ATOMIC_RMW(bits, T, X, fetch_nand)					\
/* GCC's compare-exchange: 1 on success, else *e = the current value */ \
ABI int __tsan_atomic##bits##_compare_exchange_strong(volatile T *p, T *e, T v, \
						      int mo, int fmo)	\
{									\
	CHECK(p, sizeof(T), AT | RW);					\
	return X##_cas(p, e, v);					\
}									\
ABI int __tsan_atomic##bits##_compare_exchange_weak(volatile T *p, T *e, T v, \
						    int mo, int fmo)	\
{									\
	CHECK(p, sizeof(T), AT | RW);					\
	return X##_cas(p, e, v);					\
}									\
/* clang's (and __sync_val_compare_and_swap): returns the old value */	\
ABI T __tsan_atomic##bits##_compare_exchange_val(volatile T *p, T e, T v, \
						 int mo, int fmo)	\
{									\
	CHECK(p, sizeof(T), AT | RW);					\
	X##_cas(p, &e, v);						\
	return e;							\
}

#define ATOMIC_RMW(bits, T, X, op)					\
ABI T __tsan_atomic##bits##_##op(volatile T *p, T v, int mo)		\
{									\
	CHECK(p, sizeof(T), AT | RW);					\
	return X##_##op(p, v);						\
}

ATOMICS(8, uint8_t, B)
ATOMICS(16, uint16_t, B)
ATOMICS(32, uint32_t, B)
ATOMICS(64, uint64_t, B)
ATOMICS(128, u128, X)

ABI void __tsan_atomic_thread_fence(int mo)
{
	__atomic_thread_fence(SEQ);
}

ABI void __tsan_atomic_signal_fence(int mo)
{
	__atomic_signal_fence(SEQ);
}

/* ---- the rest: nothing to do -------------------------------------------- */

ABI void __tsan_init(void)
{
}

ABI void __tsan_func_entry(void *caller)
{
}

ABI void __tsan_func_exit(void)
{
}
