/*
 * Tests of clang's register-passing outline checks
 * (__asan_check_{load,store}_add_{1,2,4,8,16}_<REG>, src/kasan/abi_clang_x86_64.S):
 * each of the 130 is called through thunk_call() with every register set to
 * a known value and the address in its register, and must
 *  - keep every register but %r10 and %r11, vector registers included,
 *    on the fast path, on the slow path and when it reports;
 *  - stay silent for valid accesses: aligned, ending exactly at the end of
 *    an object with a partial last granule, unaligned across granules;
 *  - report an access one byte past the object, a freed object and an
 *    address near NULL, with the right size, direction and pc.
 * Prints "PASS|FAIL: thunks/<name>[: why]" per thunk.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

void thunk_call(void (*fn)(void), uint64_t *in, uint64_t *out);
extern char thunk_call_ret[];

#define OBJ_SIZE 37	/* 4 whole granules, then 5 valid bytes */

struct thunk {
	const char *name;
	void (*fn)(void);
	int write;
	unsigned size;
	unsigned reg;	/* index in thunk_call's register array */
};

#define T1(op, w, size, REG, idx)					\
	extern void __asan_check_##op##_add_##size##_##REG(void);
#define SIZES(X, op, w, REG, idx)					\
	X(op, w, 1, REG, idx) X(op, w, 2, REG, idx) X(op, w, 4, REG, idx) \
	X(op, w, 8, REG, idx) X(op, w, 16, REG, idx)
#define REGS(X, op, w)							\
	SIZES(X, op, w, RAX, 0) SIZES(X, op, w, RBX, 1)			\
	SIZES(X, op, w, RCX, 2) SIZES(X, op, w, RDX, 3)			\
	SIZES(X, op, w, RSI, 4) SIZES(X, op, w, RDI, 5)			\
	SIZES(X, op, w, RBP, 6) SIZES(X, op, w, R8, 7)			\
	SIZES(X, op, w, R9, 8) SIZES(X, op, w, R12, 11)			\
	SIZES(X, op, w, R13, 12) SIZES(X, op, w, R14, 13)		\
	SIZES(X, op, w, R15, 14)
REGS(T1, load, 0)
REGS(T1, store, 1)
#define T2(op, w, size, REG, idx)					\
	{ #op "_add_" #size "_" #REG, __asan_check_##op##_add_##size##_##REG, w, size, idx },
static const struct thunk thunks[] = {
	REGS(T2, load, 0)
	REGS(T2, store, 1)
};

static struct ksan_report last;
static char last_type[64];
static int nreports;

static int record(const struct ksan_report *r, void *arg)
{
	(void)arg;
	last = *r;
	snprintf(last_type, sizeof(last_type), "%s", r->bug_type);
	nreports++;
	/* C code may use every vector register: the thunk must restore them */
	__asm__ volatile("pcmpeqd %%xmm0, %%xmm0; pcmpeqd %%xmm1, %%xmm1; pcmpeqd %%xmm2, %%xmm2;"
			 "pcmpeqd %%xmm3, %%xmm3; pcmpeqd %%xmm4, %%xmm4; pcmpeqd %%xmm5, %%xmm5;"
			 "pcmpeqd %%xmm6, %%xmm6; pcmpeqd %%xmm7, %%xmm7; pcmpeqd %%xmm8, %%xmm8;"
			 "pcmpeqd %%xmm9, %%xmm9; pcmpeqd %%xmm10, %%xmm10; pcmpeqd %%xmm11, %%xmm11;"
			 "pcmpeqd %%xmm12, %%xmm12; pcmpeqd %%xmm13, %%xmm13; pcmpeqd %%xmm14, %%xmm14;"
			 "pcmpeqd %%xmm15, %%xmm15"
			 ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
			 "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
	return 1;
}

static char why[256];

#define NREGS 48	/* 16 general (one unused) + 16 x 2 words of xmm */

/* Call t with addr; 0 and a reason in why if registers changed. */
static int call(const struct thunk *t, uintptr_t addr)
{
	uint64_t in[NREGS], out[NREGS];
	unsigned i;

	for (i = 0; i < NREGS; i++)
		in[i] = 0x5a5a000000000000ull + i * 0x0101010101ull + t->size;
	in[t->reg] = addr;
	memset(out, 0, sizeof(out));
	thunk_call(t->fn, in, out);
	for (i = 0; i < NREGS; i++) {
		if (i == 9 || i == 10 || i == 15)	/* r10, r11: clobbered; pad */
			continue;
		if (out[i] != in[i]) {
			snprintf(why, sizeof(why), "register slot %u changed: %#llx -> %#llx",
				 i, (unsigned long long)in[i], (unsigned long long)out[i]);
			return 0;
		}
	}
	return 1;
}

static int silent(const struct thunk *t, uintptr_t addr, const char *what)
{
	int before = nreports;

	if (!call(t, addr))
		return 0;
	if (nreports != before) {
		snprintf(why, sizeof(why), "%s: unexpected %s report", what, last_type);
		return 0;
	}
	return 1;
}

static int reports(const struct thunk *t, uintptr_t addr, const char *type,
		   const char *what)
{
	int before = nreports;

	if (!call(t, addr))
		return 0;
	if (nreports != before + 1) {
		snprintf(why, sizeof(why), "%s: %d reports, expected 1", what, nreports - before);
		return 0;
	}
	if (strcmp(last_type, type) || last.size != t->size ||
	    last.access != (t->write ? KSAN_WRITE : KSAN_READ) ||
	    last.pc != (uintptr_t)thunk_call_ret) {
		snprintf(why, sizeof(why),
			 "%s: got %s size %zu access %d pc %#lx, expected %s size %u access %d pc %#lx",
			 what, last_type, last.size, (int)last.access, (unsigned long)last.pc,
			 type, t->size, t->write, (unsigned long)(uintptr_t)thunk_call_ret);
		return 0;
	}
	return 1;
}

int main(void)
{
	unsigned i, n = sizeof(thunks) / sizeof(thunks[0]), failed = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("PLAN: %u\n", n);	/* one result per thunk */
	ksan_set_report_callback(record, NULL);
	for (i = 0; i < n; i++) {
		const struct thunk *t = &thunks[i];
		char *obj = malloc(OBJ_SIZE);
		uintptr_t o = (uintptr_t)obj, end = o + OBJ_SIZE;
		int ok;

		why[0] = 0;
		ok = silent(t, o, "aligned start") &&
		     silent(t, end - t->size, "last bytes") &&
		     silent(t, o + 3, "unaligned") &&
		     reports(t, end - t->size + 1, "slab-out-of-bounds", "one byte past the end") &&
		     (t->size != 16 || reports(t, o + 24, "slab-out-of-bounds", "aligned, past the end"));
		free(obj);
		ok = ok && reports(t, o, "slab-use-after-free", "freed") &&
		     reports(t, 8, "null-ptr-deref", "near NULL");
		if (ok && (unsigned)n != 130) {
			snprintf(why, sizeof(why), "%u thunks, expected 130", n);
			ok = 0;
		}
		printf("%s: thunks/%s%s%s\n", ok ? "PASS" : "FAIL", t->name, ok ? "" : ": ", why);
		failed += !ok;
	}
	return failed != 0;
}
