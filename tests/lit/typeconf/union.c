// Tagged unions with the type-confusion API: the member written last is typed at its offset (KSAN_SET_TYPE on the member: a member's type at an offset replaces the one before), and a read through a member is checked (KSAN_CHECK_TYPE), so a read of the wrong member is reported whatever the tag says: here the tag was updated before the payload was, and the handler trusted the tag.  Silent twin: the member written last read back, after the variant changed twice.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t wrong 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t right 2>&1 | FileCheck %s --check-prefix=RIGHT --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

struct num {
	long value;
	long scale;
};

struct str {
	char *text;
	long len;
};

enum kind { NUM, STR };

struct value {
	enum kind kind;
	union {
		struct num n;
		struct str s;
	} u;
};

static void set_num(struct value *v, long x)
{
	v->kind = NUM;
	v->u.n.value = x;
	v->u.n.scale = 1;
	KSAN_SET_TYPE(&v->u.n, struct num);	/* the live member */
}

static void set_str(struct value *v, char *s)
{
	v->kind = STR;
	v->u.s.text = s;
	v->u.s.len = (long)strlen(s);
	KSAN_SET_TYPE(&v->u.s, struct str);
}

__attribute__((noinline)) static long length(struct value *v)
{
	if (v->kind == STR) {
		KSAN_CHECK_TYPE(&v->u.s, struct str);
		return v->u.s.len;
	}
	KSAN_CHECK_TYPE(&v->u.n, struct num);
	return v->u.n.value;
}

int main(int argc, char **argv)
{
	struct value *v = KSAN_NEW(struct value);
	long r;

	set_num(v, 5);
	set_str(v, "hello");
	set_num(v, 7);
	if (!strcmp(argv[1], "wrong"))
		v->kind = STR;	/* the tag changed, the payload not yet */
	r = length(v);
	printf("length %ld\n", r);
	free(v);
	return 0;
}
// CHECK: KASAN: type-confusion in length
// CHECK-NEXT: Use of a struct num at addr {{[0-9a-f]+}} as a struct str by task
// CHECK: The object holds a struct num (16 bytes) at offset 8;
// CHECK-NEXT: it was used as a struct str (16 bytes) at offset 8 of the object
// CHECK: STATUS: exit 1
// RIGHT: length 7
// RIGHT: STATUS: exit 0
