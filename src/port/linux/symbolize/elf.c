/*
 * This file contains the Linux port's module discovery and ELF symbol
 * tables: which loaded object holds a pc (the dynamic loader's list, which
 * needs no /proc and includes the main program and the vdso), and the
 * function containing it from that object's .symtab (else .dynsym).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "../linux.h"
#include "symbolize.h"

#define MAX_MODULES	64

static struct sym_module modules[MAX_MODULES];
static int nmodules;
static char found_name[PATH_MAX];	/* the object find_cb found */

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
		sym_copy(found_name, name, n);
		found_name[n] = 0;
		f->base = info->dlpi_addr;
		f->found = 1;
		return 1;
	}
	return 0;
}

/* By start; among aliases the sized, then the shortest name (write, not
 * __write or __libc_write). */
static int fn_less(const struct sym_module *m, const struct sym_fn *a,
		   const struct sym_fn *b)
{
	size_t la, lb;

	if (a->start != b->start)
		return a->start < b->start;
	if (!a->size != !b->size)
		return a->size != 0;
	la = strlen(m->strtab + a->name), lb = strlen(m->strtab + b->name);
	return la != lb ? la < lb : strcmp(m->strtab + a->name, m->strtab + b->name) < 0;
}

static void sift(const struct sym_module *m, struct sym_fn *v, size_t i, size_t n)
{
	for (;;) {
		size_t c = 2 * i + 1;
		struct sym_fn t;

		if (c >= n)
			return;
		if (c + 1 < n && fn_less(m, &v[c], &v[c + 1]))
			c++;
		if (!fn_less(m, &v[i], &v[c]))
			return;
		t = v[i], v[i] = v[c], v[c] = t;
		i = c;
	}
}

static size_t fn_sort(const struct sym_module *m, struct sym_fn *v, size_t n)
{
	size_t i, out = 0;
	struct sym_fn t;

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
static size_t collect(struct sym_module *m, const char *img,
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

/*
 * The main program's file, named by /proc/self/exe or (without /proc) by
 * the auxiliary vector, must be the one that was loaded: its entry point,
 * relocated, is the kernel's AT_ENTRY.
 */
static int is_loaded_exe(const struct sym_module *m, const ElfW(Ehdr) *eh)
{
	uintptr_t entry = getauxval(AT_ENTRY);

	return !entry || eh->e_entry + m->base == entry;
}

void sym_elf_read(struct sym_module *m, const char *img, size_t len)
{
	const ElfW(Ehdr) *eh = (const void *)img;
	const ElfW(Shdr) *sh;
	size_t n;
	int pass;

	if (len < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shentsize != sizeof(*sh) || eh->e_shoff > len ||
	    eh->e_shoff % _Alignof(ElfW(Shdr)) ||
	    (len - eh->e_shoff) / sizeof(*sh) < eh->e_shnum)
		return;
	sh = (const void *)(img + eh->e_shoff);
	/* .symtab, else .dynsym; the string table must end in a NUL; the
	 * tables aligned (a linker's are: a misaligned one is damage) */
	for (pass = 0; pass < 2 * eh->e_shnum && !m->nsyms; pass++) {
		const ElfW(Shdr) *s = &sh[pass % eh->e_shnum], *str;

		if (s->sh_type != (pass < eh->e_shnum ? SHT_SYMTAB : SHT_DYNSYM) ||
		    s->sh_entsize != sizeof(ElfW(Sym)) || s->sh_link >= eh->e_shnum ||
		    s->sh_offset > len || len - s->sh_offset < s->sh_size ||
		    s->sh_offset % _Alignof(ElfW(Sym)))
			continue;
		str = &sh[s->sh_link];
		if (str->sh_offset > len || len - str->sh_offset < str->sh_size ||
		    !str->sh_size || img[str->sh_offset + str->sh_size - 1])
			continue;
		m->syms = NULL;
		if (!(n = collect(m, img, s, str)) ||
		    !(m->syms = sym_map(ROUND_UP(n * sizeof(struct sym_fn), 4096))))
			continue;
		collect(m, img, s, str);
		m->strtab = img + str->sh_offset;
		m->nsyms = fn_sort(m, m->syms, n);
	}
}

static void module_load(struct sym_module *m, int is_exe)
{
	const ElfW(Ehdr) *eh;
	struct stat st;
	size_t len;
	const char *img;
	int fd;

	m->state = -1;
	if (!m->path[0] || (fd = open(m->path, O_RDONLY | O_CLOEXEC)) < 0)
		goto out;
	img = fstat(fd, &st) || st.st_size < (off_t)sizeof(*eh) ? MAP_FAILED :
		port_sys_mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (img == MAP_FAILED)
		goto out;
	len = st.st_size;
	eh = (const void *)img;
	if (is_exe && !memcmp(eh->e_ident, ELFMAG, SELFMAG) && !is_loaded_exe(m, eh)) {
		port_sys_munmap((void *)img, len);
		goto out;
	}
	m->state = 1;		/* a file: worth asking the symbolizer about */
	sym_elf_read(m, img, len);
	return;
out:
	if (is_exe)
		port_noproc_notice(NOPROC_EXE);
}

static struct sym_module *module_get(uintptr_t base, const char **path)
{
	const char *name = found_name;
	struct sym_module *m;
	/* the loader names the main program "" (static musl: /proc/self/exe,
	 * which an external symbolizer would read as its own) */
	int i, is_exe = !name[0] || !strcmp(name, "/proc/self/exe");

	if (is_exe)
		name = port_exe_path();
	for (i = 0; i < nmodules; i++)
		if (modules[i].base == base && !strcmp(modules[i].path, name)) {
			*path = modules[i].path;
			return &modules[i];
		}
	if (!(*path = sym_intern(name, strlen(name))) || nmodules == MAX_MODULES)
		return NULL;
	m = &modules[nmodules++];
	m->base = base;
	m->path = *path;
	module_load(m, is_exe);
	return m;
}

struct sym_module *sym_module_of(uintptr_t addr, uintptr_t *base, const char **path)
{
	struct find f = { .addr = addr };

	*path = NULL;
	dl_iterate_phdr(find_cb, &f);
	if (!f.found)
		return NULL;
	*base = f.base;
	return module_get(f.base, path);
}

const struct sym_fn *sym_fn_find(const struct sym_module *m, uintptr_t a)
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
		const struct sym_fn *s = &m->syms[i - 1];

		if (s->size ? a - s->start < s->size : i == lo)
			return s;
	}
	return NULL;
}

