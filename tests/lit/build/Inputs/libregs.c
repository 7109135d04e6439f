/* The C half of the register test (regs.S): calls the check twice and says which registers did not survive. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void regs_call(void *addr, uint64_t *gpr, void *vec, int avx);

int checked = 42;

static const char *const gpr_name[12] = {
	"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r12", "r13", "r14", "r15",
};
static const uint64_t gpr_want[12] = {
	0x1111111111111111, 0x2222222222222222, 0x3333333333333333, 0x4444444444444444,
	0x5555555555555555, 0, 0x8888888888888888, 0x9999999999999999,
	0xcccccccccccccccc, 0xdddddddddddddddd, 0xeeeeeeeeeeeeeeee, 0xffffffffffffffff,
};

/* Returns the number of registers that changed across the calls. */
int api_regs(void)
{
	int avx = __builtin_cpu_supports("avx"), bad = 0;
	unsigned width = avx ? 32 : 16;

	for (int call = 1; call <= 2; call++) {
		uint64_t gpr[12];
		unsigned char vec[16][32];

		memset(vec, 0, sizeof(vec));
		regs_call(&checked, gpr, vec, avx);
		for (int i = 0; i < 12; i++) {
			uint64_t want = i == 5 ? (uint64_t)(uintptr_t)&checked : gpr_want[i];

			if (gpr[i] != want) {
				printf("call %d: %s changed\n", call, gpr_name[i]);
				bad++;
			}
		}
		for (int i = 0; i < 16; i++)
			for (unsigned b = 0; b < width; b++)
				if (vec[i][b] != i + 1) {
					printf("call %d: %cmm%d byte %u changed\n", call,
					       avx ? 'y' : 'x', i, b);
					bad++;
					break;
				}
	}
	printf("registers checked: %s\n", avx ? "general, ymm" : "general, xmm");
	return bad;
}
