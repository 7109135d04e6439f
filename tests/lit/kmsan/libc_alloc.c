// Memory the uninstrumented C library allocates and fills for the program is initialised: canonicalize_file_name's and get_current_dir_name's strings, getaddrinfo's list, open_memstream's buffer (all malloc'ed inside libc and written by plain stores KMSAN cannot see; scandir's *namelist and glob's glob_t are out-parameters, another gap).  The program's own uninitialised malloc is still reported.  Dynamic executables, -O0 and -O2; static, -O2 (libc.a's code found through ksan-cc's linker script).
// malloc.c marks an allocation initialised when malloc's caller lies in the
// C library or the loader (kmsan/libc.c finds their code at start-up: libc.so's
// mapping, or in a static executable the range ksan-cc's linker script marks).
// RUN: mkdir -p %t.dir
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 own 2>&1 | FileCheck %s --check-prefix=OWN
// RUN: bash %S/../Inputs/status.sh %t2 own 2>&1 | FileCheck %s --check-prefix=OWN
// RUN: bash -c 'for m in canonicalize_file_name get_current_dir_name getaddrinfo open_memstream; do bash %S/../Inputs/status.sh %t0 $m %t.dir; done' 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash -c 'for m in canonicalize_file_name get_current_dir_name getaddrinfo open_memstream; do bash %S/../Inputs/status.sh %t2 $m %t.dir; done' 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: bash %S/../Inputs/status.sh %ts own 2>&1 | FileCheck %s --check-prefix=OWN
// RUN: bash -c 'for m in canonicalize_file_name get_current_dir_name getaddrinfo open_memstream; do bash %S/../Inputs/status.sh %ts $m %t.dir; done' 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#define _GNU_SOURCE
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static volatile size_t odd_bytes;

/* every byte of [p, p+n) is used in a branch */
__attribute__((noinline)) static size_t use_all(const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i, odd = 0;

	for (i = 0; i < n; i++)
		if (b[i] == 0x5a)
			odd_bytes++;	/* volatile: a branch per byte, at -O2 too */
	odd = odd_bytes;
	return odd;
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "", *dir = argc > 2 ? argv[2] : ".";
	size_t odd = 0;

	if (!strcmp(m, "own")) {
		char *volatile p = malloc(16);	/* kept: -O2 folds a fresh block's loads */

		odd = use_all(p, 16);	/* L:own */
	} else if (!strcmp(m, "canonicalize_file_name")) {
		char *c = canonicalize_file_name(dir);	/* libc's realpath, its malloc */

		odd += use_all(c, strlen(c) + 1);
		printf("canonical %d\n", c[0] == '/');
	} else if (!strcmp(m, "get_current_dir_name")) {
		char *c = get_current_dir_name();	/* libc's strdup */

		odd += use_all(c, strlen(c) + 1);
		printf("cwd %d\n", c[0] == '/');
	} else if (!strcmp(m, "getaddrinfo")) {
		struct addrinfo hints, *res = 0;

		memset(&hints, 0, sizeof(hints));
		hints.ai_flags = AI_NUMERICHOST;
		hints.ai_family = AF_INET;
		hints.ai_socktype = SOCK_STREAM;
		if (getaddrinfo("127.0.0.1", "80", &hints, &res) == 0) {
			odd += use_all(&res->ai_family, sizeof(res->ai_family));
			odd += use_all(res->ai_addr, res->ai_addrlen);
		}
		printf("family %d\n", res ? res->ai_family : -1);
	} else if (!strcmp(m, "open_memstream")) {
		char *buf = 0;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		fputs("hello", f);
		fclose(f);
		odd += use_all(buf, len + 1);
		printf("len %zu\n", len);
	}
	printf("ok %s%s\n", m, odd == (size_t)-1 ? "!" : "");
	return 0;
}
// OWN: {{^}}BUG: KMSAN: uninit-value in use_all
// OWN: {{^}}Uninit was created at:
// OWN-NEXT: {{^}} malloc{{$}}
// OWN-NEXT: {{^}} main+0x{{.*}}libc_alloc.c:
// OWN: STATUS: exit 1
// OK: {{^}}canonical 1{{$}}
// OK-NEXT: {{^}}ok canonicalize_file_name{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}cwd 1{{$}}
// OK-NEXT: {{^}}ok get_current_dir_name{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}family 2{{$}}
// OK-NEXT: {{^}}ok getaddrinfo{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}len 5{{$}}
// OK-NEXT: {{^}}ok open_memstream{{$}}
// OK-NEXT: STATUS: exit 0
