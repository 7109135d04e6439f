/*
 * This file contains the Linux port's external symbolizer: a persistent
 * llvm-symbolizer (else addr2line, one per module) child that answers with
 * file:line:column and the chain of inlined functions for a module offset,
 * started without malloc, invisible to the program's wait() and SIGCHLD.
 * It is never started with privileges the real user lacks (secure.c), is
 * taken from KSAN_SYMBOLIZER_PATH, an absolute PATH entry that is not
 * world-writable, or a fixed list, and starts with no LD_* variable: it
 * must not load the program's libraries (an instrumented one stops it).
 * When it stops, addr2line takes over; when none answers, one line says so.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "symbolize.h"
#include "../linux.h"

#define ANSWER_MAX	65536		/* longer answers are read and dropped */
#define CLONE_STACK	(64 << 10)	/* the child's stack and environment */
#define CLONE_ENV	2048

#ifndef SYS_close_range
#define SYS_close_range 436
#endif

enum { TOOL_UNPICKED, TOOL_NONE, TOOL_LLVM, TOOL_A2L };

static int owner_pid;		/* process the children belong to */
static int tool;
static char tool_path[PATH_MAX];
static struct sym_proc llvm;
static char request[PATH_MAX + 64];
static char answer[ANSWER_MAX];
static void *clone_stack;

static char *put_hex(char *p, uintptr_t v)
{
	char t[16];
	int n = 0;

	do
		t[n++] = "0123456789abcdef"[v & 15];
	while (v >>= 4);
	while (n)
		*p++ = t[--n];
	return p;
}


struct child_args {
	const char *path;
	char *const *argv, *const *envp;
	int in, out, null;
};

static int child_main(void *arg)
{
	struct child_args *c = arg;
	struct { void *handler; unsigned long flags; void *restorer; uint64_t mask; } ka;
	uint64_t none = 0;
	int sig, fd;

	if (dup2(c->in, 0) < 0 || dup2(c->out, 1) < 0 || dup2(c->null, 2) < 0)
		_exit(127);
	if (syscall(SYS_close_range, 3, ~0U, 0))
		for (fd = 3; fd < 4096; fd++)
			close(fd);
	for (sig = 1; sig <= 64; sig++)	/* no parent handler may run here */
		if (!syscall(SYS_rt_sigaction, sig, NULL, &ka, 8) &&
		    ka.handler != (void *)SIG_IGN && ka.handler != (void *)SIG_DFL) {
			ka.handler = (void *)SIG_DFL;
			ka.flags = 0;
			syscall(SYS_rt_sigaction, sig, &ka, NULL, 8);
		}
	syscall(SYS_rt_sigprocmask, SIG_SETMASK, &none, NULL, 8);
	execve(c->path, c->argv, c->envp);
	_exit(127);
}

static int fd_high(int fd)	/* keep our fds off 0..2 */
{
	int nfd;

	if (fd < 0 || fd > 2)
		return fd;
	nfd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	close(fd);
	return nfd;
}

/*
 * Start path with argv, its stdin and stdout our pipes, stderr /dev/null,
 * no other fds and an environment without KSAN_OPTIONS and the dynamic
 * loader's variables (LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT...): a test
 * harness's instrumented libraries must not load into the tool.  A
 * CLONE_VM|CLONE_VFORK child with no exit signal: the application's wait()
 * and SIGCHLD never see it, and nothing is allocated.
 */
static void spawn(const char *path, char *const *argv, struct sym_proc *p)
{
	extern char **environ;
	struct child_args c = { .path = path, .argv = argv };
	int fd[5] = { -1, -1, -1, -1, -1 }, i, n = 0, ok = 1;
	char **envp;
	sigset_t all, old;

	p->dead = 1;
	p->pid = -1;
	if (!clone_stack && !(clone_stack = sym_map(CLONE_STACK)))
		return;
	envp = clone_stack;
	if (!port_may_exec())
		return;
	for (i = 0; environ && environ[i] && n < CLONE_ENV - 1; i++)
		if (strncmp(environ[i], "LD_", 3) &&
		    strncmp(environ[i], "KSAN_OPTIONS=", 13))
			envp[n++] = environ[i];
	envp[n] = NULL;
	c.envp = envp;
	/* request pipe, answer pipe, /dev/null: all O_CLOEXEC, none on 0..2 */
	if (pipe2(fd, O_CLOEXEC) || pipe2(fd + 2, O_CLOEXEC))
		ok = 0;
	fd[4] = open("/dev/null", O_WRONLY | O_CLOEXEC);
	for (i = 0; i < 5; i++)
		ok &= (fd[i] = fd_high(fd[i])) >= 0;
	c.in = fd[0], c.out = fd[3], c.null = fd[4];
	if (ok) {
		sigfillset(&all);
		pthread_sigmask(SIG_SETMASK, &all, &old);
		p->pid = clone(child_main, (char *)clone_stack + CLONE_STACK,
			       CLONE_VM | CLONE_VFORK, &c);
		/* qemu-user 7.2 refuses CLONE_VM without the thread flags
		 * and any fork-like clone whose exit signal is not SIGCHLD
		 * (EINVAL): there, a copy of the process that signals
		 * SIGCHLD (the program's wait() may see it) */
		if (p->pid < 0 && errno == EINVAL)
			p->pid = clone(child_main, (char *)clone_stack + CLONE_STACK, SIGCHLD, &c);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (p->pid > 0) {
			p->in = fd[1], p->out = fd[2], p->dead = 0;
			fd[1] = fd[2] = -1;
		}
	}
	for (i = 0; i < 5; i++)
		if (fd[i] >= 0)
			close(fd[i]);
}

