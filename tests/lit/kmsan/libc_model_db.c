// KMSAN's C library model, database lookups (src/port/linux/kmsan/libc_db.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.  A row's buffer holds the entry and the result pointer; the strings lie in a buffer of their own and are checked where they are.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <grp.h>
#include <ifaddrs.h>
#include <mntent.h>
#include <netdb.h>
#include <pwd.h>
#include <stdio.h>
#include "Inputs/libc_rows.h"

static char strings[8192];

static void use_strv(char **v)
{
	for (; v && *v; v++)
		use_str(*v);
}

static long pw_row(int r, unsigned char *b)
{
	struct passwd *p = *(struct passwd **)(b + sizeof(struct passwd));

	if (r || !p)
		return -2;
	use_str(p->pw_name);
	use_str(p->pw_dir);
	use_str(p->pw_shell);
	return sizeof(struct passwd) + sizeof(p);
}

static long gr_row(int r, unsigned char *b)
{
	struct group *g = *(struct group **)(b + sizeof(struct group));

	if (r || !g)
		return -2;
	use_str(g->gr_name);
	use_strv(g->gr_mem);
	return sizeof(struct group) + sizeof(g);
}

static long proto_row(int r, unsigned char *b)
{
	struct protoent *p = *(struct protoent **)(b + sizeof(struct protoent));

	if (r || !p)
		return -2;
	use_str(p->p_name);
	use_strv(p->p_aliases);
	return sizeof(struct protoent) + sizeof(p);
}

static long host_row(int r, unsigned char *b, int err)
{
	struct hostent *h = *(struct hostent **)(b + sizeof(struct hostent));

	use(&err, sizeof(err));
	if (r || !h)
		return -2;
	use_str(h->h_name);
	use_strv(h->h_aliases);
	use(h->h_addr_list[0], (size_t)h->h_length);
	return sizeof(struct hostent) + sizeof(h);
}

#define PW(b) (struct passwd *)(b), strings, sizeof(strings), \
	(struct passwd **)((b) + sizeof(struct passwd))
#define GR(b) (struct group *)(b), strings, sizeof(strings), \
	(struct group **)((b) + sizeof(struct group))
#define PROTO(b) (struct protoent *)(b), strings, sizeof(strings), \
	(struct protoent **)((b) + sizeof(struct protoent))
#define HOST(b) (struct hostent *)(b), strings, sizeof(strings), \
	(struct hostent **)((b) + sizeof(struct hostent)), &err

ROW(getpwnam_r, sizeof(struct passwd) + sizeof(void *))
{
	return pw_row(getpwnam_r("root", PW(b)), b);
}

ROW(getpwuid_r, sizeof(struct passwd) + sizeof(void *))
{
	return pw_row(getpwuid_r(0, PW(b)), b);
}

ROW(getpwent_r, sizeof(struct passwd) + sizeof(void *))
{
	long n;

	setpwent();
	n = pw_row(getpwent_r(PW(b)), b);
	endpwent();
	return n;
}

ROW(fgetpwent_r, sizeof(struct passwd) + sizeof(void *))
{
	FILE *f = fopen("/etc/passwd", "r");
	long n = f ? pw_row(fgetpwent_r(f, PW(b)), b) : -2;

	if (f)
		fclose(f);
	return n;
}

ROW(getgrnam_r, sizeof(struct group) + sizeof(void *))
{
	return gr_row(getgrnam_r("root", GR(b)), b);
}

ROW(getgrgid_r, sizeof(struct group) + sizeof(void *))
{
	return gr_row(getgrgid_r(0, GR(b)), b);
}

ROW(getgrent_r, sizeof(struct group) + sizeof(void *))
{
	long n;

	setgrent();
	n = gr_row(getgrent_r(GR(b)), b);
	endgrent();
	return n;
}

