/*
 * This file contains the kernel command line (Multiboot's, QEMU's
 * -append): space-separated words, "key=value" or "key", kept in a copy.
 */
#include "kernel/kernel.h"

static char cmdline[512];

void cmdline_set(const char *s)
{
	strlcpy(cmdline, s ? s : "", sizeof(cmdline));
}

const char *cmdline_get(const char *key, size_t *len)
{
	size_t kn = strlen(key);
	const char *p = cmdline;

	while (*p) {
		const char *w = p, *e;

		while (*p && *p != ' ')
			p++;
		e = p;
		while (*p == ' ')
			p++;
		if ((size_t)(e - w) >= kn && !strncmp(w, key, kn) &&
		    (w + kn == e || w[kn] == '=')) {
			const char *v = w + kn + (w + kn < e);

			*len = (size_t)(e - v);
			return v;
		}
	}
	return 0;
}
