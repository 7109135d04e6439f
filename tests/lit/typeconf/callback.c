// A callback given the wrong struct: a void * argument registered with one handler reaches another, whose KSAN_CAST checks it (reported with both types), and KSAN_CHECK_TYPE on a pointer into the middle of the right type (reported: not at the object's start).  Silent twins: the right argument; an array typed by its element, checked at an element; a pointer into no heap object (a local).
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t wrong 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t middle 2>&1 | FileCheck %s --check-prefix=MIDDLE
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t wrong 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t right 2>&1 | FileCheck %s --check-prefix=RIGHT --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

struct session {
	int id;
	char user[28];
};

struct request {
	char path[24];
	int session_id;
	int flags;
};

typedef void (*handler_fn)(void *arg);

__attribute__((noinline)) static void on_login(void *arg)
{
	struct session *s = KSAN_CAST(struct session, arg);

	printf("login %d\n", s->id);
}

__attribute__((noinline)) static void on_request(void *arg)
{
	struct request *r = KSAN_CAST(struct request, arg);

	printf("request %s\n", r->path);
}

int main(int argc, char **argv)
{
	struct session *s = KSAN_NEW(struct session);
	struct request *r = KSAN_NEW(struct request);
	handler_fn h[2] = { on_login, on_request };

	setvbuf(stdout, NULL, _IONBF, 0);
	s->id = 42;
	strcpy(r->path, "/index");
	if (!strcmp(argv[1], "wrong")) {
		h[0](r);	/* the request given to the login handler */
	} else if (!strcmp(argv[1], "middle")) {
		KSAN_CHECK_TYPE(&s->user[4], struct session);
	} else {
		struct request *many = malloc(4 * sizeof(*many));
		struct session local = { 7, "x" };

		KSAN_SET_TYPE(many, struct request);	/* an array typed by its element */
		strcpy(many[2].path, "/third");
		h[0](s);
		h[1](r);
		h[1](&many[2]);
		h[0](&local);
		free(many);
	}
	free(s);
	free(r);
	return 0;
}
// CHECK: {{^}}WARNING: {{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} at {{[^ ]*}}callback.c:27 on_login+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}KASAN: type-confusion in on_login+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CHECK-NEXT: Use of a struct request at addr {{[0-9a-f]+}} as a struct session by task
// CHECK: Allocated by task
// CHECK-NEXT: malloc
// CHECK-NEXT: main+
// CHECK: The object holds a struct request (32 bytes) at offset 0;
// CHECK-NEXT: it was used as a struct session (32 bytes) at offset 0 of the object
// CHECK: STATUS: exit 1
// MIDDLE: KASAN: type-confusion in main
// MIDDLE: The object holds a struct session (32 bytes) at offset 0;
// MIDDLE-NEXT: it was used as a struct session (32 bytes) at offset 8 of the object
// JSON: report type=type-confusion asan_type=type-confusion access=read size=0 top=ksan_check_type object=allocated/32 cache=kmalloc-32/32 inside 0 addr_ok=1 alloc0=malloc
// RIGHT: login 42
// RIGHT: request /index
// RIGHT: request /third
// RIGHT: login 7
// RIGHT: STATUS: exit 0
