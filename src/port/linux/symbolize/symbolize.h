/*
 * This file contains what the Linux port's symbolizer files share: the
 * modules (symbolize/elf.c), the external symbolizer process
 * (symbolize/tool.c) and its answers (symbolize/answer.c), and the cache
 * in front of them (symbolize.c).  None of it calls malloc or stdio: it
 * runs inside reports, malloc and signal handlers.
 */
#ifndef KSAN_PORT_LINUX_SYMBOLIZE_H
#define KSAN_PORT_LINUX_SYMBOLIZE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "core/core.h"

#define SYM_MAX_FRAMES	64	/* per pc, inlined ones and the real one */

struct sym_fn {			/* one function of a module, sorted by start */
	uintptr_t start;
	uint32_t size, name;
};

struct sym_proc {		/* a symbolizer child: pid, request/answer fds */
	int pid, in, out, dead;
};

struct sym_module {
	uintptr_t base;		/* dlpi_addr */
	const char *path;	/* interned */
	int state;		/* 1 file mapped, -1 none (vdso, deleted) */
	const char *strtab;
	size_t nsyms;
	struct sym_fn *syms;
	struct sym_proc a2l;	/* this module's addr2line, when that is the tool */
};

struct sym_iframe {		/* one frame of an inline chain */
	const char *function, *file;
	unsigned line, column;
};

/* symbolize.c: memory that lives as long as the process, diagnostics */
void *sym_map(size_t size);
const char *sym_intern(const char *s, size_t n);
void sym_diag(const char *a, const char *b);

/* symbolize/elf.c: the loaded object containing addr, its path in *path
 * (NULL if no object contains addr), its base in *base; NULL if its
 * symbols cannot be kept (too many modules). */
struct sym_module *sym_module_of(uintptr_t addr, uintptr_t *base, const char **path);
/* The function symbols of the ELF image [img, img+len) into m (syms,
 * strtab, nsyms; strtab points into the image, which must stay). */
void sym_elf_read(struct sym_module *m, const char *img, size_t len);
/* The innermost function containing a module address, or NULL. */
const struct sym_fn *sym_fn_find(const struct sym_module *m, uintptr_t a);
struct sym_module *sym_modules(int *n);
/* The name port_sym_alias gave the function containing addr, its start in
 * *start; NULL if none did. */
const char *sym_alias_find(uintptr_t addr, uintptr_t *start);

/* symbolize/tool.c: asks llvm-symbolizer (else addr2line) about off in
 * path: the location into sym and, if off is in inlined code, the inline
 * chain into sym_chain[0..sym_nchain), innermost first. */
void sym_ask_tool(struct sym_module *m, const char *path, uintptr_t off,
		  struct ksan_symbol *sym);
/* After fork() the children and pipes are the parent's: start afresh. */
void sym_check_fork(void);

/* symbolize/answer.c: the tool's answers.  An answer being read: bytes
 * go into sym_answer_space's room, then sym_answer_add(n) says whether the
 * answer is complete (then NUL-terminated in buf; over: it was longer than
 * cap, its start dropped, not to be parsed).  sym_parse_answer reads a
 * complete one (a2l: addr2line's, else llvm-symbolizer's) into sym and
 * sym_chain[sym_nchain..), in place. */
#define SYM_A2L_SENTINEL "0xffffffffffffffff"	/* ends each addr2line answer */
struct sym_answer {
	char *buf;
	size_t cap, len;	/* buf's size (one byte kept for the NUL), bytes held */
	size_t line;		/* where the current line starts */
	int sentinel;		/* addr2line's: ends after the sentinel's line */
	int lines, after, over, cut;
};
void sym_answer_start(struct sym_answer *a, char *buf, size_t cap, int sentinel);
char *sym_answer_space(struct sym_answer *a, size_t *room);
int sym_answer_add(struct sym_answer *a, size_t n);
extern struct sym_iframe sym_chain[SYM_MAX_FRAMES];
extern int sym_nchain;
void sym_parse_answer(char *a, int a2l, struct ksan_symbol *sym);

/* memcpy and memset are the runtime's checked ones: copy by hand */
#if defined(__x86_64__)
static inline void sym_copy(void *d, const void *s, size_t n)
{
	__asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

static inline void sym_zero(void *d, size_t n)
{
	__asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(0) : "memory");
}
#else	/* the core's own helpers, never the checked ones */
static inline void sym_copy(void *d, const void *s, size_t n)
{
	core_memcpy(d, s, n);
}

static inline void sym_zero(void *d, size_t n)
{
	core_memset(d, 0, n);
}
#endif

static inline char *sym_put(char *p, const char *s)
{
	size_t n = strlen(s);

	sym_copy(p, s, n);
	return p + n;
}

#endif
