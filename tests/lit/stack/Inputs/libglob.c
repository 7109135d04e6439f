char lib_table[24];
int lib_read(int i)
{
	return lib_table[i];
}
