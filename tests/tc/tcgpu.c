/*
 * tests/tc/tcgpu.c -- runs mma.sync on a GPU over inputs chosen to expose
 * the tensor cores' arithmetic and records inputs and results, for tccmp.c
 * to compare with the interpreter's model (interp/mma.c) and for fitting
 * that model.  Built only where the CUDA driver is: cc tcgpu.c -lcuda.
 *
 *   tcgpu gen DIR SEED NRAND [VARIANT...]
 *       for each variant (all when none is named): the probe warps, then
 *       NRAND warps of random inputs in rotating styles; writes DIR/NAME.rec
 *   tcgpu ptx VARIANT
 *       prints the variant's kernel
 *   tcgpu run PTX KERNEL NWARPS FILEA FILEB FILEC DBYTES OUT
 *       one kernel of a PTX file on blocks of 32 threads and four buffer
 *       arguments, the last (DBYTES zeros) written to OUT afterwards: the
 *       H100 references of tests/run, as ptx-run --backend cuda records them
 *
 * The kernels are PTX text that the driver compiles, one module a variant,
 * so a variant the driver cannot compile (an older CUDA) is reported and
 * skipped instead of failing the rest.  Each thread loads its fragment
 * registers from memory (lane l of warp w at (32w + l) * bytes per lane),
 * issues one mma.sync and stores D; the fragment layouts of the PTX ISA
 * manual are written again here, independently of interp/mma.c.
 *
 * NAME.rec: one text line "tcrec1 NAME ATYPE BTYPE CTYPE M N K NWARPS",
 * then per warp A (M x K, row-major), B (K x N), C and D (M x N), every
 * element little-endian in its own width (tf32 in 32 bits).
 *
 * A probe warp repeats one vector a in every row of A and one vector b in
 * every column of B, so its 128 results are c + the same products for 128
 * values of c (the list cvals builds): single products at growing exponent
 * gaps below a first one (how many bits are kept, where C joins, in which
 * k position), carries, cancellation, subnormal inputs, zeros of either
 * sign, overflow, infinities and NaNs with payloads.  The random styles are
 * listed at gen_warp.
 */
#include <cuda.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_ = ""; \
	cuGetErrorString(r_, &s_); fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_); exit(1); } } while (0)

/* ---------------------------------------------------------------- formats */

enum { F16, BF16, TF32, F32, F64, E4M3, E5M2 };
static const struct { const char *name; int ebits, mbits, bits; } FM[] = {
	[F16] = { "f16", 5, 10, 16 }, [BF16] = { "bf16", 8, 7, 16 }, [TF32] = { "tf32", 8, 10, 32 },
	[F32] = { "f32", 8, 23, 32 }, [F64] = { "f64", 11, 52, 64 }, [E4M3] = { "e4m3", 4, 3, 8 },
	[E5M2] = { "e5m2", 5, 2, 8 },
};

static int bias(int f) { return (1 << (FM[f].ebits - 1)) - 1; }
static int emin(int f) { return 1 - bias(f); }
/* the largest exponent of a finite value; e4m3 has no infinities and uses the top binade */
static int emaxf(int f) { return f == E4M3 ? 8 : bias(f); }
static int sbit(int f) { return f == TF32 ? 31 : FM[f].bits - 1; }
static int mshift(int f) { return f == TF32 ? 13 : 0; }   /* tf32: the fraction's place in its f32 */

/* (-1)^s * (1 + frac / 2^64) * 2^e, the fraction cut to the format's
 * bits; below the normal range the significand is shifted (truncated) into
 * a subnormal, above it the largest finite value of the sign is taken. */
static uint64_t
enc(int f, int s, int e, uint64_t frac)
{
	int mb = FM[f].mbits;
	uint64_t sig = (1ull << mb) | frac >> (64 - mb), v;

	if (f == E4M3 && e == emaxf(f) && (sig & 7) == 7)
		sig--;   /* S.1111.111 is e4m3's NaN */

	if (e > emaxf(f)) {
		e = emaxf(f);
		sig = f == E4M3 ? (1ull << mb) | 6 : (2ull << mb) - 1;
	}
	if (e < emin(f)) {
		int sh = emin(f) - e;
		v = sh > 63 ? 0 : sig >> sh;
	} else
		v = (uint64_t)(e + bias(f)) << mb | (sig & ((1ull << mb) - 1));
	return ((uint64_t)s << sbit(f)) | v << mshift(f);
}

static uint64_t inf_of(int f, int s) { return f == E4M3 ? enc(f, s, 99, 0) : ((uint64_t)s << sbit(f)) | ((((1ull << FM[f].ebits) - 1) << FM[f].mbits) << mshift(f)); }
static uint64_t nan_of(int f, int s, uint64_t pay)
{
	uint64_t m = (1ull << FM[f].mbits) - 1;
	if (f == E4M3)
		return (uint64_t)s << 7 | 0x7f;
	pay &= m;
	if (!pay)
		pay = 1;
	return inf_of(f, s) | pay << mshift(f);
}

static double
dec(int f, uint64_t x)
{
	int mb = FM[f].mbits, s = (int)(x >> sbit(f) & 1);
	x >>= mshift(f);
	int be = (int)(x >> mb & ((1u << FM[f].ebits) - 1));
	double m = (double)(x & ((1ull << mb) - 1));
	double v = be ? ldexp(1.0 + m / ldexp(1.0, mb), be - bias(f)) : ldexp(m, emin(f) - mb);
	if (be == (1 << FM[f].ebits) - 1 && f != E4M3)
		v = m ? NAN : INFINITY;
	if (f == E4M3 && (x & 0x7f) == 0x7f)
		v = NAN;
	return s ? -v : v;
}

/* ---------------------------------------------------------------- randomness */

