/*
 * This file contains the Linux port's symbolizer: module and ELF symbol
 * lookup for a pc, plus file:line:column and the chain of inlined functions
 * from a persistent llvm-symbolizer (else addr2line) child, without malloc
 * or stdio, results cached per pc.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "core/core.h"

#define MAX_MODULES	64
#define CACHE_SLOTS	4096		/* per-pc results, power of two */
#define INTERN_SLOTS	4096		/* deduplicated strings */
#define ARENA_CHUNK	(64 << 10)
#define ANSWER_MAX	65536		/* longer answers are read and dropped */
#define MAX_FRAMES	64		/* per pc, inlined ones and the real one */
#define POOL_FRAMES	16384		/* cached inline chains' frames */
#define A2L_SENTINEL	"0xffffffffffffffff"	/* ends each addr2line answer */
#define TIMEOUT_MS	15000		/* per read: a big binary's first load */
#define CLONE_STACK	(64 << 10)	/* the child's stack and environment */
#define CLONE_ENV	2048

#ifndef SYS_close_range
#define SYS_close_range 436
#endif

struct fsym {			/* one function of a module, sorted by start */
	uintptr_t start;
	uint32_t size, name;
};

struct proc {			/* a symbolizer child: pid, request/answer fds */
	int pid, in, out, dead;
};

struct module {
	uintptr_t base;		/* dlpi_addr */
	const char *path;	/* interned */
	int state;		/* 1 file mapped, -1 none (vdso, deleted) */
	const char *strtab;
	size_t nsyms;
	struct fsym *syms;
	struct proc a2l;	/* this module's addr2line, when that is the tool */
};

struct iframe {			/* one frame of an inline chain */
	const char *function, *file;
	unsigned line, column;
};

/*
 * sym is ksan_port_symbolize's answer: the function containing pc, with the
 * location of pc itself (in the inlined code, if pc is in some).  When pc is
 * in inlined code, pool[first..+nchain) are all its frames, innermost first,
 * the last one's location being where the real function calls the inlined
 * code; nchain is 0 otherwise.
 */
struct centry {
	uintptr_t pc, flags;	/* flags 0: free slot */
	struct ksan_symbol sym;
	uint32_t first, nchain;
};

struct raw {			/* one frame of the tool's answer, unparsed */
	char *fn, *file;
	unsigned long line, column, start;
};

enum { TOOL_UNPICKED, TOOL_NONE, TOOL_LLVM, TOOL_A2L };

static int lock_word;		/* tid of the holder, 0 when free */
static int owner_pid;		/* process the children belong to */
static int tool;
static char tool_path[PATH_MAX];
static struct proc llvm;
static struct module modules[MAX_MODULES];
static int nmodules;
static struct centry *cache;
static size_t cache_used;
static struct iframe *pool;	/* after the cache, in the same mapping */
static size_t pool_used;
static struct iframe chain[MAX_FRAMES];	/* the lookup in progress */
static int nchain;
static struct raw raws[MAX_FRAMES];
static const char **interned;
static char *arena;
static size_t arena_left;
static char exe_path[PATH_MAX];
static char found_name[PATH_MAX];
static char request[PATH_MAX + 64];
static char answer[ANSWER_MAX];
static void *clone_stack;

/* ---- helpers: memcpy and memset are the runtime's checked ones ---------- */

static void s_copy(void *d, const void *s, size_t n)
{
	__asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

static void s_zero(void *d, size_t n)
{
	__asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(0) : "memory");
}

static char *put_str(char *p, const char *s)
{
	size_t n = strlen(s);

	s_copy(p, s, n);
	return p + n;
}

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

