/* config.h for CMake (configure_file); autoconf's comes from autoheader,
 * Meson's from its configuration_data: the same macros */
#cmakedefine HAVE_STRNDUP 1
#cmakedefine HAVE_GETLINE 1
#cmakedefine HAVE_NO_SUCH_FUNCTION_KSAN 1
#cmakedefine MALLOC_0_IS_NONNULL 1
#cmakedefine STRDUP_WORKS 1
#define SIZEOF_LONG @SIZEOF_LONG@