static uint64_t rs = 88172645463325252ull;
static uint64_t rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static int rint_(int lo, int hi) { return lo + (int)(rnd() % (uint64_t)(hi - lo + 1)); }
static int chance(int pct) { return (int)(rnd() % 100) < pct; }

/* a random finite value of format f with exponent in [lo, hi] */
static uint64_t
rval(int f, int lo, int hi)
{
	uint64_t v = enc(f, (int)(rnd() & 1), rint_(lo, hi), rnd());
	if (f == TF32)
		v |= rnd() & 0x1fff;   /* the bits the tensor cores are to ignore */
	return v;
}

/* any finite value, subnormals included, by its bits */
static uint64_t
rany(int f)
{
	for (;;) {
		uint64_t v = rnd() & ((FM[f].bits == 64 ? 0 : 1ull << FM[f].bits) - 1);
		if (!isnan(dec(f, v)) && !isinf(dec(f, v)))
			return v;
	}
}

/* ---------------------------------------------------------------- variants */

enum { L16, L8, LT, L32, L64 };   /* fragment layouts: m16n8k16, m16n8k8, tf32 m16n8k8, m16n8k32, m8n8k4 */
typedef struct {
	const char *name, *shape, *ver;
	int af, bf, cf, m, n, k, lay;
} Var;

static const Var vars[] = {
	{ "f16_k16", "m16n8k16", "7.8", F16, F16, F32, 16, 8, 16, L16 },
	{ "bf16_k16", "m16n8k16", "7.8", BF16, BF16, F32, 16, 8, 16, L16 },
	{ "f16_k8", "m16n8k8", "7.8", F16, F16, F32, 16, 8, 8, L8 },
	{ "bf16_k8", "m16n8k8", "7.8", BF16, BF16, F32, 16, 8, 8, L8 },
	{ "tf32_k8", "m16n8k8", "7.8", TF32, TF32, F32, 16, 8, 8, LT },
	{ "f16_k16_h", "m16n8k16", "7.8", F16, F16, F16, 16, 8, 16, L16 },
	{ "f16_k8_h", "m16n8k8", "7.8", F16, F16, F16, 16, 8, 8, L8 },
	{ "f64_k4", "m8n8k4", "7.8", F64, F64, F64, 8, 8, 4, L64 },
	{ "e4m3_k32", "m16n8k32", "8.4", E4M3, E4M3, F32, 16, 8, 32, L32 },
	{ "e5m2_k32", "m16n8k32", "8.4", E5M2, E5M2, F32, 16, 8, 32, L32 },
	{ "e4m3_e5m2_k32", "m16n8k32", "8.4", E4M3, E5M2, F32, 16, 8, 32, L32 },
	{ "e5m2_e4m3_k32", "m16n8k32", "8.4", E5M2, E4M3, F32, 16, 8, 32, L32 },
	{ "e4m3_k32_h", "m16n8k32", "8.7", E4M3, E4M3, F16, 16, 8, 32, L32 },
	{ "e5m2_k32_h", "m16n8k32", "8.7", E5M2, E5M2, F16, 16, 8, 32, L32 },
};
enum { NVAR = sizeof vars / sizeof vars[0] };

/* element i of a lane's A, B or C fragment (lane = 4g + t) -> row, column */
static void
afrag(int lay, int g, int t, int i, int *r, int *c)
{
	switch (lay) {
	case L16: *r = g + 8 * (i >> 1 & 1); *c = 2 * t + (i & 1) + 8 * (i >> 2); break;
	case L8: *r = g + 8 * (i >> 1); *c = 2 * t + (i & 1); break;
	case LT: *r = g + 8 * (i & 1); *c = t + 4 * (i >> 1); break;
	case L32: *r = g + 8 * (i >> 2 & 1); *c = 4 * t + (i & 3) + 16 * (i >> 3); break;
	default: *r = g; *c = t; break;
	}
}

static void
bfrag(int lay, int g, int t, int i, int *r, int *c)
{
	*c = g;
	switch (lay) {
	case L16: *r = 2 * t + (i & 1) + 8 * (i >> 1); break;
	case L8: *r = 2 * t + i; break;
	case LT: *r = t + 4 * i; break;
	case L32: *r = 4 * t + (i & 3) + 16 * (i >> 2); break;
	default: *r = t; break;
	}
}

static void
cfrag(int lay, int g, int t, int i, int *r, int *c)
{
	if (lay == L64) {
		*r = g; *c = 2 * t + i;
	} else {
		*r = g + 8 * (i >> 1); *c = 2 * t + (i & 1);
	}
}