static void *map(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static void diag(const char *a, const char *b)
{
	char buf[PATH_MAX + 128], *p = buf;

	if (core_opt.verbosity < 1)
		return;
	p = put_str(p, "ksan: symbolizer ");
	p = put_str(p, a);
	p = put_str(p, b);
	*p++ = '\n';
	if (write(STDERR_FILENO, buf, p - buf) < 0)
		return;
}

/* A copy of s[0..n) that lives as long as the process, shared by equals. */
static const char *intern(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	size_t i;
	char *r;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	for (i = 0; interned && i < INTERN_SLOTS; i++) {
		const char **slot = &interned[(h + i) & (INTERN_SLOTS - 1)];

		if (!*slot)
			break;
		if (!strncmp(*slot, s, n) && !(*slot)[n])
			return *slot;
	}
	if (n + 1 > arena_left) {
		size_t sz = n + 1 > ARENA_CHUNK ? ROUND_UP(n + 1, 4096) : ARENA_CHUNK;

		if (!(r = map(sz)))
			return NULL;
		arena = r;
		arena_left = sz;
	}
	r = arena;
	s_copy(r, s, n);
	r[n] = 0;
	arena += n + 1;
	arena_left -= n + 1;
	if (interned && i < INTERN_SLOTS)
		interned[(h + i) & (INTERN_SLOTS - 1)] = r;
	return r;
}

/* ---- modules and their ELF symbol tables -------------------------------- */

struct find {
	uintptr_t addr, base;
	int found;
};

static int find_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct find *f = data;
	const char *name = info->dlpi_name ? info->dlpi_name : "";
	size_t n = strlen(name);
	int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD ||
		    f->addr - (info->dlpi_addr + ph->p_vaddr) >= ph->p_memsz)
			continue;
		if (n >= sizeof(found_name))
			n = 0;
		s_copy(found_name, name, n);
		found_name[n] = 0;
		f->base = info->dlpi_addr;
		f->found = 1;
		return 1;
	}
	return 0;
}

/* By start; among aliases the sized, then the shortest name (write, not
 * __write or __libc_write). */
static int fsym_less(const struct module *m, const struct fsym *a,
		     const struct fsym *b)
{
	size_t la, lb;

	if (a->start != b->start)
		return a->start < b->start;
	if (!a->size != !b->size)
		return a->size != 0;
	la = strlen(m->strtab + a->name), lb = strlen(m->strtab + b->name);
	return la != lb ? la < lb : strcmp(m->strtab + a->name, m->strtab + b->name) < 0;
}

static void sift(const struct module *m, struct fsym *v, size_t i, size_t n)
{
	for (;;) {
		size_t c = 2 * i + 1;
		struct fsym t;

		if (c >= n)
			return;
		if (c + 1 < n && fsym_less(m, &v[c], &v[c + 1]))
			c++;
		if (!fsym_less(m, &v[i], &v[c]))
			return;
		t = v[i], v[i] = v[c], v[c] = t;
		i = c;
	}
}

static size_t fsym_sort(const struct module *m, struct fsym *v, size_t n)
{
	size_t i, out = 0;
	struct fsym t;

	for (i = n / 2; i-- > 0;)
		sift(m, v, i, n);
	for (i = n; i-- > 1;) {
		t = v[0], v[0] = v[i], v[i] = t;
		sift(m, v, 0, i);
	}
	for (i = 0; i < n; i++)		/* keep the best name of each start */
		if (!out || v[i].start != v[out - 1].start)
			v[out++] = v[i];
	return out;
}

/* Function symbols of one symbol table section into m->syms (NULL: count). */
static size_t collect(struct module *m, const char *img,
		      const ElfW(Shdr) *sh, const ElfW(Shdr) *str)
{
	const ElfW(Sym) *s = (const void *)(img + sh->sh_offset);
	size_t i, n = 0, count = sh->sh_size / sizeof(*s);

	for (i = 0; i < count; i++) {
		int type = ELF64_ST_TYPE(s[i].st_info);

		if ((type != STT_FUNC && type != STT_GNU_IFUNC) ||
		    s[i].st_shndx == SHN_UNDEF || !s[i].st_value ||
		    s[i].st_name >= str->sh_size)
			continue;
		if (m->syms) {
			m->syms[n].start = s[i].st_value;
			m->syms[n].size = s[i].st_size > UINT32_MAX ? 0 : s[i].st_size;
			m->syms[n].name = s[i].st_name;
		}
		n++;
	}
	return n;
}

