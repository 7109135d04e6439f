// KMSAN's C library model, conversions (src/port/linux/kmsan/libc_conv.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.
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
#include <locale.h>
#include <net/if.h>
#include <netinet/ether.h>
#include <stdlib.h>
#include <wchar.h>
#include "Inputs/libc_rows.h"

static locale_t loc;

#define END_ROW(fn, C, num, ...)					\
	ROW(fn, sizeof(C *))						\
	{								\
		static const C text[] = num;				\
		(void)fn(text, (C **)b, ##__VA_ARGS__);			\
		return sizeof(C *);					\
	}

END_ROW(strtol_l, char, "12x", 10, loc)
END_ROW(strtoul_l, char, "12x", 10, loc)
END_ROW(strtoll_l, char, "12x", 10, loc)
END_ROW(strtoull_l, char, "12x", 10, loc)
END_ROW(strtod_l, char, "1.5x", loc)
END_ROW(strtof_l, char, "1.5x", loc)
END_ROW(strtold_l, char, "1.5x", loc)
END_ROW(wcstol, wchar_t, L"12x", 10)
END_ROW(wcstoul, wchar_t, L"12x", 10)
END_ROW(wcstoll, wchar_t, L"12x", 10)
END_ROW(wcstoull, wchar_t, L"12x", 10)
END_ROW(wcstod, wchar_t, L"1.5x")
END_ROW(wcstof, wchar_t, L"1.5x")
END_ROW(wcstold, wchar_t, L"1.5x")
END_ROW(wcstol_l, wchar_t, L"12x", 10, loc)
END_ROW(wcstoul_l, wchar_t, L"12x", 10, loc)
END_ROW(wcstoll_l, wchar_t, L"12x", 10, loc)
END_ROW(wcstoull_l, wchar_t, L"12x", 10, loc)
END_ROW(wcstod_l, wchar_t, L"1.5x", loc)
END_ROW(wcstof_l, wchar_t, L"1.5x", loc)
END_ROW(wcstold_l, wchar_t, L"1.5x", loc)

ROW(inet_aton, sizeof(struct in_addr))
{
	return inet_aton("10.1.2.3", (struct in_addr *)b) ? 4 : -2;
}

ROW(inet_pton, 16)
{
	return inet_pton(AF_INET6, "fe80::1", b) == 1 ? 16 : -2;
}

ROW(inet_ntop, 64)
{
	static const unsigned char a[4] = { 10, 0, 0, 1 };

	return inet_ntop(AF_INET, a, (char *)b, 64) ? (long)strlen((char *)b) + 1 : -2;
}

ROW(ether_aton_r, sizeof(struct ether_addr))
{
	return ether_aton_r("01:02:03:04:05:06", (struct ether_addr *)b) ? 6 : -2;
}

ROW(ether_ntoa_r, 32)
{
	static const struct ether_addr a = { { 1, 2, 3, 4, 5, 6 } };

	return ether_ntoa_r(&a, (char *)b) ? (long)strlen((char *)b) + 1 : -2;
}

ROW(ether_line, 6 + 64)
{
	if (ether_line("01:02:03:04:05:06 myhost", (struct ether_addr *)b, (char *)b + 6))
		return -2;
	use(b, 6);
	return 6 + (long)strlen((char *)b + 6) + 1;
}

/* /etc/ethers rarely exists: the lookups fail and store nothing; with an
 * entry they store it (checked then) */
ROW(ether_hostton, 6)
{
	return ether_hostton("localhost", (struct ether_addr *)b) ? 0 : 6;
}

ROW(ether_ntohost, 256)
{
	static const struct ether_addr a = { { 1, 2, 3, 4, 5, 6 } };

	return ether_ntohost((char *)b, &a) ? 0 : (long)strlen((char *)b) + 1;
}

ROW(gcvt, 32)
{
	return (long)strlen(gcvt(3.25, 6, (char *)b)) + 1;
}

ROW(if_indextoname, IF_NAMESIZE)
{
	unsigned int i = if_nametoindex("lo");

#ifdef ROWS_STATIC
	/* libc.a's if_indextoname pads the name with strncpy, which in a
	 * static executable is ksan's: the whole buffer is marked */
	if (i && if_indextoname(i, (char *)b))
		return NOPAST;
#endif
	return i && if_indextoname(i, (char *)b) ? (long)strlen((char *)b) + 1 : -2;
}

int main(int argc, char **argv)
{
	loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 31{{$}}
// CHECK-NEXT: STATUS: exit 0