/* the PTX of one variant: kernel "tc" */
static void
ptx_of(const Var *v, char *p, size_t cap)
{
	int ab = FM[v->af].bits, cb = FM[v->cf].bits;
	int na = v->m * v->k * ab / 1024, nb = v->k * v->n * ab / 1024, nc = v->m * v->n * cb / 1024;
	int f64 = v->af == F64, w = f64 ? 8 : 4;
	const char *rt = f64 ? "f64" : "b32", *ct = v->cf == F32 ? "f32" : v->cf == F64 ? "f64" : "b32";
	size_t o = 0;
	if (f64)
		na /= 2, nb /= 2, nc /= 2;
#define P(...) (o += (size_t)snprintf(p + o, o < cap ? cap - o : 0, __VA_ARGS__))
	P(".version %s\n.target sm_90\n.address_size 64\n", v->ver);
	P(".visible .entry tc(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{\n");
	P("\t.reg .b32 %%r<4>;\n\t.reg .b64 %%rd<12>;\n\t.reg .%s %%a<%d>;\n\t.reg .%s %%b<%d>;\n", rt, na, rt, nb);
	P("\t.reg .%s %%c<%d>;\n\t.reg .%s %%d<%d>;\n", ct, nc, ct, nc);
	for (int i = 0; i < 4; i++)
		P("\tld.param.u64 %%rd%d, [p%c];\n\tcvta.to.global.u64 %%rd%d, %%rd%d;\n", i, "abcd"[i], i, i);
	P("\tmov.u32 %%r0, %%tid.x;\n\tmov.u32 %%r1, %%ctaid.x;\n\tmad.lo.u32 %%r2, %%r1, 32, %%r0;\n");
	P("\tcvt.u64.u32 %%rd4, %%r2;\n");
	P("\tmad.lo.u64 %%rd5, %%rd4, %d, %%rd0;\n\tmad.lo.u64 %%rd6, %%rd4, %d, %%rd1;\n", na * w, nb * w);
	P("\tmad.lo.u64 %%rd7, %%rd4, %d, %%rd2;\n\tmad.lo.u64 %%rd8, %%rd4, %d, %%rd3;\n", nc * w, nc * w);
	for (int i = 0; i < na; i++) P("\tld.global.%s %%a%d, [%%rd5+%d];\n", rt, i, w * i);
	for (int i = 0; i < nb; i++) P("\tld.global.%s %%b%d, [%%rd6+%d];\n", rt, i, w * i);
	for (int i = 0; i < nc; i++) P("\tld.global.%s %%c%d, [%%rd7+%d];\n", ct, i, w * i);
	P("\tmma.sync.aligned.%s.row.col.%s.%s.%s.%s {", v->shape, FM[v->cf].name, FM[v->af].name,
	    FM[v->bf].name, FM[v->cf].name);
	for (int i = 0; i < nc; i++) P("%s%%d%d", i ? ", " : "", i);
	P("}, {");
	for (int i = 0; i < na; i++) P("%s%%a%d", i ? ", " : "", i);
	P("}, {");
	for (int i = 0; i < nb; i++) P("%s%%b%d", i ? ", " : "", i);
	P("}, {");
	for (int i = 0; i < nc; i++) P("%s%%c%d", i ? ", " : "", i);
	P("};\n");
	for (int i = 0; i < nc; i++) P("\tst.global.%s [%%rd8+%d], %%d%d;\n", ct, w * i, i);
	P("\tret;\n}\n");
#undef P
}

/* ---------------------------------------------------------------- inputs */

/* One warp's matrices, element bits. */
typedef struct { uint64_t A[16][32], B[32][8], C[16][8], D[16][8]; } Warp;

/* a * b = (-1)^s * 2^e * ma * mb with ma, mb of the given fractions: the
 * exponent split between a and b so that both are finite (subnormal a or b
 * when e is below what normals reach); 0 when the format cannot. */
static int
setprod(int fa, int fb, uint64_t *a, uint64_t *b, int s, int e, uint64_t fra, uint64_t frb)
{
	int lo = emin(fa) - FM[fa].mbits, hi = emaxf(fa);
	int lob = emin(fb) - FM[fb].mbits, hib = emaxf(fb);
	int ea = e / 2, eb;
	if (ea > hi) ea = hi;
	if (ea < emin(fa)) ea = emin(fa);
	eb = e - ea;
	if (eb > hib) { eb = hib; ea = e - eb; }
	if (eb < emin(fb)) { eb = emin(fb); ea = e - eb; }
	if (ea > hi || ea < lo || eb > hib || eb < lob)
		return 0;
	if (ea < emin(fa) || eb < emin(fb)) {   /* subnormal: fractions must survive the shift */
		if (ea < emin(fa)) fra = 0;
		if (eb < emin(fb)) frb = 0;
	}
	*a = enc(fa, s, ea, fra);
	*b = enc(fb, 0, eb, frb);
	return 1;
}

/* The 128 accumulators of a probe warp: zeros, specials, and powers of two
 * around the products' scale 2^e0 (C joining above, at and below them). */
static void
cvals(int f, int e0, uint64_t *c)
{
	int n = 0, top = emaxf(f);
	c[n++] = 0;
	c[n++] = 1ull << sbit(f);
	c[n++] = inf_of(f, 0);
	c[n++] = inf_of(f, 1);
	c[n++] = nan_of(f, 0, 1ull << (FM[f].mbits - 1) | 0x15);
	c[n++] = nan_of(f, 1, 0x2a);
	c[n++] = enc(f, 0, top + 1, 0);       /* the largest finite value */
	c[n++] = enc(f, 1, top + 1, 0);
	c[n++] = enc(f, 0, emin(f) - 1, 0);   /* subnormals */
	c[n++] = enc(f, 1, emin(f) - 3, 5);
	c[n++] = enc(f, 0, emin(f) - FM[f].mbits, 0);
	c[n++] = enc(f, 0, emin(f), 0);
	while (n < 128) {
		int i = n - 12, s = i & 1, d = (i >> 1) - 29;   /* d in -29 .. 28 */
		uint64_t fr = (i >> 1) % 3 == 0 ? 0 : (i >> 1) % 3 == 1 ? 1ull << 63 : ~0ull;
		c[n++] = enc(f, s, e0 + d, fr);
	}
}

/* A probe: products (-1)^s[j] 2^e[j] (1 + fra/..)(1 + frb/..) in k position
 * j, zero where e[j] is NOPROD; returns 0 when the format cannot hold it. */
#define NOPROD (-100000)
typedef struct { int e[32], s[32]; uint64_t fa[32], fb[32]; uint64_t rawa[32], rawb[32]; int raw[32]; } Probe;

static void
probe_clear(Probe *p)
{
	memset(p, 0, sizeof *p);
	for (int j = 0; j < 32; j++)
		p->e[j] = NOPROD;
}

