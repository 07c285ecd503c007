// Integer intrinsics, SIMD video intrinsics, 64- and 128-bit integers,
// division and remainder by variables and by constants.
// variants: G
#include "sweep.h"

typedef unsigned int u32;
typedef unsigned long long u64;

extern "C" __global__ void int_ops(const u32 *a, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	u32 x = a[i], y = OTHER(a, 1), z = OTHER(a, 2);
	int sx = (int)x, sy = (int)y;
	u64 X = ((u64)x << 32) | y, Y = ((u64)z << 32) | x;
	PUT(0, __byte_perm(x, y, z)); PUT(1, __funnelshift_l(x, y, z)); PUT(2, __funnelshift_r(x, y, z));
	PUT(3, __funnelshift_lc(x, y, z)); PUT(4, __funnelshift_rc(x, y, z)); PUT(5, __brev(x));
	PUT(6, __clz(sx)); PUT(7, __ffs(sx)); PUT(8, __popc(x)); PUT(9, __popcll(X));
	PUT(10, (u32)__mul64hi(X, Y)); PUT(11, (u32)(__umul64hi(X, Y) >> 7)); PUT(12, __umulhi(x, y));
	PUT(13, (u32)__mulhi(sx, sy)); PUT(14, __sad(sx, sy, z)); PUT(15, __usad(x, y, z));
	PUT(16, __vadd4(x, y)); PUT(17, __vabsdiffu4(x, y)); PUT(18, __vcmpgtu2(x, y)); PUT(19, __vsub2(x, y));
	PUT(20, __vaddss4(x, y)); PUT(21, __vaddus2(x, y)); PUT(22, __vavgu4(x, y)); PUT(23, __vhaddu2(x, y));
	PUT(24, __vmaxs4(x, y)); PUT(25, __vminu2(x, y)); PUT(26, __vsads4(x, y)); PUT(27, __vsetgts2(x, y));
	PUT(28, __vcmpeq4(x, y)); PUT(29, __vabsss4(x)); PUT(30, __vneg2(x)); PUT(31, __vsubss2(x, y));
	PUT(32, __clzll((long long)X)); PUT(33, __ffsll((long long)Y)); PUT(34, (u32)__brevll(X));
	PUT(35, sy != 0 ? (u32)(sx / sy) : 0u); PUT(36, sy != 0 ? (u32)(sx % sy) : 0u);
	PUT(37, y != 0 ? x / y : 0u); PUT(38, y != 0 ? x % y : 0u);
	PUT(39, (u32)(sx / 7)); PUT(40, (u32)(sx % -13)); PUT(41, x / 10u); PUT(42, x % 1000u);
	PUT(43, Y != 0 ? (u32)(X / Y) : 0u); PUT(44, Y != 0 ? (u32)(X % Y) : 0u);
	PUT(45, (long long)Y != 0 && !((long long)X == (-0x7fffffffffffffffLL - 1) && (long long)Y == -1)
		? (u32)((long long)X / (long long)Y) : 0u);
	PUT(46, (u32)((long long)X % 1000003LL)); PUT(47, (u32)(X >> (z & 63))); PUT(48, (u32)((long long)X >> (z & 63)));
	PUT(49, x << (y & 31)); PUT(50, (u32)(sx >> (y & 31))); PUT(51, __hadd(sx, sy)); PUT(52, __rhadd(sx, sy));
	PUT(53, __uhadd(x, y)); PUT(54, __urhadd(x, y)); PUT(55, min(sx, sy)); PUT(56, max(x, y));
	PUT(57, abs(sx)); PUT(58, (u32)llabs((long long)X)); PUT(59, __dp4a(x, y, z)); PUT(60, __dp2a_lo(x, y, z));
	PUT(61, __dp2a_hi(sx, sy, (int)z)); PUT(62, __viaddmax_s32(sx, sy, (int)z)); PUT(63, __vimax3_u32(x, y, z));
	bool p, q;
	PUT(64, __vibmax_s16x2(x, y, &p, &q)); PUT(65, p + 2 * q); PUT(66, __vimin3_s16x2_relu(x, y, z));
}