struct sym_module *sym_modules(int *n)
{
	*n = nmodules;
	return modules;
}

/*
 * C library functions with no symbol of their own: glibc's memcpy is an
 * IFUNC, and the variant it resolves to (__memcpy_sve, ...) is a local
 * symbol that Debian's stripped libc.so.6 does not keep, so a fault in it
 * (an MTE tag check) had only module+offset.  The port resolves a few
 * such functions by name (mem.c: dlsym gives the variant's address) and
 * registers them here; a pc whose function (its start, from the unwind
 * tables) is one of them gets that name.
 */
#define MAX_ALIASES 8
static struct {
	uintptr_t start;
	const char *name;
} aliases[MAX_ALIASES];
static int naliases;

struct sym_eh_bases {		/* libgcc's struct dwarf_eh_bases */
	void *tbase, *dbase, *func;
};
/* weak: musl links may have no libgcc unwinder (libc.h); glibc's have */
const void *_Unwind_Find_FDE(void *pc, struct sym_eh_bases *bases) __attribute__((weak));

/* From start-up (port_mem_init), before any report. */
void port_sym_alias(const void *fn, const char *name)
{
	if (fn && naliases < MAX_ALIASES) {
		aliases[naliases].start = (uintptr_t)fn;
		aliases[naliases].name = name;
		naliases++;
	}
}

const char *sym_alias_find(uintptr_t addr, uintptr_t *start)
{
	struct sym_eh_bases b = { 0, 0, 0 };
	int i;

	if (!naliases || !_Unwind_Find_FDE || !_Unwind_Find_FDE((void *)addr, &b))
		return NULL;
	for (i = 0; i < naliases; i++)
		if (aliases[i].start == (uintptr_t)b.func) {
			*start = aliases[i].start;
			return aliases[i].name;
		}
	return NULL;
}