static int
probe_warp(const Var *v, const Probe *p, int e0, Warp *w)
{
	uint64_t a[32], b[32], c[128];
	for (int j = 0; j < v->k; j++) {
		if (p->raw[j]) {
			a[j] = p->rawa[j];
			b[j] = p->rawb[j];
		} else if (p->e[j] == NOPROD) {
			a[j] = 0;
			b[j] = enc(v->bf, 0, 0, rnd());
		} else if (!setprod(v->af, v->bf, &a[j], &b[j], p->s[j], p->e[j], p->fa[j], p->fb[j]))
			return 0;
	}
	cvals(v->cf, e0, c);
	for (int r = 0; r < v->m; r++)
		for (int j = 0; j < v->k; j++)
			w->A[r][j] = a[j];
	for (int j = 0; j < v->k; j++)
		for (int cc = 0; cc < v->n; cc++)
			w->B[j][cc] = b[j];
	for (int r = 0; r < v->m; r++)
		for (int cc = 0; cc < v->n; cc++)
			w->C[r][cc] = c[r * v->n + cc];
	return 1;
}

/* All probe warps of a variant into w[] (at most cap); returns how many. */
static int
probes(const Var *v, Warp *w, int cap)
{
	int n = 0, k = v->k, big = v->af == F64 ? 60 : 40;
	int pos[] = { 1, 7, 8, 15, 16, 31 };
	int e0s[] = { 0, 14, -60 };   /* -60: bf16, tf32 and f64 reach the f32 subnormals */
	Probe p;

#define EMIT(E0) do { if (n < cap && probe_warp(v, &p, (E0), &w[n])) n++; } while (0)
	for (int ie = 0; ie < 3; ie++) {
		int e0 = e0s[ie];
		/* one product, then a second at gap g in position j, either sign */
		for (unsigned ip = 0; ip < sizeof pos / sizeof pos[0]; ip++) {
			int j = pos[ip];
			if (j >= k)
				continue;
			for (int g = 0; g <= big; g += g < 30 ? 1 : 3)
				for (int s = 0; s < 2; s++) {
					probe_clear(&p);
					p.e[0] = e0;
					p.e[j] = e0 - g;
					p.s[j] = s;
					p.fb[j] = g & 1 ? rnd() : 0;
					EMIT(e0);
				}
		}
		/* a carry out of the first product: (1.5 * 1.5) or (2 - u)^2 */
		for (int g = 0; g <= big; g += g < 30 ? 1 : 3)
			for (int s = 0; s < 4; s++) {
				probe_clear(&p);
				p.e[0] = e0;
				p.fa[0] = p.fb[0] = s & 2 ? ~0ull : 1ull << 63;
				p.e[k - 1] = e0 - g;
				p.s[k - 1] = s & 1;
				EMIT(e0);
			}
		/* every other product small: do small terms add before they are cut? */
		for (int g = 10; g <= big; g++)
			for (int s = 0; s < 2; s++) {
				probe_clear(&p);
				p.e[0] = e0;
				for (int j = 1; j < k; j++) {
					p.e[j] = e0 - g;
					p.s[j] = s;
				}
				EMIT(e0);
			}
		/* cancellation: x - x + small, and the exact zero */
		for (int g = 0; g <= big; g += 2)
			for (int s = 0; s < 2; s++) {
				probe_clear(&p);
				p.e[0] = e0 + 3;
				p.e[1] = e0 + 3;
				p.s[1] = 1;
				p.fa[0] = p.fa[1] = rnd();
				if (g) {
					p.e[k - 1] = e0 - g;
					p.s[k - 1] = s;
				}
				EMIT(e0);
			}
		/* a tie of the target precision with a sticky tail (nearest vs toward zero) */
		for (int t = 0; t < 2; t++)
			for (int g = 1; g <= big; g += g < 30 ? 1 : 3)
				for (int s = 0; s < 4; s++) {
					int prec = v->cf == F16 ? 11 : v->cf == F64 ? 53 : 24;
					probe_clear(&p);
					p.e[0] = e0;
					p.e[1] = e0 - prec + t;
					p.s[1] = s & 1;
					p.e[2] = e0 - prec - g;
					p.s[2] = s >> 1;
					EMIT(e0);
				}
	}
	/* subnormal inputs: a subnormal times a large value, and a term gap below */
	for (int m = 1; m <= FM[v->af].mbits && m < 8; m++)
		for (int g = 0; g <= big; g += 1) {
			uint64_t top = 1ull << (FM[v->af].mbits - m);
			probe_clear(&p);
			p.raw[0] = 1;
			p.rawa[0] = (top | (rnd() & (top - 1))) << mshift(v->af);   /* a subnormal, top bit 2^(emin - m) */
			p.rawb[0] = enc(v->bf, 0, emaxf(v->bf) - 1, 0);
			p.e[1] = emin(v->af) - m + emaxf(v->bf) - 1 - g;
			p.s[1] = g & 1;
			EMIT(emin(v->af) - m + emaxf(v->bf) - 1);
		}
	/* zeros of both signs, products of opposite signs that cancel */
	for (int z = 0; z < 8; z++) {
		probe_clear(&p);
		for (int j = 0; j < k; j++) {
			p.raw[j] = 1;
			p.rawa[j] = (z & 1 ? 1ull << sbit(v->af) : 0);
			p.rawb[j] = enc(v->bf, z >> 1 & 1, 0, 0);
			if (z & 4 && j & 1)
				p.rawa[j] ^= 1ull << sbit(v->af);
		}
		EMIT(0);
	}
	/* largest products: overflow of the sum, of one product, and with C */
	for (int j = 1; j <= k && j <= 16; j++)
		for (int s = 0; s < 2; s++) {
			probe_clear(&p);
			for (int i = 0; i < j; i++) {
				p.e[i] = emaxf(v->af) + emaxf(v->bf) - (s ? 2 : 0);
				p.fa[i] = p.fb[i] = ~0ull;
			}
			EMIT(emaxf(v->cf) - 1);
		}
	/* infinities and NaNs among the inputs (C's list has its own) */
	for (int z = 0; z < 24; z++) {
		probe_clear(&p);
		for (int j = 0; j < k; j++) {
			p.raw[j] = 1;
			p.rawa[j] = enc(v->af, 0, 0, 0);
			p.rawb[j] = enc(v->bf, 0, (j % 5) - 2, rnd());
		}
		int j1 = z % k, j2 = (z * 7 + 3) % k;
		switch (z % 8) {
		case 0: p.rawa[j1] = inf_of(v->af, 0); break;
		case 1: p.rawa[j1] = inf_of(v->af, 0); p.rawb[j1] = 0; break;
		case 2: p.rawa[j1] = inf_of(v->af, 0); p.rawa[j2] = inf_of(v->af, 1); break;
		case 3: p.rawa[j1] = nan_of(v->af, 0, 0x5); break;
		case 4: p.rawb[j1] = nan_of(v->bf, 1, 1ull << (FM[v->bf].mbits - 1) | 3); break;
		case 5: p.rawa[j1] = nan_of(v->af, 1, 3); p.rawb[j2] = nan_of(v->bf, 0, 1ull << (FM[v->bf].mbits - 1)); break;
		case 6: p.rawa[j1] = inf_of(v->af, 1); p.rawb[j2] = nan_of(v->bf, 0, 2); break;
		case 7: p.rawa[j1] = inf_of(v->af, 1); p.rawa[j2] = enc(v->af, 0, emaxf(v->af), ~0ull);
			p.rawb[j2] = enc(v->bf, 0, emaxf(v->bf), ~0ull); break;
		}
		EMIT(0);
	}
#undef EMIT
	return n;
}

