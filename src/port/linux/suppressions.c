/*
 * This file contains the Linux port's reader of the suppressions file
 * (KSAN_OPTIONS=suppressions=FILE): the detectors never open files, so the
 * port reads it once at start-up and hands the text to them.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include "linux.h"
#include "ubsan/ubsan.h"

#define SUPP_MAX (256u << 10)

/* Returns 0, or -1 with a message in err when the file cannot be read. */
int port_suppressions_init(char *err, size_t errlen)
{
	static char *text;	/* kept for the process lifetime */
	size_t have = 0;
	int fd;

	if (!core_opt.suppressions[0])
		return 0;
	fd = open(core_opt.suppressions, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		core_snprintf(err, errlen, "ksan: cannot open suppressions file '%s'",
			      core_opt.suppressions);
		return -1;
	}
	text = ksan_port_map(SUPP_MAX);
	if (!text) {
		close(fd);
		core_snprintf(err, errlen, "ksan: no memory for the suppressions file");
		return -1;
	}
	for (;;) {
		ssize_t n = read(fd, text + have, SUPP_MAX - 1 - have);

		if (n <= 0)
			break;
		have += (size_t)n;
	}
	close(fd);
	text[have] = 0;
	ubsan_set_suppressions(text);
	return 0;
}
