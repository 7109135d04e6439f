/*
 * lookaside_uaf.c: drives SQLite's parser once, so that the planted bug of
 * sqlite-lookaside-plant-uaf.patch (sqlite3ExprDeleteNN reads an Expr it
 * has just freed) runs on Exprs that live in lookaside slots.
 */
#include <stdio.h>
#include "sqlite3.h"

int main(void)
{
	sqlite3 *db;
	sqlite3_stmt *st;

	if (sqlite3_open(":memory:", &db) != SQLITE_OK)
		return 2;
	if (sqlite3_prepare_v2(db, "SELECT 1 + 2 * 3", -1, &st, 0) != SQLITE_OK)
		return 2;
	if (sqlite3_step(st) == SQLITE_ROW)
		printf("1 + 2 * 3 = %d\n", sqlite3_column_int(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(db);
	return 0;
}
