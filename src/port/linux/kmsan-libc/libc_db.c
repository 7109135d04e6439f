/*
 * This file contains KMSAN's model of the C library's database lookups
 * into the caller's buffers: the reentrant user, group, host, protocol
 * and mount-table readers (get*_r: the entry, its strings and arrays in
 * the caller's buffer, and the result pointer), group lists, and the
 * resolver's getaddrinfo, getnameinfo and getifaddrs.  The lists
 * getaddrinfo and getifaddrs return are the C library's own allocations
 * (initialised under the rule for libc memory where libc is a shared
 * object): getifaddrs' model marks the pointer stored through its last
 * argument, getaddrinfo's its list too (a static executable's).
 */
#define _GNU_SOURCE
#include <grp.h>
#include <ifaddrs.h>
#include <mntent.h>
#include <netdb.h>
#include <pwd.h>
#include <stdio.h>
#include "libc_model.h"

/* a NULL-terminated array of strings */
static void wrote_strv(char **v)
{
	size_t i = 0;

	if (!v)
		return;
	for (; v[i]; i++)
		kmsan_wrote_str(v[i]);
	kmsan_wrote(v, (i + 1) * sizeof(*v));
}

static void wrote_passwd(const struct passwd *p)
{
	kmsan_wrote(p, sizeof(*p));
	kmsan_wrote_str(p->pw_name);
	kmsan_wrote_str(p->pw_passwd);
	kmsan_wrote_str(p->pw_gecos);
	kmsan_wrote_str(p->pw_dir);
	kmsan_wrote_str(p->pw_shell);
}

static void wrote_group(const struct group *g)
{
	kmsan_wrote(g, sizeof(*g));
	kmsan_wrote_str(g->gr_name);
	kmsan_wrote_str(g->gr_passwd);
	wrote_strv(g->gr_mem);
}

static void wrote_hostent(const struct hostent *h)
{
	size_t i = 0;

	kmsan_wrote(h, sizeof(*h));
	kmsan_wrote_str(h->h_name);
	wrote_strv(h->h_aliases);
	if (!h->h_addr_list)
		return;
	for (; h->h_addr_list[i]; i++)
		kmsan_wrote(h->h_addr_list[i], (size_t)h->h_length);
	kmsan_wrote(h->h_addr_list, (i + 1) * sizeof(char *));
}

static void wrote_protoent(const struct protoent *p)
{
	kmsan_wrote(p, sizeof(*p));
	kmsan_wrote_str(p->p_name);
	wrote_strv(p->p_aliases);
}

static void wrote_mntent(const struct mntent *m)
{
	kmsan_wrote(m, sizeof(*m));
	kmsan_wrote_str(m->mnt_fsname);
	kmsan_wrote_str(m->mnt_dir);
	kmsan_wrote_str(m->mnt_type);
	kmsan_wrote_str(m->mnt_opts);
}

/*
 * int name(args..., T *e, char *buf, size_t n, T **res): 0 and *res (the
 * entry, or NULL when there is none) on success; the entry's contents
 * through wrote_<T>.
 */
#define GET_R(name, T, params, args)					\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR int name params				\
	{								\
		int r = REAL(name) args;				\
		if (!r) {						\
			kmsan_wrote(res, sizeof(*res));			\
			if (*res)					\
				wrote_##T(*res);			\
		}							\
		return r;						\
	}

/* Names made here: getpwnam_r getpwuid_r getpwent_r fgetpwent_r getgrnam_r
 * getgrgid_r getgrent_r fgetgrent_r getprotobyname_r getprotobynumber_r
 * getprotoent_r */
GET_R(getpwnam_r, passwd, (const char *k, struct passwd *e, char *buf, size_t n,
			   struct passwd **res), (k, e, buf, n, res))
GET_R(getpwuid_r, passwd, (uid_t k, struct passwd *e, char *buf, size_t n,
			   struct passwd **res), (k, e, buf, n, res))
GET_R(getpwent_r, passwd, (struct passwd *e, char *buf, size_t n, struct passwd **res),
      (e, buf, n, res))
GET_R(fgetpwent_r, passwd, (FILE *f, struct passwd *e, char *buf, size_t n,
			    struct passwd **res), (f, e, buf, n, res))
GET_R(getgrnam_r, group, (const char *k, struct group *e, char *buf, size_t n,
			  struct group **res), (k, e, buf, n, res))
GET_R(getgrgid_r, group, (gid_t k, struct group *e, char *buf, size_t n,
			  struct group **res), (k, e, buf, n, res))
