// KMSAN's C library model, file-system queries (src/port/linux/kmsan/libc_fs.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/sub && touch %t.dir/a %t.dir/b
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok %t.dir 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list %t.dir > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past %t.dir 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %t.static ok %t.dir 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list %t.dir > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past %t.dir 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <glob.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <wordexp.h>
#include "Inputs/libc_rows.h"

static const char *dir;
static int dfd;
static char path[4096];

#define STRUCT_ROW(fn, T, arg)						\
	ROW(fn, sizeof(T))						\
	{								\
		return fn(arg, (T *)b) ? -2 : (long)sizeof(T);		\
	}

STRUCT_ROW(statfs, struct statfs, dir)
STRUCT_ROW(statfs64, struct statfs64, dir)
STRUCT_ROW(fstatfs, struct statfs, dfd)
STRUCT_ROW(fstatfs64, struct statfs64, dfd)
STRUCT_ROW(statvfs, struct statvfs, dir)
STRUCT_ROW(statvfs64, struct statvfs64, dir)
STRUCT_ROW(fstatvfs, struct statvfs, dfd)
STRUCT_ROW(fstatvfs64, struct statvfs64, dfd)

/* user.k = "value" on the directory's file a (a file system without user
 * attributes: the calls fail and store nothing) */
#define XATTR_ROW(fn, ...)						\
	ROW(fn, 64)							\
	{								\
		ssize_t n = fn(__VA_ARGS__);				\
		return n < 0 ? 0 : n;					\
	}

XATTR_ROW(getxattr, path, "user.k", b, 64)
XATTR_ROW(lgetxattr, path, "user.k", b, 64)
XATTR_ROW(listxattr, path, (char *)b, 64)
XATTR_ROW(llistxattr, path, (char *)b, 64)

ROW(fgetxattr, 64)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fgetxattr(fd, "user.k", b, 64);

	close(fd);
	return n < 0 ? 0 : n;
}

ROW(flistxattr, 64)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = flistxattr(fd, (char *)b, 64);

	close(fd);
	return n < 0 ? 0 : n;
}

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
/* the result pointer at b, the entry after it, by its record length */
ROW(readdir_r, sizeof(void *) + sizeof(struct dirent))
{
	DIR *d = opendir(dir);
	struct dirent *e = (struct dirent *)(b + sizeof(void *));
	long n = readdir_r(d, e, (struct dirent **)b) || !*(void **)b ? -2 :
		(long)(sizeof(void *) + e->d_reclen);

	closedir(d);
	return n;
}

ROW(readdir64_r, sizeof(void *) + sizeof(struct dirent64))
{
	DIR *d = opendir(dir);
	struct dirent64 *e = (struct dirent64 *)(b + sizeof(void *));
	long n = readdir64_r(d, e, (struct dirent64 **)b) || !*(void **)b ? -2 :
		(long)(sizeof(void *) + e->d_reclen);

	closedir(d);
	return n;
}

ROW(scandir, sizeof(void *))
{
	struct dirent **list;
	int i, n = scandir(dir, (struct dirent ***)b, NULL, alphasort);

	if (n < 0)
		return -2;
	list = *(struct dirent ***)b;
	for (i = 0; i < n; i++) {
		use_str(list[i]->d_name);
		free(list[i]);
	}
	free(list);
	return sizeof(void *);
}

ROW(scandir64, sizeof(void *))
{
	struct dirent64 **list;
	int i, n = scandir64(dir, (struct dirent64 ***)b, NULL, alphasort64);

	if (n < 0)
		return -2;
	list = *(struct dirent64 ***)b;
	for (i = 0; i < n; i++) {
		use_str(list[i]->d_name);
		free(list[i]);
	}
	free(list);
	return sizeof(void *);
}

ROW(glob, sizeof(glob_t))
{
	char pat[4200];
	glob_t *g = (glob_t *)b;

	snprintf(pat, sizeof(pat), "%s/*", dir);
	if (glob(pat, 0, NULL, g))
		return -2;
	use_str(g->gl_pathv[0]);
	globfree(g);
	return sizeof(*g);
}

ROW(glob64, sizeof(glob64_t))
{
	char pat[4200];
	glob64_t *g = (glob64_t *)b;

	snprintf(pat, sizeof(pat), "%s/*", dir);
	if (glob64(pat, 0, NULL, g))
		return -2;
	use_str(g->gl_pathv[0]);
	globfree64(g);
	return sizeof(*g);
}

ROW(wordexp, sizeof(wordexp_t))
{
	wordexp_t *w = (wordexp_t *)b;

	if (wordexp("one two", w, WRDE_NOCMD))
		return -2;
	use_str(w->we_wordv[1]);
	wordfree(w);
	return sizeof(*w);
}

int main(int argc, char **argv)
{
	dir = argv[2];
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	snprintf(path, sizeof(path), "%s/a", dir);
	setxattr(path, "user.k", "value", 5, 0);
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 21{{$}}
// CHECK-NEXT: STATUS: exit 0
