/*
 * header_test.c -- include/ptx.h compiles on its own as strict C99
 * (tests/unit/header.test builds this file with -std=c99 -Wall -Wextra
 * -pedantic -Werror) and its _INIT macros initialise every option struct.
 */
#include "include/ptx.h"

int
main(void)
{
	ptx_alloc a = PTX_ALLOC_INIT;
	ptx_parse_opts po = PTX_PARSE_OPTS_INIT;
	ptx_verify_opts vo = PTX_VERIFY_OPTS_INIT;

	return a.version == PTX_API_VERSION && po.version == PTX_API_VERSION &&
	    vo.version == PTX_API_VERSION ? 0 : 1;
}
