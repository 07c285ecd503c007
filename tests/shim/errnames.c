/*
 * errnames.c -- every code cuGetErrorName names, from 0 to 1000, with its
 * name and cuGetErrorString's text: one line each, "CODE NAME: TEXT".
 * errnames.gpu is an H200's driver's (580) list; the shim's must be the
 * same, so that every code it returns has the driver's name and text.
 */
#include "shimtest.h"

int
main(void)
{
	for (int r = 0; r <= 1000; r++) {
		const char *name = NULL, *text = NULL;
		CUresult rn = cuGetErrorName((CUresult)r, &name);
		CUresult rs = cuGetErrorString((CUresult)r, &text);
		if (rn == CUDA_SUCCESS || rs == CUDA_SUCCESS)
			printf("%d %s: %s\n", r, name ? name : "(no name)", text ? text : "(no text)");
	}
	return 0;
}