static void module_load(struct module *m)
{
	const ElfW(Ehdr) *eh;
	const ElfW(Shdr) *sh;
	struct stat st;
	size_t len, n;
	const char *img;
	int fd, pass;

	m->state = -1;
	if ((fd = open(m->path, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	img = fstat(fd, &st) || st.st_size < (off_t)sizeof(*eh) ? MAP_FAILED :
		mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (img == MAP_FAILED)
		return;
	m->state = 1;		/* a file: worth asking the symbolizer about */
	len = st.st_size;
	eh = (const void *)img;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shentsize != sizeof(*sh) || eh->e_shoff > len ||
	    (len - eh->e_shoff) / sizeof(*sh) < eh->e_shnum)
		return;
	sh = (const void *)(img + eh->e_shoff);
	/* .symtab, else .dynsym; the string table must end in a NUL */
	for (pass = 0; pass < 2 * eh->e_shnum && !m->nsyms; pass++) {
		const ElfW(Shdr) *s = &sh[pass % eh->e_shnum], *str;

		if (s->sh_type != (pass < eh->e_shnum ? SHT_SYMTAB : SHT_DYNSYM) ||
		    s->sh_entsize != sizeof(ElfW(Sym)) || s->sh_link >= eh->e_shnum ||
		    s->sh_offset > len || len - s->sh_offset < s->sh_size)
			continue;
		str = &sh[s->sh_link];
		if (str->sh_offset > len || len - str->sh_offset < str->sh_size ||
		    !str->sh_size || img[str->sh_offset + str->sh_size - 1])
			continue;
		m->syms = NULL;
		if (!(n = collect(m, img, s, str)) ||
		    !(m->syms = map(ROUND_UP(n * sizeof(struct fsym), 4096))))
			continue;
		collect(m, img, s, str);
		m->strtab = img + str->sh_offset;
		m->nsyms = fsym_sort(m, m->syms, n);
	}
}

static struct module *module_get(uintptr_t base, const char **path)
{
	const char *name = found_name;
	struct module *m;
	int i;

	if (!name[0]) {
		if (!exe_path[0]) {
			ssize_t n = readlink("/proc/self/exe", exe_path,
					     sizeof(exe_path) - 1);
			exe_path[n > 0 ? n : 0] = 0;
		}
		name = exe_path;
	}
	for (i = 0; i < nmodules; i++)
		if (modules[i].base == base && !strcmp(modules[i].path, name)) {
			*path = modules[i].path;
			return &modules[i];
		}
	if (!(*path = intern(name, strlen(name))) || nmodules == MAX_MODULES)
		return NULL;
	m = &modules[nmodules++];
	m->base = base;
	m->path = *path;
	module_load(m);
	return m;
}

/* Innermost function containing a (a module address), or NULL. */
static const struct fsym *fsym_find(const struct module *m, uintptr_t a)
{
	size_t lo = 0, hi = m->nsyms, i;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->syms[mid].start <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i > 0 && lo - i < 8; i--) {
		const struct fsym *s = &m->syms[i - 1];

		if (s->size ? a - s->start < s->size : i == lo)
			return s;
	}
	return NULL;
}

/* ---- the symbolizer child ----------------------------------------------- */

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
 * no other fds and an environment without LD_PRELOAD and KSAN_OPTIONS.  A
 * CLONE_VM|CLONE_VFORK child with no exit signal: the application's wait()
 * and SIGCHLD never see it, and nothing is allocated.
 */
static void spawn(const char *path, char *const *argv, struct proc *p)
{
	extern char **environ;
	struct child_args c = { .path = path, .argv = argv };
	int fd[5] = { -1, -1, -1, -1, -1 }, i, n = 0, ok = 1;
	char **envp;
	sigset_t all, old;

	p->dead = 1;
	p->pid = -1;
	if (!clone_stack && !(clone_stack = map(CLONE_STACK)))
		return;
	envp = clone_stack;
	for (i = 0; environ && environ[i] && n < CLONE_ENV - 1; i++)
		if (strncmp(environ[i], "LD_PRELOAD=", 11) &&
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

static void proc_kill(struct proc *p)
{
	int status;

	if (p->pid <= 0 || p->dead)
		return;
	close(p->in);
	close(p->out);
	kill(p->pid, SIGKILL);
	waitpid(p->pid, &status, __WALL);
	p->dead = 1;
	diag(tool_path, " stopped answering, going on without it");
}

/* Write the request with SIGPIPE blocked; a SIGPIPE it raises is eaten. */
static int proc_write(struct proc *p, const char *buf, size_t len)
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
		n = write(p->in, buf, len);
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
 * (sentinel: addr2line -a) to the A2L_SENTINEL line and the two after it.
 * Returns 0, -1 on error, 1 if the answer was too long: read, not kept.
 */
static int proc_read(struct proc *p, int sentinel)
{
	size_t len = 0, i, line = 0;	/* line: where the current one starts */
	int lines = 0, after = -1, over = 0, cut = 0;
	ssize_t n;

	for (;;) {
		struct pollfd pfd = { .fd = p->out, .events = POLLIN };

		if (len == sizeof(answer) - 1) {	/* keep the last line only */
			over = 1;
			if (!line)
				cut = 1, len = 0;	/* gone: not blank */
			s_copy(answer, answer + line, len - line);
			len -= line;
			line = 0;
		}
		n = poll(&pfd, 1, TIMEOUT_MS);
		if (n > 0)
			n = read(p->out, answer + len, sizeof(answer) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		for (i = len, len += n; i < len; i++) {
			if (answer[i] != '\n')
				continue;
			if (sentinel && after >= 0)
				after++;
			else if (sentinel && !cut &&
				 i - line == sizeof(A2L_SENTINEL) - 1 &&
				 !strncmp(answer + line, A2L_SENTINEL, i - line))
				after = 0;
			if (sentinel ? after == 2 : lines && i == line && !cut) {
				answer[i + 1] = 0;
				return over;
			}
			lines++;
			line = i + 1;
			cut = 0;
		}
	}
}

static int find_exec(const char *name)
{
	const char *dir = getenv("PATH"), *end;
	char *p;

	if (strchr(name, '/')) {
		if (strlen(name) >= sizeof(tool_path))
			return 0;
		put_str(tool_path, name)[0] = 0;
		return !access(tool_path, X_OK);
	}
	for (dir = dir ? dir : "/usr/local/bin:/usr/bin:/bin"; *dir; dir = end + !!*end) {
		for (end = dir; *end && *end != ':'; end++)
			;
		if (end == dir || end - dir + strlen(name) + 2 > sizeof(tool_path))
			continue;
		s_copy(tool_path, dir, end - dir);
		p = tool_path + (end - dir);
		*p++ = '/';
		put_str(p, name)[0] = 0;
		if (!access(tool_path, X_OK))
			return 1;
	}
	return 0;
}

static void pick_tool(void)
{
	char *argv[] = { tool_path, "--inlining=true", "--functions=linkage",
			 "--demangle", "--verbose", NULL };
	const char *env = secure_getenv("KSAN_SYMBOLIZER_PATH");

	tool = TOOL_NONE;
	if (env && *env && find_exec(env)) {
		tool = strstr(strrchr(tool_path, '/'), "addr2line") ?
			TOOL_A2L : TOOL_LLVM;
	} else if (find_exec("llvm-symbolizer") ||
		   find_exec("/usr/bin/llvm-symbolizer-14") ||
		   find_exec("/usr/lib/llvm-14/bin/llvm-symbolizer")) {
		tool = TOOL_LLVM;
	} else if (find_exec("addr2line")) {
		tool = TOOL_A2L;
	}
	if (tool == TOOL_NONE)
		return;
	diag("", tool_path);
	if (tool != TOOL_LLVM)
		return;
	spawn(tool_path, argv, &llvm);
	if (llvm.dead)
		tool = TOOL_NONE;
}

static struct raw *next_raw(int *n)
{
	struct raw *r = &raws[*n < MAX_FRAMES ? (*n)++ : MAX_FRAMES - 1];

	s_zero(r, sizeof(*r));
	return r;
}

/*
 * The answer's frames into raws[], innermost first; returns how many.  Past
 * MAX_FRAMES the middle ones are dropped: the last stays the real function.
 * addr2line -f -i -a: "0xaddr" then "fn" and "file:line[ (discriminator
 * n)]" per frame, then the sentinel's.  llvm-symbolizer --verbose, per
 * frame: "fn" then "  Key: value" lines (Filename, Line, Column, Function
 * start address...); a blank line ends the answer.
 */
static int split_answer(char *l)
{
	struct raw *r = NULL;
	char *c, *t, *fn = NULL;
	int n = 0, k;

	for (k = 0; (c = strchr(l, '\n')); l = c + 1, k++) {
		*c = 0;
		if (tool == TOOL_A2L) {
			if (!k)
				continue;
			if (k & 1) {
				if (!strcmp(l, A2L_SENTINEL))
					break;
				fn = l;
				continue;
			}
			r = next_raw(&n);
			r->fn = fn;
			if ((t = strstr(l, " (discriminator ")))
				*t = 0;
			if ((t = strrchr(l, ':')))
				*t = 0, r->file = l, r->line = strtoul(t + 1, NULL, 10);
			continue;
		}
		if (!*l)
			break;
		if (*l != ' ') {
			r = next_raw(&n);
			r->fn = l;
			continue;
		}
		while (*l == ' ')
			l++;
		if (!r)
			continue;
		if (!strncmp(l, "Filename: ", 10))
			r->file = l + 10;
		else if (!strncmp(l, "Line: ", 6))
			r->line = strtoul(l + 6, NULL, 10);
		else if (!strncmp(l, "Column: ", 8))
			r->column = strtoul(l + 8, NULL, 10);
		else if (!strncmp(l, "Function start address: ", 24))
			r->start = strtoul(l + 24, NULL, 16);
	}
	return n;
}

/* "??", "??:0", "??:?", line 0: unknown.  Else the file, without "./". */
static const char *raw_file(const struct raw *r)
{
	const char *f = r->file;

	if (!f || !r->line || !*f || !strcmp(f, "??"))
		return NULL;
	if (f[0] == '.' && f[1] == '/')
		f += 2;
	return intern(f, strlen(f));
}

static const char *raw_fn(const struct raw *r)
{
	return r->fn && *r->fn && strcmp(r->fn, "??") ?
		intern(r->fn, strlen(r->fn)) : NULL;
}

/*
 * The answer into sym and, if pc is in inlined code, chain[].  sym gets the
 * location of the innermost frame, the one of pc itself (what the symbolizer
 * gives without inlining, as it always did), and the outermost frame's name
 * and start if the symbol table had none.
 */
static void parse_answer(char *a, struct ksan_symbol *sym)
{
	int n = split_answer(a), i;
	const struct raw *r;
	const char *file;

	for (i = 0; n > 1 && i < n; i++) {
		struct iframe *f = &chain[nchain++];

		r = &raws[i];
		f->function = raw_fn(r);
		f->file = raw_file(r);
		f->line = f->file ? r->line : 0;
		f->column = f->file ? r->column : 0;
	}
	if (!n || !(file = raw_file(&raws[0])))
		return;
	sym->file = file;
	sym->line = raws[0].line;
	sym->column = raws[0].column;
	r = &raws[n - 1];
	if (!sym->function && (sym->function = raw_fn(r)) &&
	    r->start && r->start <= sym->module_offset)
		sym->offset = sym->module_offset - r->start;
}

static void ask_tool(struct module *m, const char *path, uintptr_t off,
		     struct ksan_symbol *sym)
{
	struct proc *p = &llvm;
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
		q = put_str(q, "CODE \"");
		q = put_str(q, path);
		q = put_str(q, "\" ");
	}
	if (p->dead)
		return;
	q = put_str(q, "0x");
	q = put_hex(q, off);
	*q++ = '\n';
	if (tool == TOOL_A2L)	/* its answer tells where the real one ends */
		q = put_str(q, A2L_SENTINEL "\n");
	if (proc_write(p, request, q - request) ||
	    (r = proc_read(p, tool == TOOL_A2L)) < 0) {
		proc_kill(p);
		if (p == &llvm)
			tool = TOOL_NONE;
		return;
	}
	if (!r)
		parse_answer(answer, sym);
}

/* After fork() the children and pipes are the parent's: start afresh. */
static void check_fork(void)
{
	int pid = getpid(), i;

	if (pid == owner_pid)
		return;
	for (i = -1; owner_pid && i < nmodules; i++) {
		struct proc *p = i < 0 ? &llvm : &modules[i].a2l;

		if (p->pid > 0 && !p->dead)
			close(p->in), close(p->out);
		s_zero(p, sizeof(*p));
	}
	owner_pid = pid;
	tool = TOOL_UNPICKED;
}

/*
 * pc's ksan_port_symbolize answer into sym, its inline chain (see struct
 * centry) into *inl and *ninl, valid while the lock is held.  0 if anything
 * is known.
 */
static int symbolize_locked(uintptr_t pc, int is_ret, struct ksan_symbol *sym,
			    const struct iframe **inl, int *ninl)
{
	uintptr_t addr = pc - !!is_ret, flags = 1 | !!is_ret << 1;
	uintptr_t h = (pc * 0x9e3779b97f4a7c15ull) >> 52;
	struct centry *e = NULL;
	struct find f = { .addr = addr };
	const struct fsym *fs;
	struct module *m;
	const char *path;
	size_t i;

	flags |= core_opt.symbolize ? 4 : 0;
	if (!cache && (cache = map(CACHE_SLOTS * sizeof(*cache) +
				   POOL_FRAMES * sizeof(*pool)))) {
		pool = (struct iframe *)(cache + CACHE_SLOTS);
		interned = map(INTERN_SLOTS * sizeof(*interned));
	}
	for (i = 0; cache && i < CACHE_SLOTS; i++) {
		e = &cache[(h + i) & (CACHE_SLOTS - 1)];
		if (e->pc == pc && e->flags == flags) {
			*sym = e->sym;
			*inl = pool + e->first;
			*ninl = e->nchain;
			return sym->module || sym->function ? 0 : -1;
		}
		if (!e->flags)
			break;
	}
	check_fork();
	nchain = 0;
	dl_iterate_phdr(find_cb, &f);
	if (f.found) {
		m = module_get(f.base, &path);
		sym->module = path;
		sym->module_offset = pc - f.base;
		if (m && m->nsyms && (fs = fsym_find(m, addr - f.base))) {
			sym->function = m->strtab + fs->name;
			sym->offset = pc - f.base - fs->start;
			sym->size = fs->size;
		}
		if (core_opt.symbolize && path)
			ask_tool(m, path, addr - f.base, sym);
	}
	*inl = chain;
	*ninl = nchain;
	if (cache && (cache_used >= CACHE_SLOTS * 3 / 4 ||
		      pool_used + nchain > POOL_FRAMES)) {
		s_zero(cache, CACHE_SLOTS * sizeof(*cache));
		cache_used = 0;
		pool_used = 0;
		e = &cache[h];
	}
	if (e && !e->flags) {
		e->pc = pc;
		e->flags = flags;
		e->sym = *sym;
		e->first = pool_used;
		e->nchain = nchain;
		s_copy(pool + pool_used, chain, nchain * sizeof(*chain));
		pool_used += nchain;
		cache_used++;
	}
	return sym->module || sym->function ? 0 : -1;
}

/*
 * frames 0: ksan_port_symbolize's answer into syms[0], returns 1 (0 if
 * nothing is known).  frames 1: up to max (>= 1) frames at pc into syms, the
 * first max - 1 inlined ones then the real function's; returns how many.
 */
static int symbolize(uintptr_t pc, int is_ret, struct ksan_symbol *syms,
		     int max, int frames)
{
	int saved = errno, tid = syscall(SYS_gettid), zero, n = 0, ninl;
	struct timespec ms = { 0, 1000000 };
	const struct iframe *inl;
	struct ksan_symbol sym;
	long tries;

	if (!pc || __atomic_load_n(&lock_word, __ATOMIC_RELAXED) == tid)
		return 0;	/* nothing, or a fault inside ourselves */
	for (tries = 0;; tries++) {
		zero = 0;
		if (__atomic_compare_exchange_n(&lock_word, &zero, tid, 0,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			break;
		if (tries > 60000)	/* a minute: the holder is gone (fork) */
			goto out;
		nanosleep(&ms, NULL);
	}
	s_zero(&sym, sizeof(sym));
	if (!symbolize_locked(pc, is_ret, &sym, &inl, &ninl)) {
		for (; frames && n < ninl - 1 && n < max - 1; n++) {
			s_zero(&syms[n], sizeof(syms[n]));
			syms[n].function = inl[n].function;
			syms[n].file = inl[n].file;
			syms[n].line = inl[n].line;
			syms[n].column = inl[n].column;
			syms[n].module = sym.module;
			syms[n].module_offset = sym.module_offset;
		}
		if (frames && ninl) {	/* the real function at the call site */
			sym.file = inl[ninl - 1].file;
			sym.line = inl[ninl - 1].line;
			sym.column = inl[ninl - 1].column;
		}
		syms[n++] = sym;
	}
	__atomic_store_n(&lock_word, 0, __ATOMIC_RELEASE);
out:
	errno = saved;
	return n;
}

int ksan_port_symbolize(uintptr_t pc, int is_return_address,
			struct ksan_symbol *sym)
{
	s_zero(sym, sizeof(*sym));
	return symbolize(pc, is_return_address, sym, 1, 0) ? 0 : -1;
}

int ksan_port_symbolize_frames(uintptr_t pc, int is_return_address,
			       struct ksan_symbol *syms, int max)
{
	return max > 0 ? symbolize(pc, is_return_address, syms, max, 1) : 0;
}