ROW(fgetgrent_r, sizeof(struct group) + sizeof(void *))
{
	FILE *f = fopen("/etc/group", "r");
	long n = f ? gr_row(fgetgrent_r(f, GR(b)), b) : -2;

	if (f)
		fclose(f);
	return n;
}

ROW(getprotobyname_r, sizeof(struct protoent) + sizeof(void *))
{
	return proto_row(getprotobyname_r("tcp", PROTO(b)), b);
}

ROW(getprotobynumber_r, sizeof(struct protoent) + sizeof(void *))
{
	return proto_row(getprotobynumber_r(6, PROTO(b)), b);
}

ROW(getprotoent_r, sizeof(struct protoent) + sizeof(void *))
{
	long n;

	setprotoent(0);
	n = proto_row(getprotoent_r(PROTO(b)), b);
	endprotoent();
	return n;
}

ROW(gethostbyname_r, sizeof(struct hostent) + sizeof(void *))
{
	int err;

	return host_row(gethostbyname_r("localhost", HOST(b)), b, err);
}

ROW(gethostbyname2_r, sizeof(struct hostent) + sizeof(void *))
{
	int err;

	return host_row(gethostbyname2_r("localhost", AF_INET, HOST(b)), b, err);
}

ROW(gethostbyaddr_r, sizeof(struct hostent) + sizeof(void *))
{
	struct in_addr a = { htonl(INADDR_LOOPBACK) };
	int err;

	return host_row(gethostbyaddr_r(&a, sizeof(a), AF_INET, HOST(b)), b, err);
}

ROW(gethostent_r, sizeof(struct hostent) + sizeof(void *))
{
	int err;
	long n;

	sethostent(0);
	n = host_row(gethostent_r(HOST(b)), b, err);
	endhostent();
	return n;
}

ROW(getmntent_r, sizeof(struct mntent))
{
	FILE *f = setmntent("/proc/self/mounts", "r");
	struct mntent *m = f ? getmntent_r(f, (struct mntent *)b, strings, sizeof(strings)) : NULL;

	if (f)
		endmntent(f);
	if (!m)
		return -2;
	use_str(m->mnt_fsname);
	use_str(m->mnt_dir);
	use_str(m->mnt_opts);
	return sizeof(struct mntent);
}

/* the count at b, the groups after it */
ROW(getgrouplist, sizeof(int) + 64 * sizeof(gid_t))
{
	int *n = (int *)b;

	*n = 64;
	if (getgrouplist("root", 0, (gid_t *)(b + sizeof(int)), n) < 0)
		return -2;
	return (long)(sizeof(int) + (size_t)*n * sizeof(gid_t));
}

ROW(getaddrinfo, sizeof(struct addrinfo *))
{
	struct addrinfo hints = { .ai_family = AF_INET, .ai_flags = AI_NUMERICHOST };
	struct addrinfo *ai;

	if (getaddrinfo("127.0.0.1", NULL, &hints, (struct addrinfo **)b))
		return -2;
	ai = *(struct addrinfo **)b;
	use(ai->ai_addr, ai->ai_addrlen);
	freeaddrinfo(ai);
	return sizeof(ai);
}

ROW(getnameinfo, 64 + 32)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(80),
				  .sin_addr = { htonl(INADDR_LOOPBACK) } };

	if (getnameinfo((struct sockaddr *)&sa, sizeof(sa), (char *)b + 32, 64, (char *)b, 32,
			NI_NUMERICHOST | NI_NUMERICSERV))
		return -2;
	use_str((char *)b + 32);
	return (long)strlen((char *)b) + 1;
}

ROW(getifaddrs, sizeof(struct ifaddrs *))
{
	struct ifaddrs *ifa;

	if (getifaddrs((struct ifaddrs **)b))
		return -2;
	ifa = *(struct ifaddrs **)b;
	if (ifa)
		use_str(ifa->ifa_name);
	freeifaddrs(ifa);
	return sizeof(ifa);
}

int main(int argc, char **argv)
{
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 20{{$}}
// CHECK-NEXT: STATUS: exit 0
