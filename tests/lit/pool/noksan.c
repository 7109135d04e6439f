// Every KSAN_POOL_* macro builds without warnings (-Wall -Wextra -Werror) and runs the same with ksan-cc and with the plain compiler (no ksan: no-ops, no pool, every free recycles at once); the release function is not called without ksan, and the allocator's free list is whole in both builds.  At -O3 too, whose interprocedural passes (GCC's IPA-SRA at -O2, Clang's argument promotion at -O3) would move a free node's link load out of its unchecked helper into the checked caller but for the volatile access ksan.h advises (with a plain access, gcc -O3 reports slab-use-after-free in main).
// RUN: %ksan_cc -O1 -Wall -Wextra -Werror %s -o %t
// RUN: env KSAN_OPTIONS=pool_quarantine_size=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,KSAN --implicit-check-not=KASAN
// RUN: %ksan_cc -O3 -Wall -Wextra -Werror %s -o %t.O3
// RUN: env KSAN_OPTIONS=pool_quarantine_size=0 bash %S/../Inputs/status.sh %run %t.O3 2>&1 | FileCheck %s --check-prefixes=CHECK,KSAN --implicit-check-not=KASAN
// RUN: %cc -O1 -Wall -Wextra -Werror -I%root/include %s -o %t.plain
// RUN: bash %S/../Inputs/status.sh %run %t.plain 2>&1 | FileCheck %s --check-prefixes=CHECK,PLAIN
#include <stdio.h>
#include <stdlib.h>
#include <ksan/ksan.h>

struct node {
	struct node *next;
	char data[24];
};

static struct node *free_list;
static int released;

__attribute__((no_sanitize_address, noinline)) static void push(struct node *n)
{
	*(struct node *volatile *)&n->next = free_list;
	free_list = n;
}

/* a free node's link, read unchecked */
__attribute__((no_sanitize_address, noinline)) static struct node *next_of(struct node *n)
{
	return *(struct node *volatile *)&n->next;
}

static void release(void *obj, void *arg)
{
	(void)arg;
	released++;
	push(obj);
}

int main(void)
{
	static struct node nodes[8];
	struct ksan_pool *pool = KSAN_POOL_CREATE("node_pool", sizeof(struct node), release, NULL);
	struct node *n;
	int i, count = 0;

	KSAN_POOL_ADD_MEMORY(pool, nodes, sizeof(nodes));
	for (i = 0; i < 8; i++)
		push(&nodes[i]);
	for (i = 0; i < 8; i++) {
		n = free_list;
		KSAN_POOL_ALLOC(pool, n, sizeof(*n));
		free_list = n->next;
		n->data[0] = (char)i;
		if (KSAN_POOL_FREE(pool, n))
			push(n);
	}
	for (n = free_list; n; n = next_of(n))	/* free nodes: poisoned */
		count++;
	KSAN_POOL_DESTROY(pool);
	printf("free %d, released %d\n", count, released);
	return 0;
}

// KSAN: {{^}}free 8, released 8{{$}}
// PLAIN: {{^}}free 8, released 0{{$}}
// CHECK-NEXT: STATUS: exit 0{{$}}