/*
 * Probes of the fp8 inputs' summation order, 16 a warp: B's columns are all
 * one vector b ((1 + bf[j]/8) 2^bx[j] in position j) and each row of A
 * makes its own products, (-1)^s 2^e (1 + f/8) at the positions it names
 * (an entry the format cannot hold is left out); C is zero.  The questions
 * (E: a scale the format reaches, u = 2^(E-26)):
 *   order:  2^E at i, +4u at j, -2u at k (f16 results: 1, 2^-11, 2^-12 at
 *           i, j, k): is the sum of i and j rounded before k joins it?
 *   tail:   2^E at 0, -4u at j, -u at k: is u kept after a cancellation?
 *   carry:  2.25 * 2^E at 0 (1.5 * 1.5) and a term at a gap below it
 *   cancel: 1.5625 * 2^E at 0 and -1.5 * 2^E at 1 or 16, a term below
 */
typedef struct { int pos, s, e, f; } Prod;

static int
rowwarp(const Var *v, const int *bx, const int *bf, Prod rows[16][4], int nrow, Warp *w)
{
	memset(w, 0, sizeof *w);
	for (int j = 0; j < v->k; j++)
		for (int c = 0; c < v->n; c++)
			w->B[j][c] = enc(v->bf, 0, bx[j], (uint64_t)bf[j] << 61);
	for (int r = 0; r < nrow; r++)
		for (int t = 0; t < 4 && rows[r][t].pos >= 0; t++) {
			Prod *p = &rows[r][t];
			int ea = p->e - bx[p->pos];
			if (ea <= emaxf(v->af) && ea >= emin(v->af) - FM[v->af].mbits)
				w->A[r][p->pos] = enc(v->af, p->s, ea, (uint64_t)p->f << 61);
		}
	return 1;
}

static int
fp8probes(const Var *v, Warp *w, int cap)
{
	int n = 0, k = v->k, nr = 0, bx[32], bf[32] = { 0 };
	int e4 = v->af == E4M3 || v->bf == E4M3, E = e4 ? 14 : 0;
	int big = e4 ? 7 : 0, small = e4 ? -5 : -12;   /* b's exponent where the large term sits, elsewhere */
	Prod rows[16][4];

	if (v->af != E4M3 && v->af != E5M2)
		return 0;
#define ROW(...) do { Prod r_[4] = { __VA_ARGS__, { -1, 0, 0, 0 } }; memcpy(rows[nr], r_, sizeof rows[nr]); \
	if (++nr == 16) { if (n < cap) n += rowwarp(v, bx, bf, rows, nr, &w[n]); nr = 0; } } while (0)
#define FLUSH() do { if (nr && n < cap) n += rowwarp(v, bx, bf, rows, nr, &w[n]); nr = 0; } while (0)
	int is[] = { 0, 5, 17 };
	for (int ii = 0; ii < 3; ii++) {
		int i = is[ii];
		for (int j = 0; j < k; j++)
			bx[j] = j == i ? big : small;
		for (int j = 0; j < k; j++)
			for (int kk = 0; kk < k; kk++) {
				if (j == i || kk == i || kk == j)
					continue;
				if (v->cf == F16)
					ROW({ i, 0, 0, 0 }, { j, 0, -11, 0 }, { kk, 0, -12, 0 });
				else
					ROW({ i, 0, E, 0 }, { j, 0, E - 24, 0 }, { kk, 1, E - 25, 0 });
			}
		FLUSH();
	}
	for (int j = 0; j < k; j++)
		bx[j] = j == 0 ? big : small;
	if (v->cf != F16)
		for (int j = 1; j < k; j++)
			for (int kk = 1; kk < k; kk++)
				if (kk != j)
					ROW({ 0, 0, E, 0 }, { j, 1, E - 24, 0 }, { kk, 1, E - 26, 0 });
	FLUSH();
	bf[0] = 4;   /* b = 1.5 * 2^big: a 1.5 * 1.5 product carries */
	for (int kk = 1; kk < k; kk++)
		for (int g = 18; g <= 30; g++)
			for (int sg = 0; sg < 2; sg++)
				ROW({ 0, 0, E, 4 }, { kk, sg, E - g, g & 6 });
	FLUSH();
	bf[0] = 2;   /* 1.25 * 1.25 */
	for (int j = 0; j < k; j++)
		bx[j] = j == 0 || j == 1 || j == 16 ? big : small;
	for (int p1 = 1; p1 <= 16; p1 += 15)
		for (int kk = 2; kk < k; kk++)
			for (int g = 16; g <= 30; g++)
				for (int sg = 0; sg < 2; sg++)
					if (kk != p1)
						ROW({ 0, 0, E, 2 }, { p1, 1, E, 4 }, { kk, sg, E - g, g & 6 });
	FLUSH();
