/*
 * realloc_stale.c: a stale pointer kept across realloc().
 *
 * The symbol table grows its array with realloc(), which may move it.  The
 * caller kept a pointer to an entry ("current") from before the growth and
 * writes through it afterwards, into the old, freed array.  Whether the old
 * block was moved depends on the allocator and the sizes, which makes such
 * bugs intermittent.  KASAN reports the write as a use-after-free whose
 * "Freed by" stack is the realloc() call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct symbol {
	char name[24];
	int value;
};

struct table {
	struct symbol *sym;
	size_t n, cap;
};

struct symbol *table_add(struct table *t, const char *name)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 2;
		t->sym = realloc(t->sym, t->cap * sizeof(*t->sym));
	}
	memset(&t->sym[t->n], 0, sizeof(t->sym[t->n]));
	snprintf(t->sym[t->n].name, sizeof(t->sym[t->n].name), "%s", name);
	return &t->sym[t->n++];
}

int main(void)
{
	struct table t = { 0, 0, 0 };
	struct symbol *current;
	size_t i;

	table_add(&t, "main");
	current = table_add(&t, "argc");
	table_add(&t, "argv");		/* grows the array: current now dangles */
	current->value = 1;		/* write into the freed old array */
	for (i = 0; i < t.n; i++)
		printf("%s = %d\n", t.sym[i].name, t.sym[i].value);
	free(t.sym);
	return 0;
}
