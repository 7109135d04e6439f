/*
 * This file contains KMSAN's model of the C library's conversions that
 * store through a pointer argument: the locale and wide-character number
 * parsers (*endptr), the network address parsers and printers
 * (inet_aton, inet_pton, inet_ntop, ether_*), and gcvt's digits.
 * Whatever the call stored is initialised afterwards; nothing else is
 * touched (an endptr left alone by a null argument, an address a failed
 * parse did not write).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <locale.h>
#include <net/if.h>
#include <netinet/ether.h>
#include <stdlib.h>
#include <wchar.h>
#include "libc_model.h"

/* *end is stored whenever end is not null (the start on no digits) */
static inline void wrote_end(const void *end)
{
	if (end)
		kmsan_wrote(end, sizeof(char *));
}

/* ret name(const C *s, C **end, int base[, locale_t]) */
#define STRTO_BASE(name, ret, C)					\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR ret name(const C *s, C **end, int base)	\
	{								\
		ret r = REAL(name)(s, end, base);			\
		wrote_end(end);						\
		return r;						\
	}
#define STRTO_BASE_L(name, ret, C)					\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR ret name(const C *s, C **end, int base, locale_t loc) \
	{								\
		ret r = REAL(name)(s, end, base, loc);			\
		wrote_end(end);						\
		return r;						\
	}
#define STRTO_FLT(name, ret, C)						\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR ret name(const C *s, C **end)			\
	{								\
		ret r = REAL(name)(s, end);				\
		wrote_end(end);						\
		return r;						\
	}
#define STRTO_FLT_L(name, ret, C)					\
	KMSAN_REAL(name);						\
	PORT_INTERCEPTOR ret name(const C *s, C **end, locale_t loc)	\
	{								\
		ret r = REAL(name)(s, end, loc);			\
		wrote_end(end);						\
		return r;						\
	}

/* Names made here: strtol_l strtoul_l strtoll_l strtoull_l strtod_l
 * strtof_l strtold_l, wcstol wcstoul wcstoll wcstoull wcstod wcstof
 * wcstold and their _l forms. */
STRTO_BASE_L(strtol_l, long, char)
STRTO_BASE_L(strtoul_l, unsigned long, char)
STRTO_BASE_L(strtoll_l, long long, char)
STRTO_BASE_L(strtoull_l, unsigned long long, char)
STRTO_FLT_L(strtod_l, double, char)
STRTO_FLT_L(strtof_l, float, char)
STRTO_FLT_L(strtold_l, long double, char)
STRTO_BASE(wcstol, long, wchar_t)
STRTO_BASE(wcstoul, unsigned long, wchar_t)
STRTO_BASE(wcstoll, long long, wchar_t)
STRTO_BASE(wcstoull, unsigned long long, wchar_t)
STRTO_FLT(wcstod, double, wchar_t)
STRTO_FLT(wcstof, float, wchar_t)
STRTO_FLT(wcstold, long double, wchar_t)
STRTO_BASE_L(wcstol_l, long, wchar_t)
STRTO_BASE_L(wcstoul_l, unsigned long, wchar_t)
STRTO_BASE_L(wcstoll_l, long long, wchar_t)
STRTO_BASE_L(wcstoull_l, unsigned long long, wchar_t)
STRTO_FLT_L(wcstod_l, double, wchar_t)
STRTO_FLT_L(wcstof_l, float, wchar_t)
STRTO_FLT_L(wcstold_l, long double, wchar_t)

/* ---- network addresses ---------------------------------------------- */

KMSAN_REAL(inet_aton);
PORT_INTERCEPTOR int inet_aton(const char *cp, struct in_addr *a)
{
	int r = REAL(inet_aton)(cp, a);

	if (r)
		kmsan_wrote(a, sizeof(*a));
	return r;
}

KMSAN_REAL(inet_pton);
PORT_INTERCEPTOR int inet_pton(int af, const char *src, void *dst)
{
	int r = REAL(inet_pton)(af, src, dst);

	if (r == 1)
		kmsan_wrote(dst, af == AF_INET6 ? 16 : 4);
	else if (r < 0)
		kmsan_wrote_errno();
	return r;
}

KMSAN_REAL(inet_ntop);
PORT_INTERCEPTOR const char *inet_ntop(int af, const void *src, char *dst, socklen_t n)
{
	const char *r = REAL(inet_ntop)(af, src, dst, n);

	if (r)
		kmsan_wrote_str(dst);
	else
		kmsan_wrote_errno();
	return r;
}

KMSAN_REAL(ether_aton_r);
PORT_INTERCEPTOR struct ether_addr *ether_aton_r(const char *s, struct ether_addr *a)
{
	struct ether_addr *r = REAL(ether_aton_r)(s, a);

	if (r)
		kmsan_wrote(a, sizeof(*a));
	return r;
}

KMSAN_REAL(ether_ntoa_r);
PORT_INTERCEPTOR char *ether_ntoa_r(const struct ether_addr *a, char *buf)
{
	char *r = REAL(ether_ntoa_r)(a, buf);

	kmsan_wrote_str(r);
	return r;
}

KMSAN_REAL(ether_hostton);
PORT_INTERCEPTOR int ether_hostton(const char *host, struct ether_addr *a)
{
	return kmsan_wrote_if0(REAL(ether_hostton)(host, a), a, sizeof(*a));
}

KMSAN_REAL(ether_ntohost);
PORT_INTERCEPTOR int ether_ntohost(char *host, const struct ether_addr *a)
{
	int r = REAL(ether_ntohost)(host, a);

	if (!r)
		kmsan_wrote_str(host);
	return r;
}

KMSAN_REAL(ether_line);
PORT_INTERCEPTOR int ether_line(const char *line, struct ether_addr *a, char *host)
{
	int r = REAL(ether_line)(line, a, host);

	if (!r) {
		kmsan_wrote(a, sizeof(*a));
		kmsan_wrote_str(host);
	}
	return r;
}

KMSAN_REAL(gcvt);
PORT_INTERCEPTOR char *gcvt(double x, int ndigit, char *buf)
{
	char *r = REAL(gcvt)(x, ndigit, buf);

	kmsan_wrote_str(r);
	return r;
}

KMSAN_REAL(if_indextoname);
PORT_INTERCEPTOR char *if_indextoname(unsigned int index, char name[IF_NAMESIZE])
{
	char *r = REAL(if_indextoname)(index, name);

	if (r)
		kmsan_wrote_str(r);
	else
		kmsan_wrote_errno();
	return r;
}