#undef ROW
#undef FLUSH
	return n;
}

/*
 * A random warp in style st:
 *   0  values near 1 (exponents -3..3), C alike
 *   1  exponents over +-20, C over +-40: terms cut at every depth
 *   2  any finite bit pattern (subnormals, overflowing sums)
 *   3  cancellation: C minus the (double) sum of the row's products, or
 *      A's row in pairs x, -x
 *   4  products near 1, C at a random gap of -45..45 binades
 *   5  small values: subnormal inputs, products and C near the bottom
 *   6  style 0 with 4% infinities, NaNs, zeros, subnormals and huge values
 *   7  half the elements zero of either sign
 *   8  few-bit significands at exponents that put bits at the rounding
 *      positions of f32 and f16 (ties, sticky tails)
 *   9  exponents near the top: overflow of products, of the sum, of C
 *  10  sparse: two to six nonzero elements in each row of A at exponents
 *      spread over the format, so that few products meet at any gap
 */
enum { NSTYLE = 11 };

static uint64_t
special(int f)
{
	switch (rnd() % 8) {
	case 0: return inf_of(f, (int)(rnd() & 1));
	case 1: return nan_of(f, (int)(rnd() & 1), rnd());
	case 2: return (rnd() & 1) << sbit(f);
	case 3: return enc(f, (int)(rnd() & 1), emin(f) - rint_(1, FM[f].mbits), rnd());
	case 4: return enc(f, (int)(rnd() & 1), emaxf(f) - rint_(0, 2), rnd());
	default: return enc(f, (int)(rnd() & 1), rint_(-3, 3), rnd());
	}
}

/* a few-bit value at one of the given exponents */
static uint64_t
fewbits(int f, const int *ex, int nex)
{
	uint64_t fr = rnd() & 3ull << 62;
	return enc(f, (int)(rnd() & 1), ex[rnd() % (uint64_t)nex], fr);
}

static void
gen_warp(const Var *v, int st, Warp *w)
{
	int af = v->af, bf = v->bf, cf = v->cf;
	int ra = emaxf(af) < 20 ? emaxf(af) : 20, rb = emaxf(bf) < 20 ? emaxf(bf) : 20;
	int rc = emaxf(cf) < 40 ? emaxf(cf) : 40;
	int ex8[] = { 0, -1, -5, -6, -11, -12, -13, -23, -24, -25, -26, -27 };

	for (int r = 0; r < v->m; r++)
		for (int j = 0; j < v->k; j++) {
			uint64_t *a = &w->A[r][j];
			switch (st) {
			case 0: case 3: case 4: case 6: *a = rval(af, -3, 3); break;
			case 1: *a = rval(af, -ra, ra); break;
			case 2: *a = rany(af); break;
			case 5: *a = rval(af, emin(af) - FM[af].mbits, emin(af) + 6); break;
			case 7: *a = chance(50) ? (rnd() & 1) << sbit(af) : rval(af, -8, 8); break;
			case 8: *a = fewbits(af, ex8, 4); break;
			default: *a = rval(af, emaxf(af) - 4, emaxf(af)); break;
			}
			if (st == 6 && chance(4))
				*a = special(af);
		}
	if (st == 10)
		for (int r = 0; r < v->m; r++) {
			int nz = rint_(2, 6);
			for (int j = 0; j < v->k; j++)
				w->A[r][j] = 0;
			for (int i = 0; i < nz; i++)
				w->A[r][rnd() % (uint64_t)v->k] = rval(af, emin(af), emaxf(af));
		}
	if (st == 3 && chance(50))
		for (int r = 0; r < v->m; r++)
			for (int j = 1; j < v->k; j += 2)
				w->A[r][j] = w->A[r][j - 1] ^ (1ull << sbit(af));
	for (int j = 0; j < v->k; j++)
		for (int c = 0; c < v->n; c++) {
			uint64_t *b = &w->B[j][c];
			switch (st) {
			case 0: case 3: case 4: case 6: *b = rval(bf, -3, 3); break;
			case 1: *b = rval(bf, -rb, rb); break;
			case 2: *b = rany(bf); break;
			case 5: *b = rval(bf, emin(bf), emin(bf) + 8); break;
			case 7: *b = chance(50) ? (rnd() & 1) << sbit(bf) : rval(bf, -8, 8); break;
			case 8: *b = fewbits(bf, ex8, 12); break;
			case 10: *b = rval(bf, emin(bf), emaxf(bf)); break;
			default: *b = rval(bf, emaxf(bf) - 4, emaxf(bf)); break;
			}
			if (st == 6 && chance(4))
				*b = special(bf);
		}
	if (st == 3 && chance(50))
		for (int j = 1; j < v->k; j += 2)
			for (int c = 0; c < v->n; c++)
				w->B[j][c] = w->B[j - 1][c];
	for (int r = 0; r < v->m; r++)
		for (int c = 0; c < v->n; c++) {
			uint64_t *x = &w->C[r][c];
			switch (st) {
			case 0: case 6: *x = rval(cf, -3, 5); break;
			case 1: *x = rval(cf, -rc, rc); break;
			case 2: *x = rany(cf); break;
			case 3: {
				double s = 0;
				for (int j = 0; j < v->k; j++)
					s += dec(af, w->A[r][j]) * dec(bf, w->B[j][c]);
				if (chance(30) && v->k > 1)
					s -= dec(af, w->A[r][v->k - 1]) * dec(bf, w->B[v->k - 1][c]);
				if (cf == F64)
					memcpy(x, &s, 8), *x ^= 1ull << 63;
				else if (cf == F32) {
					float f = (float)-s;
					uint32_t u;
					memcpy(&u, &f, 4);
					*x = s == 0 ? 0 : u + (uint32_t)(rint_(-2, 2));
				} else {
					int e;
					double m = frexp(-s, &e);
					*x = s == 0 ? 0 : enc(cf, m < 0, e - 1, (uint64_t)ldexp(fabs(m) * 2 - 1, 63) << 1);
				}
				break;
			}
			case 4: *x = rval(cf, -45 > -emaxf(cf) ? -45 : 1 - emaxf(cf), 45 < emaxf(cf) ? 45 : emaxf(cf)); break;
			case 5: *x = chance(30) ? 0 : rval(cf, emin(cf) - FM[cf].mbits, emin(cf) + 10); break;
			case 7: *x = chance(50) ? (rnd() & 1) << sbit(cf) : rval(cf, -8, 8); break;
			case 8: *x = fewbits(cf, ex8, 3); break;
			case 10: *x = chance(50) ? 0 : rval(cf, -20, 20); break;
			default: *x = chance(50) ? rval(cf, emaxf(cf) - 3, emaxf(cf)) : rval(cf, -3, 3); break;
			}
			if (st == 6 && chance(4))
				*x = special(cf);
		}
}

