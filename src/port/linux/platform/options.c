/*
 * This file contains the Linux port's side of the options: it finds the
 * texts (the environment's variables, the program's hooks) and hands them
 * to the core's one parser in order, lowest precedence first, so a later
 * text overrides what an earlier one set:
 *
 *   built-in defaults
 *   __asan_default_options()  __ubsan_default_options()  __lsan_default_options()
 *   ASAN_OPTIONS  LSAN_OPTIONS  UBSAN_OPTIONS
 *   __ksan_default_options()
 *   KSAN_OPTIONS
 *
 * The compiler-rt texts are read as ASan reads them (the hooks, then the
 * variables, in ASan's order) and leniently: their keys mapped to ksan's,
 * the rest ignored.  ksan's own are strict.  Shared by libksan (init.c)
 * and the KFENCE preload library.  In secure mode (secure.c) the variables
 * are not read: one line names those that were set.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include "../linux.h"

/*
 * The program's hooks, as ASan's: a function returning a string.  Weak
 * references: 0 when the program defines none.  libksan is linked into the
 * executable, which binds them at link time.  The KFENCE preload library
 * binds them at load time to what the executable exports: a program linked
 * against the library exports its hooks (the library refers to them), one
 * it is LD_PRELOADed into only with -rdynamic.  They run before the
 * runtime is up: they must only return a string.
 */
extern const char *__asan_default_options(void) __attribute__((weak));
extern const char *__ubsan_default_options(void) __attribute__((weak));
extern const char *__lsan_default_options(void) __attribute__((weak));
extern const char *__ksan_default_options(void) __attribute__((weak));

/* The environment as the kernel gave it, for a start-up before libc has
 * set environ and without the initial stack: read once. */
static const char *proc_environ(size_t *len)
{
	static char buf[65536];
	static size_t have;
	static int done;
	int fd;

	if (done) {
		*len = have;
		return have ? buf : 0;
	}
	done = 1;
	fd = open("/proc/self/environ", O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		port_noproc_notice(NOPROC_ENV);
		*len = 0;
		return 0;
	}
	for (;;) {
		ssize_t n = port_sys_read(fd, buf + have, sizeof(buf) - 1 - have);

		if (n <= 0)
			break;
		have += (size_t)n;
	}
	close(fd);
	buf[have] = 0;
	*len = have;
	return buf;
}

/* NAME's value from envp, or when there is none yet (the dynamic loader
 * may allocate before libc set environ) from the initial stack's, else
 * from the kernel's copy of the environment. */
static const char *env_value(char **envp, const char *name)
{
	size_t n = core_strlen(name), len, i;
	const char *all;

	if (!envp)
		envp = port_start_envp();
	if (envp) {
		for (; *envp; envp++)
			if (!core_strncmp(*envp, name, n) && (*envp)[n] == '=')
				return *envp + n + 1;
		return 0;
	}
	all = proc_environ(&len);
	for (i = 0; all && i < len; i += core_strlen(all + i) + 1)
		if (!core_strncmp(all + i, name, n) && all[i + n] == '=')
			return all + i + n + 1;
	return 0;
}

/* The texts, lowest precedence first; a hook's address is 0 when the
 * program does not define it. */
static const struct options_text {
	const char *name;		/* the variable, or the hook */
	int env;			/* a variable */
	const char *(*hook)(void);
	enum core_opt_dialect dialect;
} texts[] = {
	{ "__asan_default_options", 0, __asan_default_options, CORE_OPT_ASAN },
	{ "__ubsan_default_options", 0, __ubsan_default_options, CORE_OPT_UBSAN },
	{ "__lsan_default_options", 0, __lsan_default_options, CORE_OPT_LSAN },
	{ "ASAN_OPTIONS", 1, 0, CORE_OPT_ASAN },
	{ "LSAN_OPTIONS", 1, 0, CORE_OPT_LSAN },
	{ "UBSAN_OPTIONS", 1, 0, CORE_OPT_UBSAN },
	{ "__ksan_default_options", 0, __ksan_default_options, CORE_OPT_KSAN },
	{ "KSAN_OPTIONS", 1, 0, CORE_OPT_KSAN },
};

/* Secure mode: one line naming the variables that were set, not read. */
static void say_ignored(char **envp)
{
	static const char *const inputs[] = { "KSAN_OPTIONS", "ASAN_OPTIONS", "LSAN_OPTIONS",
					      "UBSAN_OPTIONS", "KSAN_SYMBOLIZER_PATH" };
	char names[128] = "";
	size_t i, n = 0;

	for (i = 0; i < ARRAY_SIZE(inputs); i++)
		if (env_value(envp, inputs[i]))
			n += core_snprintf(names + n, sizeof(names) - n, "%s%s",
					   n ? ", " : "", inputs[i]);
	if (n)
		port_say_line("secure mode (set-user-ID, set-group-ID or capabilities): ignoring ",
				names, "; reports go to stderr");
}

/* ksan-cc defines it (absolute, 1) in configure-time probes */
extern char __ksan_config_probe[] __attribute__((weak, visibility("hidden")));

int port_options_load(char **envp, char *err, size_t errlen)
{
	int secure = port_secure();
	size_t i;

	core_options_defaults();
	if (secure)
		say_ignored(envp);
	/* a build system's probe (ksan-cc's is_config_probe): no leak check
	 * unless a text below asks for it */
	if (__ksan_config_probe)
		core_opt.detect_leaks = 0;
	for (i = 0; i < ARRAY_SIZE(texts); i++) {
		const struct options_text *t = &texts[i];
		const char *text = t->env ? (secure ? 0 : env_value(envp, t->name)) :
				   t->hook ? t->hook() : 0;
		/* KSAN_OPTIONS' messages name no text, as they always did */
		const char *source = core_strcmp(t->name, "KSAN_OPTIONS") ? t->name : 0;

		if (core_options_parse_as(text, t->dialect, source, err, errlen))
			return -1;
	}
	return 0;
}