GET_R(getgrent_r, group, (struct group *e, char *buf, size_t n, struct group **res),
      (e, buf, n, res))
GET_R(fgetgrent_r, group, (FILE *f, struct group *e, char *buf, size_t n,
			   struct group **res), (f, e, buf, n, res))
GET_R(getprotobyname_r, protoent, (const char *k, struct protoent *e, char *buf, size_t n,
				   struct protoent **res), (k, e, buf, n, res))
GET_R(getprotobynumber_r, protoent, (int k, struct protoent *e, char *buf, size_t n,
				     struct protoent **res), (k, e, buf, n, res))
GET_R(getprotoent_r, protoent, (struct protoent *e, char *buf, size_t n,
				struct protoent **res), (e, buf, n, res))

/* the host lookups: also *err (h_errno's value) */
#define GET_HOST_R(name, params, args)					\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR int name params				\
	{								\
		int r = REAL(name) args;				\
		if (err)						\
			kmsan_wrote(err, sizeof(*err));			\
		if (!r) {						\
			kmsan_wrote(res, sizeof(*res));			\
			if (*res)					\
				wrote_hostent(*res);			\
		}							\
		return r;						\
	}

/* Names made here: gethostbyname_r gethostbyname2_r gethostbyaddr_r gethostent_r */
GET_HOST_R(gethostbyname_r, (const char *k, struct hostent *e, char *buf, size_t n,
			     struct hostent **res, int *err), (k, e, buf, n, res, err))
GET_HOST_R(gethostbyname2_r, (const char *k, int af, struct hostent *e, char *buf, size_t n,
			      struct hostent **res, int *err), (k, af, e, buf, n, res, err))
GET_HOST_R(gethostbyaddr_r, (const void *k, socklen_t len, int type, struct hostent *e,
			     char *buf, size_t n, struct hostent **res, int *err),
	   (k, len, type, e, buf, n, res, err))
GET_HOST_R(gethostent_r, (struct hostent *e, char *buf, size_t n, struct hostent **res,
			  int *err), (e, buf, n, res, err))

KMSAN_REAL(getmntent_r);
PORT_INTERCEPTOR struct mntent *getmntent_r(FILE *f, struct mntent *m, char *buf, int n)
{
	struct mntent *r = REAL(getmntent_r)(f, m, buf, n);

	if (r)
		wrote_mntent(r);
	return r;
}

/* *n: the count found; the groups that fit (all of them when r >= 0) */
KMSAN_REAL(getgrouplist);
PORT_INTERCEPTOR int getgrouplist(const char *user, gid_t group, gid_t *groups, int *n)
{
	int want = *n;
	int r = REAL(getgrouplist)(user, group, groups, n);

	kmsan_wrote(n, sizeof(*n));
	if (*n > 0)
		kmsan_wrote(groups, (size_t)(*n < want ? *n : want) * sizeof(*groups));
	return r;
}

KMSAN_REAL(getaddrinfo);
PORT_INTERCEPTOR int getaddrinfo(const char *node, const char *serv, const struct addrinfo *hints,
				 struct addrinfo **res)
{
	int r = REAL(getaddrinfo)(node, serv, hints, res);
	const struct addrinfo *ai;

	if (r) {
		kmsan_wrote_errno();
		return r;
	}
	kmsan_wrote(res, sizeof(*res));
	/* the list: the C library's own malloc, initialised by the rule for
	 * libc memory where libc is a shared object; a static executable's
	 * libc.a is the program's code, so the list is marked here */
	for (ai = *res; ai; ai = ai->ai_next) {
		kmsan_wrote(ai, sizeof(*ai));
		kmsan_wrote(ai->ai_addr, ai->ai_addrlen);
		kmsan_wrote_str(ai->ai_canonname);
	}
	return r;
}

KMSAN_REAL(getnameinfo);
PORT_INTERCEPTOR int getnameinfo(const struct sockaddr *sa, socklen_t len, char *host,
				 socklen_t hostlen, char *serv, socklen_t servlen, int flags)
{
	int r = REAL(getnameinfo)(sa, len, host, hostlen, serv, servlen, flags);

	if (!r) {
		if (host && hostlen)
			kmsan_wrote_strn(host, hostlen);
		if (serv && servlen)
			kmsan_wrote_strn(serv, servlen);
	}
	return r;
}

KMSAN_REAL(getifaddrs);
PORT_INTERCEPTOR int getifaddrs(struct ifaddrs **res)
{
	return kmsan_wrote_if0(REAL(getifaddrs)(res), res, sizeof(*res));
}
