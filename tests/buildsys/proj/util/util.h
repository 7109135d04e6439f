/* util: string helpers (a static library) */
#ifndef UTIL_H
#define UTIL_H
char *util_join(const char *a, const char *b);
/* a copy of s with one byte too few allocated: the bug tests/overflow.c
 * runs into (ksan must catch it; nothing else notices) */
char *util_dup_short(const char *s);
#endif
