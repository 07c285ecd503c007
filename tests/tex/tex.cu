// tex.cu -- the kernels of textest.c: texture fetches in every geometry and
// mode, gathers, queries, and surface loads, stores and reductions.
//
// Each kernel takes (object, coordinates, output, n) and lane i < n handles
// coordinate i.  Coordinates come as float4 (texture kernels) or int4
// (surface kernels).  Compiled by `nvcc -arch=sm_90 -ptx tex.cu -o tex.ptx`;
// tex.ptx is committed beside it, so neither the test nor the recording on
// a GPU needs nvcc.
typedef unsigned long long u64;

#define KERN(name, T, expr)                                                    \
	extern "C" __global__ void name(u64 t, const float4 *c, T *o, int n)   \
	{                                                                      \
		int i = blockIdx.x * blockDim.x + threadIdx.x;                 \
		if (i >= n)                                                    \
			return;                                                \
		float4 p = c[i];                                               \
		(void)p;                                                       \
		o[i] = expr;                                                   \
	}
// each read type: normalized float or float texels (f), element integers (u, i)
#define KERN3(name, expr)                                                      \
	KERN(name##_f, float4, expr(float4))                                   \
	KERN(name##_u, uint4, expr(uint4))                                     \
	KERN(name##_i, int4, expr(int4))

#define T1D(T) tex1D<T>(t, p.x)
#define T1DF(T) tex1Dfetch<T>(t, (int)p.x)
#define T2D(T) tex2D<T>(t, p.x, p.y)
#define T3D(T) tex3D<T>(t, p.x, p.y, p.z)
#define TA1D(T) tex1DLayered<T>(t, p.x, (int)p.y)
#define TA2D(T) tex2DLayered<T>(t, p.x, p.y, (int)p.z)
#define TCUBE(T) texCubemap<T>(t, p.x, p.y, p.z)
#define TACUBE(T) texCubemapLayered<T>(t, p.x, p.y, p.z, (int)p.w)
#define T1DL(T) tex1DLod<T>(t, p.x, p.y)
#define T2DL(T) tex2DLod<T>(t, p.x, p.y, p.z)
#define T3DL(T) tex3DLod<T>(t, p.x, p.y, p.z, p.w)
#define TA2DL(T) tex2DLayeredLod<T>(t, p.x, p.y, (int)p.z, p.w)
#define TCUBEL(T) texCubemapLod<T>(t, p.x, p.y, p.z, p.w)

KERN3(t1d, T1D)
KERN3(t1dfetch, T1DF)
KERN3(t2d, T2D)
KERN3(t3d, T3D)
KERN3(ta1d, TA1D)
KERN3(ta2d, TA2D)
KERN3(tcube, TCUBE)
KERN3(tacube, TACUBE)
KERN3(t1dlod, T1DL)
KERN3(t2dlod, T2DL)
KERN3(t3dlod, T3DL)
KERN3(ta2dlod, TA2DL)
KERN3(tcubelod, TCUBEL)

// tex.grad.2d: c[2i] = (x, y), c[2i+1] = (dPdx.x, dPdx.y, dPdy.x, dPdy.y)
extern "C" __global__ void
t2dgrad_f(u64 t, const float4 *c, float4 *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float4 p = c[2 * i], g = c[2 * i + 1];
	o[i] = tex2DGrad<float4>(t, p.x, p.y, make_float2(g.x, g.y), make_float2(g.z, g.w));
}

// tex.grad.3d: c[3i] = (x, y, z), c[3i+1] = dPdx, c[3i+2] = dPdy
extern "C" __global__ void
t3dgrad_f(u64 t, const float4 *c, float4 *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float4 p = c[3 * i], gx = c[3 * i + 1], gy = c[3 * i + 2];
	o[i] = tex3DGrad<float4>(t, p.x, p.y, p.z, gx, gy);
}
// tld4: the four components' gathers of coordinate i in o[4i..4i+3]
#define GATHER(name, T)                                                        \
	extern "C" __global__ void name(u64 t, const float4 *c, T *o, int n)   \
	{                                                                      \
		int i = threadIdx.x;                                           \
		if (i >= n)                                                    \
			return;                                                \
		float4 p = c[i];                                               \
		o[4 * i + 0] = tex2Dgather<T>(t, p.x, p.y, 0);                 \
		o[4 * i + 1] = tex2Dgather<T>(t, p.x, p.y, 1);                 \
		o[4 * i + 2] = tex2Dgather<T>(t, p.x, p.y, 2);                 \
		o[4 * i + 3] = tex2Dgather<T>(t, p.x, p.y, 3);                 \
	}
GATHER(tld4_f, float4)
GATHER(tld4_u, uint4)
GATHER(tld4_i, int4)

// What CUDA C++ does not spell: texel offsets, depth compare, the
// residency predicate, tld4 with offsets.  o[3i..3i+2].
extern "C" __global__ void
t2dasm_f(u64 t, const float4 *c, float4 *o, int n)
{
	int i = threadIdx.x;
	float4 p, r;
	unsigned q;
	if (i >= n)
		return;
	p = c[i];
	asm volatile("tex.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {1,-2};"
	    : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w) : "l"(t), "f"(p.x), "f"(p.y));
	o[4 * i] = r;
	asm volatile("tex.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {-8,7}, %7;"
	    : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w) : "l"(t), "f"(p.x), "f"(p.y), "f"(p.z));
	o[4 * i + 1] = r;
	asm volatile("{ .reg .pred q; tex.2d.v4.f32.f32 {%0,%1,%2,%3}|q, [%5, {%6,%7}]; selp.u32 %4, 1, 0, q; }"
	    : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w), "=r"(q) : "l"(t), "f"(p.x), "f"(p.y));
	r.w = __uint_as_float(q);
	o[4 * i + 2] = r;
	asm volatile("tld4.g.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {2,-1}, %7;"
	    : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w) : "l"(t), "f"(p.x), "f"(p.y), "f"(p.z));
	o[4 * i + 3] = r;
}