/* ---------------------------------------------------------------- running */

static CUmodule
load_ptx(const char *src, const char *what)
{
	CUmodule mod;
	char log[8192] = "";
	CUjit_option o[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	void *ov[] = { log, (void *)(uintptr_t)sizeof log };
	CUresult r = cuModuleLoadDataEx(&mod, src, 2, o, ov);
	if (r != CUDA_SUCCESS) {
		const char *s = "";
		cuGetErrorString(r, &s);
		fprintf(stderr, "%s: the driver does not compile it (%s): %s\n", what, s, log);
		return NULL;
	}
	return mod;
}

/* Launches f on nw blocks of 32 threads with four buffers; d gets the last. */
static void
launch(CUfunction f, int nw, const void *a, size_t na, const void *b, size_t nb, const void *c, size_t nc,
    void *d, size_t nd)
{
	CUdeviceptr p[4];
	size_t sz[4] = { na, nb, nc, nd };
	const void *h[3] = { a, b, c };
	for (int i = 0; i < 4; i++) {
		CK(cuMemAlloc(&p[i], sz[i] ? sz[i] : 1));
		if (i < 3)
			CK(cuMemcpyHtoD(p[i], h[i], sz[i]));
		else
			CK(cuMemsetD8(p[i], 0, sz[i]));
	}
	void *args[] = { &p[0], &p[1], &p[2], &p[3] };
	CK(cuLaunchKernel(f, (unsigned)nw, 1, 1, 32, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(d, p[3], nd));
	for (int i = 0; i < 4; i++)
		CK(cuMemFree(p[i]));
}

static void
putel(FILE *f, uint64_t x, int bits)
{
	for (int i = 0; i < bits / 8; i++)
		fputc((int)(x >> (8 * i) & 0xff), f);
}

/* fragment words of all lanes of nw warps <-> matrices */
static void
pack(const Var *v, const Warp *w, int nw, uint32_t *fa, uint32_t *fb, uint32_t *fc, int na, int nb, int nc)
{
	int ab = FM[v->af].bits, cb = FM[v->cf].bits;
	for (int x = 0; x < nw; x++)
		for (int l = 0; l < 32; l++) {
			int g = l / 4, t = l % 4, r, c;
			uint32_t *pa = fa + (size_t)(32 * x + l) * na, *pb = fb + (size_t)(32 * x + l) * nb;
			uint32_t *pc = fc + (size_t)(32 * x + l) * nc;
			memset(pa, 0, 4 * (size_t)na);
			memset(pb, 0, 4 * (size_t)nb);
			memset(pc, 0, 4 * (size_t)nc);
			for (int i = 0; i < v->m * v->k / 32; i++) {
				afrag(v->lay, g, t, i, &r, &c);
				uint64_t e = w[x].A[r][c];
				if (ab == 64) pa[2 * i] = (uint32_t)e, pa[2 * i + 1] = (uint32_t)(e >> 32);
				else pa[i * ab / 32] |= (uint32_t)e << (ab * i % 32);
			}
			for (int i = 0; i < v->k * v->n / 32; i++) {
				bfrag(v->lay, g, t, i, &r, &c);
				uint64_t e = w[x].B[r][c];
				if (ab == 64) pb[2 * i] = (uint32_t)e, pb[2 * i + 1] = (uint32_t)(e >> 32);
				else pb[i * ab / 32] |= (uint32_t)e << (ab * i % 32);
			}
			for (int i = 0; i < v->m * v->n / 32; i++) {
				cfrag(v->lay, g, t, i, &r, &c);
				uint64_t e = w[x].C[r][c];
				if (cb == 64) pc[2 * i] = (uint32_t)e, pc[2 * i + 1] = (uint32_t)(e >> 32);
				else pc[i * cb / 32] |= (uint32_t)e << (cb * i % 32);
			}
		}
}

static void
unpack_d(const Var *v, Warp *w, int nw, const uint32_t *fd, int nc)
{
	int cb = FM[v->cf].bits;
	for (int x = 0; x < nw; x++)
		for (int l = 0; l < 32; l++) {
			int g = l / 4, t = l % 4, r, c;
			const uint32_t *pd = fd + (size_t)(32 * x + l) * nc;
			for (int i = 0; i < v->m * v->n / 32; i++) {
				cfrag(v->lay, g, t, i, &r, &c);
				if (cb == 64)
					w[x].D[r][c] = pd[2 * i] | (uint64_t)pd[2 * i + 1] << 32;
				else
					w[x].D[r][c] = pd[i * cb / 32] >> (cb * i % 32) & (cb == 32 ? 0xffffffffu : (1u << cb) - 1);
			}
		}
}

static int
gen_var(const Var *v, const char *dir, int nrand)
{
	char src[16384], path[4096];
	int ab = FM[v->af].bits, cb = FM[v->cf].bits;
	int na = v->m * v->k * ab / 1024, nb = v->k * v->n * ab / 1024, nc = v->m * v->n * cb / 1024;
	int cap = 24000 + nrand, nw;
	CUmodule mod;
	CUfunction fn;

	ptx_of(v, src, sizeof src);
	if (!(mod = load_ptx(src, v->name)))
		return 1;
	CK(cuModuleGetFunction(&fn, mod, "tc"));
	Warp *w = calloc((size_t)cap, sizeof *w);
	uint32_t *fa = calloc((size_t)cap * 32, 4 * (size_t)na), *fb = calloc((size_t)cap * 32, 4 * (size_t)nb);
	uint32_t *fc = calloc((size_t)cap * 32, 4 * (size_t)nc), *fd = calloc((size_t)cap * 32, 4 * (size_t)nc);
	if (!w || !fa || !fb || !fc || !fd) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	nw = probes(v, w, cap - nrand);
	nw += fp8probes(v, w + nw, cap - nrand - nw);
	int np = nw;
	for (int i = 0; i < nrand; i++)
		gen_warp(v, i % NSTYLE, &w[nw++]);
	pack(v, w, nw, fa, fb, fc, na, nb, nc);
	launch(fn, nw, fa, (size_t)nw * 128 * na, fb, (size_t)nw * 128 * nb, fc, (size_t)nw * 128 * nc,
	    fd, (size_t)nw * 128 * nc);
	unpack_d(v, w, nw, fd, nc);
	snprintf(path, sizeof path, "%s/%s.rec", dir, v->name);
	FILE *f = fopen(path, "wb");
	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "tcrec1 %s %s %s %s %d %d %d %d\n", v->name, FM[v->af].name, FM[v->bf].name, FM[v->cf].name,
	    v->m, v->n, v->k, nw);
	for (int x = 0; x < nw; x++) {
		for (int r = 0; r < v->m; r++) for (int j = 0; j < v->k; j++) putel(f, w[x].A[r][j], ab);
		for (int j = 0; j < v->k; j++) for (int c = 0; c < v->n; c++) putel(f, w[x].B[j][c], ab);
		for (int r = 0; r < v->m; r++) for (int c = 0; c < v->n; c++) putel(f, w[x].C[r][c], cb);
		for (int r = 0; r < v->m; r++) for (int c = 0; c < v->n; c++) putel(f, w[x].D[r][c], cb);
	}
	fclose(f);
	printf("%s: %d probe warps, %d random, %d elements\n", v->name, np, nw - np, nw * v->m * v->n);
	free(w); free(fa); free(fb); free(fc); free(fd);
	CK(cuModuleUnload(mod));
	return 0;
}

static void *
slurp(const char *p, size_t *n)
{
	FILE *f = fopen(p, "rb");
	if (!f) {
		perror(p);
		exit(1);
	}
	fseek(f, 0, SEEK_END);
	long sz = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = calloc((size_t)sz + 1, 1);
	if (!b || fread(b, 1, (size_t)sz, f) != (size_t)sz) {
		fprintf(stderr, "%s: read error\n", p);
		exit(1);
	}
	fclose(f);
	*n = (size_t)sz;
	return b;
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	int bad = 0;

	if (argc < 3 || (strcmp(argv[1], "gen") == 0 && argc < 5) || (strcmp(argv[1], "run") == 0 && argc != 10)) {
		fprintf(stderr, "usage: tcgpu gen DIR SEED NRAND [VARIANT...]\n"
		    "       tcgpu run PTX KERNEL NWARPS FILEA FILEB FILEC DBYTES OUT\n");
		return 2;
	}
	if (strcmp(argv[1], "ptx") == 0) {   /* tcgpu ptx VARIANT: the kernel, for reading */
		static char src[16384];
		for (int i = 0; i < NVAR; i++)
			if (argc > 2 && strcmp(argv[2], vars[i].name) == 0) {
				ptx_of(&vars[i], src, sizeof src);
				fputs(src, stdout);
				return 0;
			}
		return 2;
	}
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	if (strcmp(argv[1], "run") == 0) {
		size_t n, na, nb, nc, nd = (size_t)atol(argv[8]);
		char *src = slurp(argv[2], &n);
		void *a = slurp(argv[5], &na), *b = slurp(argv[6], &nb), *c = slurp(argv[7], &nc), *d = calloc(nd, 1);
		CUmodule mod = load_ptx(src, argv[2]);
		CUfunction fn;
		if (!mod || !d)
			return 1;
		CK(cuModuleGetFunction(&fn, mod, argv[3]));
		launch(fn, atoi(argv[4]), a, na, b, nb, c, nc, d, nd);
		FILE *f = fopen(argv[9], "wb");
		if (!f || fwrite(d, 1, nd, f) != nd) {
			perror(argv[9]);
			return 1;
		}
		fclose(f);
		return 0;
	}
	rs ^= (uint64_t)atoll(argv[3]) * 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < NVAR; i++) {
		int want = argc == 5;
		for (int j = 5; j < argc; j++)
			want |= strcmp(argv[j], vars[i].name) == 0;
		if (want)
			bad |= gen_var(&vars[i], argv[2], atoi(argv[4]));
	}
	return bad;
}