static void proc_kill(struct sym_proc *p)
{
	int status;

	if (p->pid <= 0 || p->dead)
		return;
	close(p->in);
	close(p->out);
	kill(p->pid, SIGKILL);
	waitpid(p->pid, &status, __WALL);
	p->dead = 1;
	sym_diag(tool_path, " stopped answering, going on without it");
}

/* Write the request with SIGPIPE blocked; a SIGPIPE it raises is eaten. */
static int proc_write(struct sym_proc *p, const char *buf, size_t len)
{
	sigset_t pipe_set, old, pending;
	struct timespec zero = { 0, 0 };
	int was_pending, r = 0;
	ssize_t n;

	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	was_pending = !sigpending(&pending) && sigismember(&pending, SIGPIPE);
	while (len) {
		n = syscall(SYS_write, p->in, buf, len);	/* not an interceptor */
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			r = -1;
			if (errno == EPIPE && !was_pending)
				sigtimedwait(&pipe_set, NULL, &zero);
			break;
		}
		buf += n, len -= n;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return r;
}

/*
 * Read one answer into answer[]: up to a blank line (llvm-symbolizer), or
 * (sentinel: addr2line -a) to the SYM_A2L_SENTINEL line and the two after
 * it (symbolize/answer.c tells).  Returns 0, -1 on error, 1 if the answer
 * was too long: read, not kept.
 */
static int proc_read(struct sym_proc *p, int sentinel)
{
	/* for the whole answer: a child that writes a byte now and then
	 * must not hold the report up for a timeout per byte */
	long left = core_opt.symbolize_timeout_ms;
	struct timespec t0, t1;
	struct sym_answer a;
	ssize_t n;

	sym_answer_start(&a, answer, sizeof(answer), sentinel);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct pollfd pfd = { .fd = p->out, .events = POLLIN };
		size_t room;
		char *at = sym_answer_space(&a, &room);

		clock_gettime(CLOCK_MONOTONIC, &t1);
		n = left - (t1.tv_sec - t0.tv_sec) * 1000 - (t1.tv_nsec - t0.tv_nsec) / 1000000;
		n = n > 0 ? poll(&pfd, 1, n) : 0;
		if (n > 0)
			n = read(p->out, at, room);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		if (sym_answer_add(&a, n))
			return a.over;
	}
}

/* Why tool_path, found in the PATH entry dir[0..n), may not be run, or
 * NULL: a relative entry names whatever directory the program runs in; in
 * a world-writable one, or world-writable itself, it is what any user put
 * there. */
static const char *unsafe_entry(const char *dir, size_t n)
{
	char d[PATH_MAX];
	struct stat st;

	if (dir[0] != '/')
		return " (its PATH entry is relative)";
	sym_copy(d, dir, n);
	d[n] = 0;
	if (stat(d, &st) || (st.st_mode & S_IWOTH))
		return " (its PATH entry is world-writable)";
	if (stat(tool_path, &st) || (st.st_mode & S_IWOTH))
		return " (it is world-writable)";
	return NULL;
}

/* name into tool_path: as it is if it holds a '/', else the first PATH
 * entry holding it that may be run (one that may not is named); 1 if
 * executable. */
static int find_exec(const char *name)
{
	const char *dir = getenv("PATH"), *end, *why;
	char *p;

	if (strchr(name, '/')) {
		if (strlen(name) >= sizeof(tool_path))
			return 0;
		sym_put(tool_path, name)[0] = 0;
		return !access(tool_path, X_OK);
	}
	for (dir = dir ? dir : ""; *dir; dir = end + !!*end) {
		for (end = dir; *end && *end != ':'; end++)
			;
		if (end == dir || end - dir + strlen(name) + 2 > sizeof(tool_path))
			continue;
		sym_copy(tool_path, dir, end - dir);
		p = tool_path + (end - dir);
		*p++ = '/';
		sym_put(p, name)[0] = 0;
		if (access(tool_path, X_OK))
			continue;
		if (!(why = unsafe_entry(dir, end - dir)))
			return 1;
		port_say_line("symbolizer: not running ", tool_path, why);
	}
	return 0;
}

