/*
 * This file contains the Linux port's reader of the suppressions file
 * (KSAN_OPTIONS=suppressions=FILE) and of ASan's hook for built-in ones,
 * __asan_default_suppressions(): the detectors never open files, so the
 * port reads them once at start-up and hands the text to them.  A file that
 * cannot be used stops the program there, as a bad option value does.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "../linux.h"
#include "ubsan/ubsan.h"

#define SUPP_MAX (256u << 10)

/* What a path is that is neither a file nor a pipe. */
static const char *kind_of(mode_t m)
{
	if (S_ISDIR(m))
		return "is a directory";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "is a device";
	return "is not a regular file";
}

/* ASan's hook: the program's own suppressions, in ASan's kinds only (its
 * file's: interceptor_*, odr_violation), read before the file's. */
extern const char *__asan_default_suppressions(void) __attribute__((weak));
#define ASAN_KINDS (CORE_SUPP_STRICT | (1u << CORE_SUPP_VIA_FUN) | (1u << CORE_SUPP_VIA_LIB) | \
		    (1u << CORE_SUPP_NAME) | (1u << CORE_SUPP_ODR))

/* Say the message (longer than err) as init's caller would, and stop. */
static void die_msg(const char *msg)
{
	ksan_port_write(msg, core_strlen(msg));
	ksan_port_write("\n", 1);
	_exit(1);
}

/* Returns 0, or -1 with a message in err when the file cannot be used. */
int port_suppressions_init(char *err, size_t errlen)
{
	static char *text;	/* kept for the process lifetime */
	static char msg[1024];	/* a path and a line: more than err holds */
	const char *path = core_opt.suppressions;
	size_t have = 0;
	struct stat st;
	int fd;

	if (__asan_default_suppressions) {
		const char *dflt = __asan_default_suppressions();

		if (dflt && core_supp_parse(dflt, "__asan_default_suppressions()", ASAN_KINDS,
					    msg, sizeof(msg)))
			die_msg(msg);
	}
	if (!path[0])
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		core_snprintf(err, errlen, "ksan: cannot open suppressions file '%s' (%s)",
			      path, strerror(errno));
		return -1;
	}
	/* a directory, or a device that reads forever (/dev/zero), blocks
	 * (a terminal) or reads nothing (/dev/null) is a mistake; a pipe is
	 * fine (suppressions=<(...) in bash) */
	if (fstat(fd, &st) || !(S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode))) {
		close(fd);
		core_snprintf(err, errlen, "ksan: suppressions file '%s' %s (expected a file of ubsan:<check>:<glob> lines)",
			      path, kind_of(st.st_mode));
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	text = ksan_port_map(SUPP_MAX + 1);
	if (!text) {
		close(fd);
		core_snprintf(err, errlen, "ksan: no memory for the suppressions file");
		return -1;
	}
	for (;;) {
		ssize_t n = read(fd, text + have, SUPP_MAX + 1 - have);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			close(fd);
			core_snprintf(err, errlen, "ksan: cannot read suppressions file '%s' (%s)",
				      path, strerror(errno));
			return -1;
		}
		if (n == 0)
			break;
		have += (size_t)n;
		if (have > SUPP_MAX) {
			close(fd);
			core_snprintf(err, errlen, "ksan: suppressions file '%s' is larger than %u KiB",
				      path, SUPP_MAX >> 10);
			return -1;
		}
	}
	close(fd);
	if (memchr(text, 0, have)) {
		core_snprintf(err, errlen, "ksan: suppressions file '%s' holds a NUL byte (expected text lines)",
			      path);
		return -1;
	}
	text[have] = 0;
	/* UBSAN's lines, the leak detector's, the rest of compiler-rt's kinds
	 * (kasan/suppress.c's); UBSAN's parser refuses any other */
	if (ubsan_set_suppressions(text, path, msg, sizeof(msg)) ||
	    port_leak_suppressions(text, path, msg, sizeof(msg)) ||
	    core_supp_parse(text, path, CORE_SUPP_ALL & ~(1u << CORE_SUPP_LEAK), msg, sizeof(msg)))
		die_msg(msg);
	return 0;
}
