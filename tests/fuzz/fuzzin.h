/*
 * fuzzin.h -- the structured fuzzers' input (fuzz_shim.c, fuzz_drv.c): the
 * bytes libFuzzer gives, read as they are needed, zeros past their end, so
 * that every input, however short, drives a whole sequence of calls.
 */
#ifndef FUZZIN_H
#define FUZZIN_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
	const uint8_t *p;
	size_t n;
} In;

static uint64_t
raw(In *in, int nbytes)
{
	uint64_t v = 0;
	for (int i = 0; i < nbytes; i++) {
		uint64_t b = 0;
		if (in->n) {
			b = *in->p++;
			in->n--;
		}
		v |= b << (8 * i);
	}
	return v;
}

static unsigned
u8(In *in)
{
	return (unsigned)raw(in, 1);
}

#endif