/* name from PATH, else from the fixed list of directories */
static int find_tool(const char *name)
{
	static const char *const dirs[] = { "/usr/local/bin/", "/usr/bin/", "/bin/" };
	char path[64];
	size_t i;
	int v;

	if (find_exec(name))
		return 1;
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		core_snprintf(path, sizeof(path), "%s%s", dirs[i], name);
		if (find_exec(path))
			return 1;
	}
	for (v = 20; v >= 10 && !strcmp(name, "llvm-symbolizer"); v--) {	/* Debian's llvm-N */
		core_snprintf(path, sizeof(path), "/usr/lib/llvm-%d/bin/%s", v, name);
		if (find_exec(path))
			return 1;
	}
	return 0;
}

/* Once: what the reports lose from now on. */
static void say_lost(const char *what, const char *path)
{
	static int said;

	if (!__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
		port_say_line(what, path, "; frames have no file:line from now on");
}

/* addr2line, the tool when llvm-symbolizer is missing or stopped. */
static void use_a2l(void)
{
	tool = find_tool("addr2line") ? TOOL_A2L : TOOL_NONE;
	if (tool == TOOL_NONE)
		say_lost("symbolizer: no addr2line to fall back to", "");
	else
		sym_diag("", tool_path);
}

static void pick_tool(void)
{
	char *argv[] = { tool_path, "--inlining=true", "--functions=linkage",
			 "--demangle", "--verbose", NULL };
	const char *env = secure_getenv("KSAN_SYMBOLIZER_PATH");

	tool = TOOL_NONE;
	if (!port_may_exec())
		return;
	if (env && *env && find_exec(env)) {
		tool = strstr(strrchr(tool_path, '/') ? strrchr(tool_path, '/') : tool_path,
			      "addr2line") ? TOOL_A2L : TOOL_LLVM;
	} else if (env && *env) {
		port_say_line("symbolizer: KSAN_SYMBOLIZER_PATH '", env,
				"' is not an executable file; looking for another");
	}
	if (tool == TOOL_NONE && find_tool("llvm-symbolizer"))
		tool = TOOL_LLVM;
	if (tool == TOOL_NONE) {
		use_a2l();
		return;
	}
	sym_diag("", tool_path);
	if (tool != TOOL_LLVM)
		return;
	spawn(tool_path, argv, &llvm);
	if (llvm.dead)
		use_a2l();
}

void sym_ask_tool(struct sym_module *m, const char *path, uintptr_t off,
		     struct ksan_symbol *sym)
{
	struct sym_proc *p = &llvm;
	char *q = request;
	int r;

	if (tool == TOOL_UNPICKED)
		pick_tool();
	if (tool == TOOL_NONE || (m && m->state < 0) ||
	    strlen(path) > PATH_MAX - 8 || strpbrk(path, "\"\n"))
		return;
	if (tool == TOOL_A2L) {
		char *argv[] = { tool_path, "-f", "-i", "-a", "-e", (char *)path,
				 NULL };

		if (!m)
			return;
		p = &m->a2l;
		if (!p->pid)
			spawn(tool_path, argv, p);
	} else {
		q = sym_put(q, "CODE \"");
		q = sym_put(q, path);
		q = sym_put(q, "\" ");
	}
	if (p->dead)
		return;
	q = sym_put(q, "0x");
	q = put_hex(q, off);
	*q++ = '\n';
	if (tool == TOOL_A2L)	/* its answer tells where the real one ends */
		q = sym_put(q, SYM_A2L_SENTINEL "\n");
	if (proc_write(p, request, q - request) ||
	    (r = proc_read(p, tool == TOOL_A2L)) < 0) {
		proc_kill(p);
		if (p != &llvm) {
			say_lost("symbolizer: addr2line stopped answering for ", path);
			return;
		}
		use_a2l();	/* and ask it the same */
		if (tool == TOOL_A2L)
			sym_ask_tool(m, path, off, sym);
		return;
	}
	if (!r)
		sym_parse_answer(answer, tool == TOOL_A2L, sym);
}

void sym_check_fork(void)
{
	int pid = getpid(), i, n;
	struct sym_module *m = sym_modules(&n);

	if (pid == owner_pid)
		return;
	for (i = -1; owner_pid && i < n; i++) {
		struct sym_proc *p = i < 0 ? &llvm : &m[i].a2l;

		if (p->pid > 0 && !p->dead)
			close(p->in), close(p->out);
		sym_zero(p, sizeof(*p));
	}
	owner_pid = pid;
	tool = TOOL_UNPICKED;
}
