/* Helpers of the KFENCE tests: with kfence_sample_every=1 every malloc is
 * a KFENCE object, placed at the left or the right edge of its page. */
#include <stdint.h>
#include <stdlib.h>

/* A size-byte object at the right (right=1) or left edge of its page. */
static inline char *kfence_object(size_t size, int right)
{
	for (int i = 0; i < 16; i++) {
		char *p = malloc(size);
		uintptr_t a = (uintptr_t)p;

		if (right ? (a + size) % 4096 == 0 : a % 4096 == 0)
			return p;
		/* the other edge: leave it allocated, the pool has room */
	}
	abort();
}
