// Every KSAN_INTRA_* macro builds without warnings (-Wall -Wextra -Werror) and runs the same with ksan-cc and with the plain compiler (no ksan: no-ops, zero-size red zones); a break inside KSAN_INTRA_WINDOW leaves the window's block in both builds (the one-pass loop), never the loop around it.
// RUN: %ksan_cc -O1 -Wall -Wextra -Werror %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,KSAN --implicit-check-not=KASAN
// RUN: %cc -O1 -Wall -Wextra -Werror -I%root/include %s -o %t.plain
// RUN: bash %S/../Inputs/status.sh %run %t.plain 2>&1 | FileCheck %s --check-prefixes=CHECK,PLAIN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

struct conn {
	char name[12];
	KSAN_INTRA_REDZONE(guard, 8);
	int fd;
	char buf[32];
	KSAN_INTRA_REDZONE(tail, 24);
	long stamp;
};
KSAN_INTRA_TYPE(conn_type, struct conn,
		KSAN_INTRA_GAP(struct conn, name, guard),
		KSAN_INTRA_GAP(struct conn, buf, tail));

static int touch(struct conn *c)
{
	struct conn copy KSAN_INTRA_SCOPED;
	int i, passes = 0;

	KSAN_INTRA_ARM(&copy, &conn_type);
	KSAN_INTRA_WINDOW(&copy) KSAN_INTRA_WINDOW(c)
		copy = *c;
	for (i = 0; i < 3; i++) {
		KSAN_INTRA_WINDOW(c) KSAN_INTRA_WINDOW(&copy) {
			memcpy(&copy, c, sizeof(copy));
			if (i >= 0)
				break;	/* leaves the window, not the loop */
		}
		passes++;
	}
	return copy.fd + passes;
}

int main(void)
{
	struct conn *c = calloc(1, sizeof(*c));

	KSAN_INTRA_ARM(c, &conn_type);
	strcpy(c->name, "eleven char");
	c->fd = 4;
	printf("fd+passes %d\n", touch(c));
	KSAN_INTRA_DISARM(c);
	memset(c, 0, sizeof(*c));	/* all addressable again */
	printf("sizeof %zu\n", sizeof(struct conn));
	free(c);
	return 0;
}

// CHECK: {{^}}fd+passes 7{{$}}
// KSAN-NEXT: {{^}}sizeof 96{{$}}
// PLAIN-NEXT: {{^}}sizeof 56{{$}}
// CHECK-NEXT: STATUS: exit 0{{$}}
