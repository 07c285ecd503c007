// Device printf in every format, with widths, precisions and flags, and an
// assert that holds.  One warp prints.
// variants: G
#include "sweep.h"
#include <cassert>

extern "C" __global__ void printf_formats(const double *a, const long long *b, int n)
{
	int i = TID;
	if (i >= n)
		return;
	double d = a[i];
	float f = (float)d;
	long long l = b[i];
	unsigned u = (unsigned)l;
	assert(i < 1000);
	printf("%d|%i|%u|%x|%X|%o|%c|%s|%5d|%-5d|%05d|%+d|% d\n", (int)u, (int)(u >> 3), u, u, u, u & 0777,
	       'A' + (i % 26), i & 1 ? "odd" : "even", i, i, i, i - 16, i);
	printf("%f|%e|%g|%a|%.3f|%10.2e|%-12g|%G|%E|%.0f|%#g|%#x|%#o\n", d, d, d, d, d, d, (double)f, d, d, d,
	       d, u, u);
	// no %hh or * widths: CUDA's printf does not take them
	printf("%lld|%llu|%llx|%ld|%hd|%hu|%p|%%|%.10s|%7.3s|%-8s|%lu|%5.1f%%\n", l, (unsigned long long)l, l, (long)l,
	       (short)l, (unsigned short)l, (void *)l, "abcdefghijklmnop" + (i % 5), "xyz" + (i % 3), "s",
	       (unsigned long)l, d);
}

extern "C" __global__ void assert_fails(const int *a, int n)
{
	int i = TID;
	if (i < n)
		assert(a[i] != 3);
}