// txq of a texture: every query, then the size queries of level c[0].x
extern "C" __global__ void
txq_all(u64 t, const float4 *c, unsigned *o, int n)
{
	unsigned v;
	int lv = (int)c[0].x;
	(void)n;
#define Q(k, q) asm volatile("txq." q ".b32 %0, [%1];" : "=r"(v) : "l"(t)); o[k] = v;
	/* only the sizes: the driver drops a kernel with any other txq query
	 * (tests/regress/txq-driver-drops.ptx) */
	Q(0, "width") Q(1, "height") Q(2, "depth")
#undef Q
#define QL(k, q) asm volatile("txq.level." q ".b32 %0, [%1], %2;" : "=r"(v) : "l"(t), "r"(lv)); o[k] = v;
	QL(3, "width") QL(4, "height") QL(5, "depth")
#undef QL
}

// ---------------------------------------------------------------- surfaces
#define SKERN(name, ...)                                                       \
	extern "C" __global__ void name(u64 s, const int4 *c, int4 *o, int n)  \
	{                                                                      \
		int i = threadIdx.x;                                           \
		int4 p;                                                        \
		if (i >= n)                                                    \
			return;                                                \
		p = c[i];                                                      \
		__VA_ARGS__                                                    \
	}

// read-modify-write of a 2D int surface in bounds: each lane its own texel
SKERN(s2d_rmw, {
	int v = surf2Dread<int>(s, p.x * 4, p.y);
	surf2Dwrite(v * 3 + i, s, p.x * 4, p.y);
	o[i] = make_int4(v, 0, 0, 0);
})
// reads anywhere, each bounds mode but trap; byte coordinates as given
SKERN(s2d_rd, {
	o[i] = make_int4(surf2Dread<int>(s, p.x, p.y, cudaBoundaryModeZero),
	    surf2Dread<int>(s, p.x, p.y, cudaBoundaryModeClamp), 0, 0);
})
// writes anywhere, one lane after another (a clamped write may land on a
// texel another lane writes): z selects the bounds mode
extern "C" __global__ void
s2d_wr(u64 s, const int4 *c, int4 *o, int n)
{
	(void)o;
	if (threadIdx.x)
		return;
	for (int i = 0; i < n; i++) {
		int4 p = c[i];
		if (p.z)
			surf2Dwrite(1000 + i, s, p.x, p.y, cudaBoundaryModeClamp);
		else
			surf2Dwrite(2000 + i, s, p.x, p.y, cudaBoundaryModeZero);
	}
}
// widths and vectors: a 1D u16 surface, a 2D surface of int4, of 64-bit texels,
// layered 2D, 3D
SKERN(s1d_b16, {
	unsigned short v = surf1Dread<unsigned short>(s, p.x * 2);
	surf1Dwrite((unsigned short)(v + 0x101 * i), s, p.x * 2);
	o[i] = make_int4(v, 0, 0, 0);
})
SKERN(s2d_v4, {
	int4 v = surf2Dread<int4>(s, p.x * 16, p.y);
	surf2Dwrite(make_int4(v.w, v.z + 1, v.y + 2, v.x + 3), s, p.x * 16, p.y);
	o[i] = v;
})
SKERN(s2d_b64, {
	long long v = surf2Dread<long long>(s, p.x * 8, p.y, cudaBoundaryModeZero);
	surf2Dwrite(v ^ (0x0123456789abcdefll * (i + 1)), s, p.x * 8, p.y, cudaBoundaryModeZero);
	o[i] = make_int4((int)v, (int)(v >> 32), 0, 0);
})
SKERN(sa2d, {
	int v = surf2DLayeredread<int>(s, p.x * 4, p.y, p.z, cudaBoundaryModeZero);
	surf2DLayeredwrite(v + 7 * i, s, p.x * 4, p.y, p.z, cudaBoundaryModeZero);
	o[i] = make_int4(v, 0, 0, 0);
})
SKERN(s3d, {
	int v = surf3Dread<int>(s, p.x * 4, p.y, p.z, cudaBoundaryModeZero);
	surf3Dwrite(v - i, s, p.x * 4, p.y, p.z, cudaBoundaryModeZero);
	o[i] = make_int4(v, 0, 0, 0);
})
// sured: every lane adds at (x, y), takes the min 4 texels on and the max
// 8 on.  Each operation has texels of its own, so the array does not
// depend on how the warps' operations interleave (an add and a min onto
// one texel would not commute).
SKERN(s2d_red, {
	asm volatile("sured.b.add.2d.u32.zero [%0, {%1, %2}], %3;" :: "l"(s), "r"(p.x), "r"(p.y), "r"(p.z));
	asm volatile("sured.b.min.2d.s32.zero [%0, {%1, %2}], %3;" :: "l"(s), "r"(p.x + 16), "r"(p.y), "r"(p.w));
	asm volatile("sured.b.max.2d.s32.clamp [%0, {%1, %2}], %3;" :: "l"(s), "r"(p.x + 32), "r"(p.y), "r"(p.w));
	o[i] = p;
})
// suq: every query
extern "C" __global__ void
suq_all(u64 s, const int4 *c, unsigned *o, int n)
{
	unsigned v;
	(void)c, (void)n;
#define Q(k, q) asm volatile("suq." q ".b32 %0, [%1];" : "=r"(v) : "l"(s)); o[k] = v;
	/* the other queries (channel_data_type, channel_order, array_size,
	 * memory_layout) make the driver refuse the module: tests/regress */
	Q(0, "width") Q(1, "height") Q(2, "depth")
#undef Q
}
// sust.p: formatted stores of four f32 (x, y the texel; z, w select the values)
SKERN(s2d_p, {
	float a = p.z * 0.25f, b = p.w * -0.125f;
	asm volatile("sust.p.2d.v4.b32.zero [%0, {%1, %2}], {%3, %4, %5, %6};"
	    :: "l"(s), "r"(p.x), "r"(p.y), "f"(a), "f"(b), "f"(a + b), "f"(1.0f));
	o[i] = p;
})
