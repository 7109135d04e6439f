// KMSAN across an instrumented shared library (ksan-cc --ksan=kmsan -shared), linked and dlopen'ed: the library's __msan_* calls reach the executable's runtime, so both share the per-thread context state (a struct passed by value carries its shadow there: an uninitialised field branched on in the library is reported, an initialised one is silent; a struct returned by the library carries it back); the library's read and pipe reach KMSAN's C library model (silent) and its write is checked (infoleak).  Also with -Bsymbolic and --no-undefined (the library's calls bind to its own forwarders), and a kmsan library in a KASAN executable (or a KASAN one in a KMSAN executable, without an infoleak report on its own message) or in one without ksan says so.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -fPIC -shared -DLIB %s -o %t.dir/libkm.so
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -fPIC -shared -DLIB -Wl,-Bsymbolic -Wl,--no-undefined %s -o %t.dir/libkm-sym.so
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -DLINKED %s -o %t.dir/linked -L%t.dir -lkm -Wl,-rpath,%t.dir
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t.dir/dlopen -ldl
// RUN: bash %S/../Inputs/status.sh %t.dir/linked arg 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen arg %t.dir/libkm.so 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen arg %t.dir/libkm-sym.so 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: bash %S/../Inputs/status.sh %t.dir/linked ret 2>&1 | FileCheck %s --check-prefix=RET
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen ret %t.dir/libkm-sym.so 2>&1 | FileCheck %s --check-prefix=RET
// RUN: bash %S/../Inputs/status.sh %t.dir/linked leak 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen leak %t.dir/libkm.so 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen leak %t.dir/libkm-sym.so 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: bash %S/../Inputs/status.sh %t.dir/linked ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen ok %t.dir/libkm.so 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen ok %t.dir/libkm-sym.so 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kasan -O1 %s -o %t.dir/dlopen-kasan -ldl
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen-kasan ok %t.dir/libkm.so 2>&1 | FileCheck %s --check-prefix=KASAN
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kasan -O1 -fPIC -shared -DLIB %s -o %t.dir/libkasan.so
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen ok %t.dir/libkasan.so 2>&1 | FileCheck %s --check-prefix=MIXED --implicit-check-not=KMSAN
// RUN: clang -O1 %s -o %t.dir/dlopen-plain -ldl
// RUN: bash %S/../Inputs/status.sh %t.dir/dlopen-plain ok %t.dir/libkm.so 2>&1 | FileCheck %s --check-prefix=PLAIN
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct pkt {		/* passed and returned in a register: no noundef, */
	int len;	/* so its shadow goes through the context state */
	char flag;
};

#ifdef LIB
__attribute__((noinline)) static int set(void)
{
	return puts("flag set");
}

__attribute__((noinline)) static int clear(void)
{
	return puts("flag clear");
}

__attribute__((noinline)) int lib_branch(struct pkt p)
{
	if (p.flag)	/* L:branch */
		return set();
	return clear();
}

__attribute__((noinline)) struct pkt lib_make(int set)
{
	struct pkt *q = malloc(sizeof(*q));	/* L:make */
	struct pkt r;

	q->len = 1;
	if (set)
		q->flag = 1;
	r = *q;
	free(q);
	return r;
}

/* What the C library writes through the interceptors is initialised. */
__attribute__((noinline)) int lib_read_pipe(void)
{
	int fds[2];
	char *buf = malloc(8);
	ssize_t n;
	int r;

	if (pipe(fds))
		return -1;
	if (write(fds[1], "abc", 3) != 3)
		return -1;
	n = read(fds[0], buf, 8);
	r = n == 3 && buf[2] == 'c';
	close(fds[0]);
	close(fds[1]);
	free(buf);
	return r;
}

/* Sends a struct whose flag (and padding) it may not set. */
__attribute__((noinline)) int lib_send(int set)
{
	struct pkt p;	/* L:send-var */
	int fds[2];
	int r;

	p.len = 3;
	if (set)
		memset(&p, 0, sizeof(p));
	if (pipe(fds))
		return -1;
	r = write(fds[1], &p, sizeof(p)) == sizeof(p);	/* L:write */
	close(fds[0]);
	close(fds[1]);
	return r;
}
#else
int lib_branch(struct pkt p);
struct pkt lib_make(int set);
int lib_read_pipe(void);
int lib_send(int set);

