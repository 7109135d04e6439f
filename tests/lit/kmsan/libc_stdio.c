// stdio fills the program's memory without instrumentation: fread, fgets, getline (its buffer, grown past the first allocation), the scanf family (every assigned target: %d %s %3c %ms %n, none past the count it returns), snprintf/sprintf/asprintf output, and the stream buffer inline getc_unlocked reads.  Mode ok uses everything written and stays silent; each *_past mode uses a byte the call did not write and is reported.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: printf 'line one\nsecond line that is longer than one hundred and twenty-eight bytes, so that getline has to grow its buffer with realloc at least once........\n12 ab\n' > %t.in
// RUN: bash %S/../Inputs/status.sh %t0 ok %t.in 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok %t.in 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 fread_past %t.in 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: bash %S/../Inputs/status.sh %t2 fgets_past %t.in 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: bash %S/../Inputs/status.sh %t2 getline_past %t.in 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %t0 getline_past %t.in 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %t2 sscanf_past %t.in 2>&1 | FileCheck %s --check-prefix=SCANF
// RUN: bash %S/../Inputs/status.sh %t0 fscanf_past %t.in 2>&1 | FileCheck %s --check-prefix=SCANF
// RUN: bash %S/../Inputs/status.sh %t2 snprintf_past %t.in 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: bash %S/../Inputs/status.sh %ts ok %t.in 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %ts sscanf_past %t.in 2>&1 | FileCheck %s --check-prefix=SCANF
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../Inputs/kmsan_use.h"

static int past(const char *mode, const char *name)
{
	return !strncmp(mode, name, strlen(name)) && !strcmp(mode + strlen(name), "_past");
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	char buf[64];	/* L:buf */
	FILE *f = fopen(argv[2], "r");
	size_t n;
	int c;

	if (!f)
		return 2;
	if (ok || past(mode, "fread")) {
		n = fread(buf, 1, 5, f);	/* "line " */
		use(buf, n);
		if (!ok)
			use(buf + n, 1);
	}
	if (ok || past(mode, "fgets")) {
		rewind(f);
		if (!fgets(buf, sizeof(buf), f))
			return 3;
		use(buf, strlen(buf) + 1);
		if (!ok)
			use(buf + strlen(buf) + 1, 1);
	}
	if (ok || past(mode, "getline")) {
		char *line = NULL;
		size_t cap = 0;
		ssize_t len;

		rewind(f);
		while ((len = getline(&line, &cap, f)) > 0 && len < 100)
			use(line, (size_t)len + 1);
		use(&cap, sizeof(cap));
		if (len < 100 || cap <= 128)
			return 4;	/* the long line grew the buffer */
		use(line, (size_t)len + 1);
		if (!ok)
			use(line + len + 1, 1);
		free(line);
	}
	if (ok || past(mode, "sscanf")) {
		int a, sb, at;
		char s[8], c3[3], *m = NULL;

		if (sscanf("12 ab xyz", "%d %7s%n %3c", &a, s, &at, c3) != 3 ||
		    sscanf("word", "%ms", &m) != 1)
			return 5;
		use(&a, sizeof(a));
		use(s, strlen(s) + 1);
		use(&at, sizeof(at));
		use(c3, sizeof(c3));
		use(m, strlen(m) + 1);
		free(m);
		if (sscanf("7", "%d %d", &a, &sb) != 1)
			return 6;
		use(&a, sizeof(a));
		if (!ok)
			use(&sb, sizeof(sb));	/* not assigned */
	}
	if (ok || past(mode, "fscanf")) {
		int a, fb;
		char s[8];

		rewind(f);
		while ((c = getc_unlocked(f)) != EOF && c != '1')	/* the buffer, inline */
			use(&c, sizeof(c));
		ungetc(c, f);
		if (fscanf(f, "%d %7s %d", &a, s, &fb) != 2)
			return 7;
		use(&a, sizeof(a));
		use(s, strlen(s) + 1);
		if (!ok)
			use(&fb, sizeof(fb));
	}
	if (ok || past(mode, "snprintf")) {
		char *p;
		int k = snprintf(buf, sizeof(buf), "%d-%s", 42, "x");

		use(buf, (size_t)k + 1);
		k = snprintf(buf + 10, 4, "%s", "truncated");	/* 3 bytes + NUL */
		use(buf + 10, 4);
		k = sprintf(buf + 20, "%x", 255);
		use(buf + 20, (size_t)k + 1);
		if (asprintf(&p, "%d", 12345) != 5)
			return 8;
		use(p, 6);
		free(p);
		if (!ok)
			use(buf + 14, 1);	/* after the truncated output */
	}
	fclose(f);
	printf("done %d\n", sink >= 0);
	return 0;
}

// OK: done 1
// OK-NEXT: STATUS: exit 0

// LOCAL: {{^}}BUG: KMSAN: uninit-value in use+0x
// LOCAL-NEXT: {{^}} use+0x{{.*}}kmsan_use.h:{{[0-9]+}}
// LOCAL-NEXT: {{^}} main+0x
// LOCAL: {{^}}Local variable buf created at:
// LOCAL: STATUS: exit 1

// HEAP: {{^}}BUG: KMSAN: uninit-value in use+0x
// HEAP: {{^}}Uninit was created at:
// HEAP: STATUS: exit 1

// SCANF: {{^}}BUG: KMSAN: uninit-value in use+0x
// SCANF: {{^}}Local variable {{[sf]}}b created at:
// SCANF: STATUS: exit 1
