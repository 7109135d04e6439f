// fork() while another thread arms and disarms objects: the registry's lock is in the fork protocol, so no child inherits it held; each child arms, windows and disarms objects of its own (and reports an overflow into a gap in the last one).  A child stuck on the lock is ended by its alarm and counted.
// RUN: %ksan_cc -O1 -g -pthread %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "Inputs/packet.h"

#define NFORKS 40

static volatile int stop;

static void *churn(void *arg)
{
	while (!stop) {
		struct packet *p = calloc(1, sizeof(*p));

		KSAN_INTRA_ARM(p, &packet_type);
		KSAN_INTRA_WINDOW(p)
			p->len++;
		KSAN_INTRA_DISARM(p);
		free(p);
	}
	return arg;
}

int main(void)
{
	pthread_t t;
	int i, ok = 0, status;

	setvbuf(stdout, NULL, _IONBF, 0);
	pthread_create(&t, 0, churn, 0);
	for (i = 0; i < NFORKS; i++) {
		pid_t pid = fork();

		if (!pid) {
			struct packet *p;

			alarm(10);	/* stuck on a lock copied held: ends by SIGALRM */
			p = calloc(1, sizeof(*p));

			KSAN_INTRA_ARM(p, &packet_type);
			KSAN_INTRA_WINDOW(p)
				memset(p, 0, sizeof(*p));
			if (i == NFORKS - 1)
				fill(p->data, 0, 15, 'c');	/* reported */
			KSAN_INTRA_DISARM(p);
			free(p);
			_exit(0);
		}
		waitpid(pid, &status, 0);
		ok += WIFEXITED(status) && WEXITSTATUS(status) == (i == NFORKS - 1);
		usleep(1000);
	}
	stop = 1;
	pthread_join(t, 0);
	printf("%d of %d children as expected\n", ok, NFORKS);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+
// CHECK: {{^}}The buggy address is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK: {{^}}40 of 40 children as expected{{$}}
// CHECK-NEXT: STATUS: exit 0{{$}}
