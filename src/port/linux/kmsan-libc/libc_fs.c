/*
 * This file contains KMSAN's model of the C library's file-system
 * queries that store through a pointer argument: the statfs and statvfs
 * families, extended attributes (values and name lists, by the returned
 * size), the reentrant directory readers (readdir_r: the entry by its
 * record length, and the result pointer), scandir's list pointer and
 * count, glob's glob_t and wordexp's wordexp_t.  The lists and strings
 * scandir, glob and wordexp allocate are the C library's own (initialised
 * under the rule for libc memory).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <glob.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <wordexp.h>
#include "libc_model.h"

/* Names made here: statfs statfs64 fstatfs fstatfs64 statvfs statvfs64
 * fstatvfs fstatvfs64 */
KMSAN_OUT1(statfs, const char *, struct statfs)
KMSAN_OUT1(statfs64, const char *, struct statfs64)
KMSAN_OUT1(fstatfs, int, struct statfs)
KMSAN_OUT1(fstatfs64, int, struct statfs64)
KMSAN_OUT1(statvfs, const char *, struct statvfs)
KMSAN_OUT1(statvfs64, const char *, struct statvfs64)
KMSAN_OUT1(fstatvfs, int, struct statvfs)
KMSAN_OUT1(fstatvfs64, int, struct statvfs64)

/* a value's or a name list's size; with size 0 only the size is asked */
static ssize_t wrote_xattr(ssize_t r, const void *buf, size_t size)
{
	if (r > 0 && buf && size)
		kmsan_wrote(buf, (size_t)r);
	else if (r < 0)
		kmsan_wrote_errno();
	return r;
}

#define GETXATTR(name, F)						\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR ssize_t name(F f, const char *key, void *v, size_t n) \
	{								\
		return wrote_xattr(REAL(name)(f, key, v, n), v, n);	\
	}
#define LISTXATTR(name, F)						\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR ssize_t name(F f, char *list, size_t n)	\
	{								\
		return wrote_xattr(REAL(name)(f, list, n), list, n);	\
	}

/* Names made here: getxattr lgetxattr fgetxattr listxattr llistxattr flistxattr */
GETXATTR(getxattr, const char *)
GETXATTR(lgetxattr, const char *)
GETXATTR(fgetxattr, int)
LISTXATTR(listxattr, const char *)
LISTXATTR(llistxattr, const char *)
LISTXATTR(flistxattr, int)

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"	/* readdir_r: still exported */
static void wrote_dirent_r(const void *res, const struct dirent *e, size_t size)
{
	kmsan_wrote(res, sizeof(void *));
	if (*(void *const *)res)
		kmsan_wrote(e, e->d_reclen < size ? e->d_reclen : size);
}

KMSAN_REAL(readdir_r);
PORT_INTERCEPTOR int readdir_r(DIR *d, struct dirent *e, struct dirent **res)
{
	int r = REAL(readdir_r)(d, e, res);

	if (!r)
		wrote_dirent_r(res, e, sizeof(*e));
	return r;
}

KMSAN_REAL(readdir64_r);
PORT_INTERCEPTOR int readdir64_r(DIR *d, struct dirent64 *e, struct dirent64 **res)
{
	int r = REAL(readdir64_r)(d, e, res);

	if (!r)
		wrote_dirent_r(res, (struct dirent *)e, sizeof(*e));
	return r;
}
#pragma GCC diagnostic pop

/* Makes scandir (struct dirent) and scandir64 (struct dirent64): the
 * list pointer written on success, errno on failure. */
#define SCANDIR(name, dirent)						\
KMSAN_REAL(name);							\
PORT_INTERCEPTOR int name(const char *dir, struct dirent ***list,	\
			  int (*filter)(const struct dirent *),		\
			  int (*cmp)(const struct dirent **, const struct dirent **)) \
{									\
	int r = REAL(name)(dir, list, filter, cmp);			\
									\
	if (r >= 0)							\
		kmsan_wrote(list, sizeof(*list));			\
	else								\
		kmsan_wrote_errno();					\
	return r;							\
}
SCANDIR(scandir, dirent)
SCANDIR(scandir64, dirent64)

/* the whole glob_t on success or no match (gl_pathc 0, gl_pathv set) */
KMSAN_REAL(glob);
PORT_INTERCEPTOR int glob(const char *pat, int flags, int (*err)(const char *, int), glob_t *g)
{
	int r = REAL(glob)(pat, flags, err, g);

	if (!r || r == GLOB_NOMATCH)
		kmsan_wrote(g, sizeof(*g));
	return r;
}

KMSAN_REAL(glob64);
PORT_INTERCEPTOR int glob64(const char *pat, int flags, int (*err)(const char *, int),
			    glob64_t *g)
{
	int r = REAL(glob64)(pat, flags, err, g);

	if (!r || r == GLOB_NOMATCH)
		kmsan_wrote(g, sizeof(*g));
	return r;
}

KMSAN_REAL(wordexp);
PORT_INTERCEPTOR int wordexp(const char *words, wordexp_t *w, int flags)
{
	int r = REAL(wordexp)(words, w, flags);

	if (!r)
		kmsan_wrote(w, sizeof(*w));
	return r;
}
