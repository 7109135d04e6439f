/* KFENCE bug types, one per argument (tools/parsers/gen.sh); -DREF: plain malloc, for ASan's report of the same bug. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <stdint.h>
#ifdef REF
#define kfence_object(n, r) malloc(n)
#else
#include "kfence.h"
#endif
__attribute__((noinline)) void parse(const char *w)
{
	volatile char *p = kfence_object(20, w[3] != 'l'); int i = 0;
	if (!strcmp(w, "oobr")) i = p[20];
	else if (!strcmp(w, "oobw")) p[20] = 1;
	else if (!strcmp(w, "oobl")) i = p[-1];
	else if (!strcmp(w, "oob4")) i = *(volatile int *)(p + 20);
	else if (!strcmp(w, "uafr")) { free((void*)p); i = p[2]; }
	else if (!strcmp(w, "uafw")) { free((void*)p); p[2] = 1; }
	else if (!strcmp(w, "corrupt")) { volatile char *q = kfence_object(20, 0); q[21] = 1; free((void*)q); }
	else if (!strcmp(w, "dfree")) { free((void*)p); free((void*)p); }
	else if (!strcmp(w, "ifree")) { free((void*)(p + 1)); }
	printf("%d\n", i);
}
int main(int argc, char **argv) { parse(argv[1]); return 0; }
