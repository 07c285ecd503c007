/*
 * header_test.cc -- include/ptx.h compiles as C++ (tests/unit/header.test
 * builds this file with -Wall -Wextra -pedantic -Werror): extern "C", no C-only
 * syntax, and the _INIT macros are valid aggregate initialisers.
 */
#include "include/ptx.h"

int
main()
{
	ptx_alloc a = PTX_ALLOC_INIT;
	ptx_parse_opts po = PTX_PARSE_OPTS_INIT;
	ptx_verify_opts vo = PTX_VERIFY_OPTS_INIT;

	return a.version == PTX_API_VERSION && po.version == PTX_API_VERSION &&
	    vo.version == PTX_API_VERSION ? 0 : 1;
}