// 128-bit integer arithmetic: products, quotients, shifts, comparisons.
extern "C" __global__ void int128_ops(const u64 *a, u64 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	unsigned __int128 x = ((unsigned __int128)a[i] << 64) | OTHER(a, 1);
	unsigned __int128 y = ((unsigned __int128)OTHER(a, 2) << 64) | OTHER(a, 3);
	unsigned __int128 r[8];
	r[0] = x * y;
	r[1] = y != 0 ? x / y : 0;
	r[2] = y != 0 ? x % y : 0;
	r[3] = (unsigned __int128)((__int128)x >> (a[i] & 127));
	r[4] = x << (OTHER(a, 1) & 127);
	r[5] = (unsigned __int128)(((__int128)x < (__int128)y) + 2 * (x < y) + 4 * (x == y));
	r[6] = (__int128)y != 0 && (__int128)y != -1 ? (unsigned __int128)((__int128)x / (__int128)y) : 0;
	r[7] = (unsigned __int128)(a[i] >> 3) * (OTHER(a, 1) | 1) + x / 1000000007u;
	for (int j = 0; j < 8; j++) {
		out[(2 * j) * n + i] = (u64)r[j];
		out[(2 * j + 1) * n + i] = (u64)(r[j] >> 64);
	}
}

// The SIMD video instructions in each of their forms (inline PTX: nvcc's
// intrinsics write only vabsdiff4).
#define V(j, ins)                                                                      \
	do {                                                                           \
		u32 r;                                                                 \
		asm(ins " %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));       \
		PUT(j, r);                                                             \
	} while (0)

extern "C" __global__ void video_simd(const u32 *a, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	u32 x = a[i], y = OTHER(a, 1), z = OTHER(a, 2);
	V(0, "vadd2.u32.u32.u32"); V(1, "vadd2.s32.s32.s32.sat"); V(2, "vadd2.u32.u32.u32.sat");
	V(3, "vadd2.s32.u32.s32.add"); V(4, "vsub2.u32.u32.u32.sat"); V(5, "vsub2.s32.s32.s32.sat");
	V(6, "vsub2.s32.s32.u32.add"); V(7, "vavrg2.u32.u32.u32"); V(8, "vavrg2.s32.s32.s32");
	V(9, "vavrg2.s32.s32.s32.sat"); V(10, "vabsdiff2.u32.u32.u32"); V(11, "vabsdiff2.s32.s32.s32.sat");
	V(12, "vabsdiff2.u32.s32.s32.add"); V(13, "vmin2.s32.s32.s32"); V(14, "vmin2.u32.u32.u32.add");
	V(15, "vmax2.s32.s32.u32.sat"); V(16, "vmax2.u32.u32.u32"); V(17, "vset2.u32.u32.lt");
	V(18, "vset2.s32.s32.ge.add"); V(19, "vset2.s32.u32.ne");
	V(20, "vadd4.u32.u32.u32"); V(21, "vadd4.s32.s32.s32.sat"); V(22, "vadd4.u32.u32.u32.sat");
	V(23, "vadd4.s32.u32.s32.add"); V(24, "vsub4.u32.u32.u32.sat"); V(25, "vsub4.s32.s32.s32.sat");
	V(26, "vsub4.s32.s32.u32.add"); V(27, "vavrg4.u32.u32.u32"); V(28, "vavrg4.s32.s32.s32");
	V(29, "vavrg4.u32.s32.s32.sat"); V(30, "vabsdiff4.u32.u32.u32"); V(31, "vabsdiff4.s32.s32.s32.sat");
	V(32, "vabsdiff4.u32.s32.s32.add"); V(33, "vmin4.s32.s32.s32"); V(34, "vmin4.u32.u32.u32.add");
	V(35, "vmax4.s32.s32.u32.sat"); V(36, "vmax4.u32.u32.u32"); V(37, "vset4.u32.u32.lt");
	V(38, "vset4.s32.s32.ge.add"); V(39, "vset4.s32.u32.eq"); V(40, "vabsdiff4.s32.u32.u32.sat");
	V(41, "vmin4.u32.s32.u32.sat"); V(42, "vadd2.u32.s32.s32.sat"); V(43, "vset2.u32.s32.gt.add");
}
