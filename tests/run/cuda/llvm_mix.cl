// OpenCL C for clang + llc (LLVM's NVPTX back end): integer and float
// arithmetic as LLVM selects it, a local-memory tree reduction, and a
// switch that LLVM may lower to a jump table.
#include "ptx_prelude.h"

__kernel void llvm_mix(__global const uint *a, __global uint *out, int n)
{
	int i = GID0();
	if (i >= n)
		return;
	uint x = a[i], y = a[(i * 7 + 3) % n];
	float f = as_float(x), g = as_float(y);
	ulong X = ((ulong)x << 32) | y;
	out[0 * n + i] = x * y + (x >> 7) - (y << 3);
	out[1 * n + i] = y ? x / y : 0;
	out[2 * n + i] = (uint)((long)X / 12345);
	out[3 * n + i] = as_uint(FMAF(f, g, 1.0f));
	out[4 * n + i] = as_uint(f / g);
	out[5 * n + i] = as_uint(SQRTF(f));
	out[6 * n + i] = as_uint(f < g ? f : g);
	out[7 * n + i] = (uint)(int)f;
	out[8 * n + i] = as_uint((float)(int)x);
	out[9 * n + i] = __builtin_popcount(x) + (y ? __builtin_clz(y) : 32) * 100;
	out[10 * n + i] = (x << (y & 31)) | (x >> ((32 - (y & 31)) & 31));
	out[11 * n + i] = (uint)(((ulong)x * y) >> 32);
	out[12 * n + i] = as_uint((float)((double)f * (double)g));
	uint r;
	switch (x % 9) {
	case 0: r = x + 1; break;
	case 1: r = y - 2; break;
	case 2: r = x * 5; break;
	case 3: r = y ^ 77; break;
	case 4: r = x | y; break;
	case 5: r = x & y; break;
	case 6: r = x >> 5; break;
	case 7: r = 7; break;
	default: r = ~x; break;
	}
	out[13 * n + i] = r;
	out[14 * n + i] = ((int)x > (int)y ? x - y : y - x) + (uint)(((ulong)x + y) >> 1);
	long t = (long)(int)x + (int)y;
	out[15 * n + i] = (uint)(t > 2147483647 ? 2147483647 : t < -2147483648L ? -2147483648L : t);
}

__kernel void llvm_reduce(__global const float *a, __global float *out, int n)
{
	__local float s[256];
	int l = LID0(), i = GID0();
	s[l] = i < n ? a[i] : 0.0f;
	BARRIER();
	for (int k = LSZ0() / 2; k > 0; k >>= 1) {
		if (l < k)
			s[l] += s[l + k];
		BARRIER();
	}
	if (l == 0)
		out[GRP0()] = s[0];
}