struct api {
	int (*branch)(struct pkt);
	struct pkt (*make)(int);
	int (*read_pipe)(void);
	int (*send)(int);
};

struct pkt *volatile sink;

int main(int argc, char **argv)
{
	struct api a;
	const char *m = argv[1];
	int ok = !strcmp(m, "ok");
	struct pkt r;

#ifdef LINKED
	a.branch = lib_branch;
	a.make = lib_make;
	a.read_pipe = lib_read_pipe;
	a.send = lib_send;
#else
	void *h = dlopen(argv[2], RTLD_NOW);

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 2;
	}
	a.branch = (int (*)(struct pkt))dlsym(h, "lib_branch");
	a.make = (struct pkt (*)(int))dlsym(h, "lib_make");
	a.read_pipe = (int (*)(void))dlsym(h, "lib_read_pipe");
	a.send = (int (*)(int))dlsym(h, "lib_send");
#endif
	if (ok || !strcmp(m, "arg")) {
		sink = malloc(sizeof(*sink));	/* L:arg-alloc */
		sink->len = 2;
		if (ok)
			sink->flag = 0;
		a.branch(*sink);
	}
	if (ok || !strcmp(m, "ret")) {
		r = a.make(ok);
		if (r.flag)	/* L:ret-use */
			puts("made set");
	}
	if (ok || !strcmp(m, "leak"))
		printf("sent %d\n", a.send(ok));
	printf("read %d\n", a.read_pipe());
	return 0;
}
#endif

// ARG: {{^}}BUG: KMSAN: uninit-value in lib_branch+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// ARG-NEXT: {{^}} lib_branch+0x{{.*}}shared_lib.c:48{{$}}
// ARG-NEXT: {{^}} main+0x{{.*}}shared_lib.c:{{[0-9]+}}{{$}}
// ARG: Uninit was created at:
// ARG-NEXT: {{^}} malloc{{$}}
// ARG-NEXT: {{^}} main+0x{{.*}}shared_lib.c:143{{$}}
// ARG: STATUS: exit 1

// RET: {{^}}BUG: KMSAN: uninit-value in main+0x
// RET-NEXT: {{^}} main+0x{{.*}}shared_lib.c:151{{$}}
// RET: Uninit was created at:
// RET-NEXT: {{^}} malloc{{$}}
// RET-NEXT: {{^}} lib_make+0x{{.*}}shared_lib.c:55{{$}}
// RET-NEXT: {{^}} main+0x{{.*}}shared_lib.c:{{[0-9]+}}{{$}}
// RET: STATUS: exit 1

// LEAK: {{^}}BUG: KMSAN: kernel-infoleak in write+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// LEAK-NEXT: {{^}} lib_send+0x{{.*}}shared_lib.c:98{{$}}
// LEAK-NEXT: {{^}} main+0x{{.*}}shared_lib.c:{{[0-9]+}}{{$}}
// LEAK: {{^}}Local variable p created at:
// LEAK-NEXT: {{^}} lib_send+0x{{.*}}shared_lib.c:{{89|90}}{{$}}
// LEAK: {{^}}Bytes 4-7 of 8 are uninitialized{{$}}
// LEAK: STATUS: exit 1

// OK: flag clear
// OK-NEXT: made set
// OK-NEXT: sent 1
// OK-NEXT: read 1
// OK-NEXT: STATUS: exit 0

// KASAN: ksan: {{.*}}libkm.so calls __msan_get_context_state, which the executable's ksan runtime does not have: build the library and the executable with the same ksan
// KASAN: STATUS: exit 1
// PLAIN: ksan: {{.*}}libkm.so is instrumented, but the executable has no ksan runtime: link the executable with ksan-cc
// PLAIN: STATUS: exit 1
// MIXED: ksan: {{.*}}libkasan.so calls __asan_{{[a-z0-9_]+}}, which the executable's ksan runtime does not have: build the library and the executable with the same ksan
// MIXED: STATUS: exit 1
