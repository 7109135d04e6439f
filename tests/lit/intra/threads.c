// Four threads arm, disarm, window and free their own objects at once (heap objects by the thousand, so the registry grows while they run, and stack objects with KSAN_INTRA_SCOPED): every object's gaps are poisoned exactly while it is armed and its window is closed, and afterwards a report still names the right struct and field; the registry's lock keeps it whole.  "check" runs it in five fresh processes (the registry grows once per process): without the lock about half of them crash in the registry or find objects not as armed.
// RUN: %ksan_cc -O1 -g -pthread %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t check 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t report 2>&1 | FileCheck %s
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

#define NTHREADS 4
#define NOBJ 3000
#define ROUNDS 3

struct work {
	pthread_t thread;
	struct packet *obj[NOBJ];
	int bad;		/* objects whose gaps were not as expected */
};
static struct work work[NTHREADS];

/* rz0's first byte and rz1's last are poisoned, data's last byte is not */
static int armed(const struct packet *p)
{
	const char *b = (const char *)p;

	if (ksan_address_is_poisoned(b + 13))
		return -1;
	return ksan_address_is_poisoned(b + 16) && ksan_address_is_poisoned(b + 47) ? 1 :
	       !ksan_address_is_poisoned(b + 16) && !ksan_address_is_poisoned(b + 47) ? 0 : -1;
}

static void *worker(void *arg)
{
	struct work *w = arg;
	int r, i;

	for (r = 0; r < ROUNDS; r++) {
		for (i = 0; i < NOBJ; i++) {
			struct packet s KSAN_INTRA_SCOPED;

			KSAN_INTRA_ARM(&s, &packet_type);
			w->bad += armed(&s) != 1;
			w->obj[i] = calloc(1, sizeof(struct packet));
			KSAN_INTRA_ARM(w->obj[i], &packet_type);
		}
		for (i = 0; i < NOBJ; i += 2)
			KSAN_INTRA_DISARM(w->obj[i]);
		for (i = 1; i < NOBJ; i += 4)
			KSAN_INTRA_WINDOW(w->obj[i])
				w->bad += armed(w->obj[i]) != 0;
		for (i = 0; i < NOBJ; i++)
			w->bad += armed(w->obj[i]) != (i & 1);
		if (r + 1 < ROUNDS)
			for (i = 0; i < NOBJ; i++)
				free(w->obj[i]);
	}
	return 0;
}

static int run(const char *mode)
{
	int t, bad = 0;

	for (t = 0; t < NTHREADS; t++)
		pthread_create(&work[t].thread, 0, worker, &work[t]);
	for (t = 0; t < NTHREADS; t++) {
		pthread_join(work[t].thread, 0);
		bad += work[t].bad;
	}
	printf("%d objects not as armed\n", bad);
	if (!strcmp(mode, "report"))
		fill(work[2].obj[NOBJ - 1]->data, 0, 15, 'x');	/* one byte past data */
	for (t = 0; t < NTHREADS; t++)
		for (int i = 0; i < NOBJ; i++)
			free(work[t].obj[i]);
	return bad != 0;
}

int main(int argc, char **argv)
{
	int i, status;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (strcmp(argv[1], "check"))
		return run(argv[1]);
	for (i = 0; i < 5; i++) {
		pid_t pid = fork();

		if (!pid)
			_exit(run(argv[1]));
		waitpid(pid, &status, 0);
		printf("run %d: %s %d\n", i, WIFEXITED(status) ? "exit" : "signal",
		       WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	}
	return 0;
}

// OK: {{^}}0 objects not as armed{{$}}
// OK-NEXT: {{^}}run 0: exit 0{{$}}
// OK-NEXT: {{^}}0 objects not as armed{{$}}
// OK-NEXT: {{^}}run 1: exit 0{{$}}
// OK-NEXT: {{^}}0 objects not as armed{{$}}
// OK-NEXT: {{^}}run 2: exit 0{{$}}
// OK-NEXT: {{^}}0 objects not as armed{{$}}
// OK-NEXT: {{^}}run 3: exit 0{{$}}
// OK-NEXT: {{^}}0 objects not as armed{{$}}
// OK-NEXT: {{^}}run 4: exit 0{{$}}
// OK-NEXT: STATUS: exit 0{{$}}

// CHECK: {{^}}0 objects not as armed{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+
// CHECK: {{^}}The buggy address is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK: STATUS: exit 1{{$}}
