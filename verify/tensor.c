/*
 * tensor.c — the tensor-core instructions: mma, mma.sp, wmma.load,
 * wmma.store, wmma.mma, wgmma.mma_async (and .sp), ldmatrix, stmatrix and
 * movmatrix.
 *
 * Each is a family of forms: a shape, the types of A and B, those of the
 * accumulators C and D, and the oldest target and PTX ISA that have them.
 * The tables below hold the forms ptxas 13.0 accepts, found by assembling
 * every combination of shape and types.  They drive:
 *
 *  - instr-type: types no form takes ("Unexpected instruction types"), or a
 *    .dtype/.ctype pair the shape does not combine (".dtype must be '.f32'
 *    when .ctype is '.f32'");
 *  - modifier: a shape the types do not have ("Illegal matrix shape"), the
 *    .row/.col layouts, the .and/.xor .popc of the single-bit forms,
 *    .kind::f8f6f4 (needed by the FP6/FP4 types, refused by others), the
 *    block-scale .kind, .scale_vec and scale types, .satfinite;
 *  - target: forms newer than the module's .target or .version (FP8 needs
 *    sm_89, FP6/FP4 and block scaling sm_120a);
 *  - vector: fragment sizes, registers per thread = rows x columns x bits /
 *    (32 lanes x 32 bits), the sparse A half of it, with ptxas's exceptions
 *    (wmma's f16 A and B are twice that, mma m8n8k4 .f16 four times, FP6
 *    and FP4 elements take 8 bits except in the mxf4 kinds); wgmma's
 *    accumulator is 64 x N over 128 threads;
 *  - operand-type: the registers each fragment takes (ptxas takes any
 *    32-bit register for the narrow integer and FP8 inputs of most shapes),
 *    metadata and descriptor registers, and immediates in range (sparsity
 *    selectors, wgmma scales and transposes, block-scale byte and thread
 *    ids).
 *
 * A form is checked further only once its types and shape are valid, so one
 * mistake gives one finding.  Vectors whose registers disagree among
 * themselves are types.c's (verify_fragment skips them).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verify.h"

/* Classes of A and B types. */
enum {
	C_F16 = 1 << 0, C_BF16 = 1 << 1, C_TF32 = 1 << 2, C_F64 = 1 << 3, C_I8 = 1 << 4,
	C_I4 = 1 << 5, C_B1 = 1 << 6, C_F8 = 1 << 7, C_F6F4 = 1 << 8,
};

static unsigned
tclass(int ty)
{
	switch (ty) {
	case TY_F16: return C_F16;
	case TY_BF16: return C_BF16;
	case TY_TF32: return C_TF32;
	case TY_F64: return C_F64;
	case TY_S8: case TY_U8: return C_I8;
	case TY_S4: case TY_U4: return C_I4;
	case TY_B1: return C_B1;
	case TY_E4M3: case TY_E5M2: return C_F8;
	case TY_E3M2: case TY_E2M3: case TY_E2M1: return C_F6F4;
	}
	return 0;
}

/* Accumulator types, and (.dtype, .ctype) pairs as bits. */
enum { A16, A32, AS32, A64 };
#define P(d, c) (1u << ((d) * 4 + (c)))
#define FF (P(A16, A16) | P(A32, A32))

static int
accof(int ty)
{
	switch (ty) {
	case TY_F16: return A16;
	case TY_F32: return A32;
	case TY_S32: return AS32;
	case TY_F64: return A64;
	}
	return -1;
}

static const char *
tyname(int ty)
{
	return ty > 0 && ty < NTY ? ir_tyinfo[ty].name : "?";
}

/* The type words of in, in written order (in->ty keeps only four). */
static int
typelist(const Ins *in, int *t, int max)
{
	int n = 0;

	for (int i = 0; i < in->nmod && n < max; i++)
		if (in->mod[i] > 0 && in->mod[i] < NTY)
			t[n++] = in->mod[i];
	return n;
}

/* The mNnNkN (or mNnN) modifier; 0 when absent. */
static int
shapeof(const Ins *in, int *m, int *n, int *k)
{
	*m = *n = *k = 0;
	for (int i = 0; i < in->nmod; i++) {
		const char *t = in->modtext[i];
		if (!t || (in->mod[i] != MOD_SHAPE && in->mod[i] != MOD_MN))
			continue;
		if (*t == '.')
			t++;
		if (sscanf(t, "m%dn%dk%d", m, n, k) >= 2)
			return 1;
	}
	return 0;
}

/* The .row/.col words in written order; returns how many. */
static int
layouts(const Ins *in, int *l)
{
	int n = 0;

	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] == MOD_ROW || in->mod[i] == MOD_COL) {
			if (n < 2)
				l[n] = in->mod[i];
			n++;
		}
	return n;
}

/* Registers per thread of an r x c tile of bits-wide elements over a warp. */
static int
tile(int r, int c, int bits)
{
	return r * c * bits / 1024;
}

/* The register kind of an accumulator of type ty.  f64 fragments take any
 * 64-bit register in mma, .f64 or .b64 ones in wmma. */
static int
fragacc(int ty, int wmma)
{
	switch (ty) {
	case TY_F16: return FK_F16X2;
	case TY_F32: return FK_F32;
	case TY_S32: return FK_I32;
	case TY_F64: return wmma ? FK_F64 : FK_W64;
	}
	return FK_W32;
}

/* The register kind of an A or B input of class c. */
static int
fragin(unsigned c, int wmma)
{
	switch (c) {
	case C_F16: return FK_F16X2;
	case C_BF16: case C_TF32: return FK_B32;
	case C_F64: return wmma ? FK_F64 : FK_W64;
	case C_I8: return FK_I32;
	}
	return FK_W32;
}

/* An immediate operand that must lie in lo..hi. */
static void
immrange(Verify *v, Ins *in, int idx, int lo, int hi, const char *what)
{
	Opnd *o;

	if (idx >= in->nopnd)
		return;
	o = &in->opnd[idx];
	if (o->kind == OK_IMM && (o->imm < lo || o->imm > hi) && lo == hi)
		verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' (%s) is %lld; it must be %d",
		    idx + 1, ir_opinfo[in->op].name, what, (long long)o->imm, lo);
	else if (o->kind == OK_IMM && (o->imm < lo || o->imm > hi))
		verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' (%s) is %lld; it must be in %d..%d",
		    idx + 1, ir_opinfo[in->op].name, what, (long long)o->imm, lo, hi);
}

/* An operand that must be a register of kind fk, not an immediate. */
static void
regonly(Verify *v, Ins *in, int idx, int fk, const char *what)
{
	Opnd *o;

	if (idx >= in->nopnd)
		return;
	o = &in->opnd[idx];
	if (o->kind == OK_IMM || o->kind == OK_FIMM)
		verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' (%s) must be a register",
		    idx + 1, ir_opinfo[in->op].name, what);
	else
		verify_fragreg(v, in, o, idx, fk);
}

/* A form's target: sm_NN or newer, or, with arch, the sm_120/sm_121
 * architecture-specific targets (family ones from PTX ISA 8.8). */
static void
gate(Verify *v, Ins *in, int sm, int isa, int arch, const char *what)
{
	const Module *m = v->m;
	int ver = m->ver_major * 10 + m->ver_minor;
	const char *op = ir_opinfo[in->op].name;

	if (isa > ver)
		verify_report(v, VC_TARGET, in->loc, "'%s' with %s requires PTX ISA .version %d.%d or later",
		    op, what, isa / 10, isa % 10);
	if (!m->sm)
		return;
	if (arch && ((m->sm != 120 && m->sm != 121) ||
	    !(m->smsuffix == 'a' || (m->smsuffix == 'f' && ver >= 88))))
		verify_report(v, VC_TARGET, in->loc, "'%s' with %s is not supported on .target sm_%d%s (needs sm_120a)",
		    op, what, m->sm, m->smsuffix ? (char[]){m->smsuffix, 0} : "");
	else if (!arch && sm > m->sm)
		verify_report(v, VC_TARGET, in->loc, "'%s' with %s requires .target sm_%d or higher", op, what, sm);
}

/* ---------------------------------------------------------------- mma, mma.sp */

enum {
	M_SP = 1 << 0,      /* mma.sp */
	M_ANY = 1 << 1,     /* any .row/.col layouts (else .row.col) */
	M_SAT = 1 << 2,     /* .satfinite allowed */
	M_POPC = 1 << 3,    /* needs .and.popc or .xor.popc */
	M_KIND = 1 << 4,    /* .kind::f8f6f4 */
	M_MX8 = 1 << 5,     /* block scale, .kind::mxf8f6f4 */
	M_MX4 = 1 << 6,     /* block scale, .kind::mxf4 or .kind::mxf4nvf4 */
	M_ARCH = 1 << 7,    /* sm_120a and sm_121a only */
};

typedef struct {
	unsigned char m, n;
	short k;
	unsigned short ab;  /* the classes A and B may each be of */
	unsigned short acc; /* the (.dtype, .ctype) pairs, P() */
	unsigned char fl;   /* M_* */
	unsigned char sel;  /* sparse: the largest sparsity selector */
	unsigned char sm, isa;
	const char *what;   /* how target messages name the form */
} Form;

static const Form forms[] = {
	{8, 8, 4, C_F16, P(A16, A16) | P(A32, A16) | P(A32, A32), M_ANY, 0, 70, 64, ".f16"},
	{8, 8, 4, C_F64, P(A64, A64), 0, 0, 80, 70, ".f64"},
	{16, 8, 4, C_TF32, P(A32, A32), 0, 0, 80, 70, ".tf32"},
	{16, 8, 4, C_F64, P(A64, A64), 0, 0, 90, 78, ".f64 and shape .m16n8k4"},
	{16, 8, 8, C_F16, FF, 0, 0, 75, 65, "shape .m16n8k8"},
	{16, 8, 8, C_BF16, P(A32, A32), 0, 0, 80, 70, ".bf16"},
	{16, 8, 8, C_TF32, P(A32, A32), 0, 0, 80, 70, ".tf32"},
	{16, 8, 8, C_F64, P(A64, A64), 0, 0, 90, 78, ".f64 and shape .m16n8k8"},
	{16, 8, 16, C_F16, FF, 0, 0, 80, 70, "shape .m16n8k16"},
	{16, 8, 16, C_BF16, P(A32, A32), 0, 0, 80, 70, ".bf16"},
	{16, 8, 16, C_F64, P(A64, A64), 0, 0, 90, 78, ".f64 and shape .m16n8k16"},
	{16, 8, 16, C_I8, P(AS32, AS32), M_SAT, 0, 80, 70, "shape .m16n8k16"},
	{16, 8, 16, C_F8, FF, 0, 0, 89, 87, "FP8 types and shape .m16n8k16"},
	{8, 8, 16, C_I8, P(AS32, AS32), M_SAT, 0, 75, 65, "shape .m8n8k16"},
	{16, 8, 32, C_I8, P(AS32, AS32), M_SAT, 0, 80, 70, "shape .m16n8k32"},
	{16, 8, 32, C_I4, P(AS32, AS32), M_SAT, 0, 80, 70, "shape .m16n8k32"},
	{16, 8, 32, C_F8, P(A32, A32), 0, 0, 89, 84, "FP8 types (.e4m3, .e5m2)"},
	{16, 8, 32, C_F8, P(A16, A16), 0, 0, 89, 87, "FP8 types and an .f16 accumulator"},
	{16, 8, 32, C_F8 | C_F6F4, FF, M_KIND | M_ARCH, 0, 120, 87, ".kind::f8f6f4"},
	{16, 8, 32, C_F8 | C_F6F4, P(A32, A32), M_MX8 | M_ARCH, 0, 120, 87, "block scaling"},
	{8, 8, 32, C_I4, P(AS32, AS32), M_SAT, 0, 75, 65, "shape .m8n8k32"},
	{16, 8, 64, C_I4, P(AS32, AS32), M_SAT, 0, 80, 70, "shape .m16n8k64"},
	{16, 8, 64, C_F6F4, P(A32, A32), M_MX4 | M_ARCH, 0, 120, 87, "block scaling"},
	{8, 8, 128, C_B1, P(AS32, AS32), M_POPC, 0, 75, 65, "shape .m8n8k128"},
	{16, 8, 128, C_B1, P(AS32, AS32), M_POPC, 0, 80, 70, "shape .m16n8k128"},
	{16, 8, 256, C_B1, P(AS32, AS32), M_POPC, 0, 80, 70, "shape .m16n8k256"},

	{16, 8, 8, C_TF32, P(A32, A32), M_SP, 3, 80, 71, ".tf32"},
	{16, 8, 16, C_F16, FF, M_SP, 3, 80, 71, ".f16"},
	{16, 8, 16, C_BF16, P(A32, A32), M_SP, 3, 80, 71, ".bf16"},
	{16, 8, 16, C_TF32, P(A32, A32), M_SP, 1, 80, 71, ".tf32"},
	{16, 8, 32, C_F16, FF, M_SP, 3, 80, 71, ".f16"},
	{16, 8, 32, C_BF16, P(A32, A32), M_SP, 1, 80, 71, ".bf16"},
	{16, 8, 32, C_I8, P(AS32, AS32), M_SP | M_SAT, 1, 80, 71, "shape .m16n8k32"},
	{16, 8, 64, C_I8, P(AS32, AS32), M_SP | M_SAT, 0, 80, 71, "shape .m16n8k64"},
	{16, 8, 64, C_I4, P(AS32, AS32), M_SP | M_SAT, 1, 80, 71, "shape .m16n8k64"},
	{16, 8, 64, C_F8, P(A32, A32), M_SP, 0, 89, 84, "FP8 types (.e4m3, .e5m2)"},
	{16, 8, 64, C_F8, P(A16, A16), M_SP | M_ARCH, 0, 120, 87, "FP8 types and an .f16 accumulator"},
	{16, 8, 64, C_F8 | C_F6F4, FF, M_SP | M_KIND | M_ARCH, 0, 120, 87, ".kind::f8f6f4"},
	{16, 8, 64, C_F8 | C_F6F4, P(A32, A32), M_SP | M_MX8 | M_ARCH, 0, 120, 87, "block scaling"},
	{16, 8, 128, C_I4, P(AS32, AS32), M_SP | M_SAT, 0, 80, 71, "shape .m16n8k128"},
	{16, 8, 128, C_F6F4, P(A32, A32), M_SP | M_MX4 | M_ARCH, 0, 120, 87, "block scaling"},
};

/* The .kind of an mma: the M_KIND, M_MX8 or M_MX4 bit, 0 for none. */
static int
kindof(const Ins *in, int *nvf4)
{
	*nvf4 = ir_hasmod(in, MOD_KIND_MXF4NVF4);
	if (ir_hasmod(in, MOD_KIND_F8F6F4))
		return M_KIND;
	if (ir_hasmod(in, MOD_KIND_MXF8F6F4))
		return M_MX8;
	if (*nvf4 || ir_hasmod(in, MOD_KIND_MXF4))
		return M_MX4;
	return 0;
}

/* .scale_vec, the scale type and the byte and thread ids of a block-scale
 * mma; first is the index of scale-a-data. */
static void
blockscale(Verify *v, Ins *in, int kind, int nvf4, int stype, int first)
{
	int x = ir_hasmod(in, MOD_SCALE_VEC_1X) ? 1 : ir_hasmod(in, MOD_SCALE_VEC_2X) ? 2 :
	    ir_hasmod(in, MOD_SCALE_VEC_4X) ? 4 : 0;
	int want = kind == M_MX8 ? 1 : 2;
	const char *k = kind == M_MX8 ? "mxf8f6f4" : nvf4 ? "mxf4nvf4" : "mxf4";

	if (!ir_hasmod(in, MOD_BLOCK_SCALE))
		verify_report(v, VC_MODIFIER, in->loc, "'.kind::%s' needs .block_scale", k);
	if (nvf4 && !x)
		verify_report(v, VC_MODIFIER, in->loc, "'.kind::mxf4nvf4' needs .scale_vec::2X or .scale_vec::4X");
	else if (x && x != want && !(nvf4 && x == 4))
		verify_report(v, VC_MODIFIER, in->loc, "'.kind::%s' does not take .scale_vec::%dX", k, x);
	if (!x)
		x = want;
	if (stype != (x == 4 ? TY_UE4M3 : TY_UE8M0))
		verify_report(v, VC_INSTRTYPE, in->loc, "the scale type of '.kind::%s' with .scale_vec::%dX is .%s, not .%s",
		    k, x, x == 4 ? "ue4m3" : "ue8m0", tyname(stype));
	for (int s = 0; s < 2; s++) {
		int i = first + 2 * s;
		regonly(v, in, i, FK_W32, s ? "scale-b-data" : "scale-a-data");
		if (i + 1 >= in->nopnd || in->opnd[i + 1].kind != OK_VEC || in->opnd[i + 1].nsub != 2)
			continue;
		Opnd *id = &in->opnd[i + 1].sub[0], *th = &in->opnd[i + 1].sub[1];
		/* the byte of the scale register: 0..3 for 1X, 0 or 2 for 2X, 0 for 4X */
		if (id->kind == OK_IMM && (id->imm < 0 || id->imm > 3 || id->imm % (x == 4 ? 4 : x) != 0))
			verify_report(v, VC_OPTYPE, id->loc, "byte-id %lld of a .scale_vec::%dX scale must be %s",
			    (long long)id->imm, x, x == 1 ? "in 0..3" : x == 2 ? "0 or 2" : "0");
		if (th->kind == OK_IMM && (th->imm < 0 || th->imm > (s ? 3 : 1)))
			verify_report(v, VC_OPTYPE, th->loc, "thread-id %lld of scale-%c must be in 0..%d",
			    (long long)th->imm, s ? 'b' : 'a', s ? 3 : 1);
	}
}

static void
mmaforms(Verify *v, Ins *in)
{
	int sp = in->op != OP_MMA, m, n, k, t[6], nt, nvf4, kind = kindof(in, &nvf4);
	int mx = kind == M_MX8 || kind == M_MX4, l[2], nl;
	const Form *f = NULL, *accbad = NULL, *kindbad = NULL;
	char shapes[128] = "";
	const char *op = ir_opinfo[in->op].name;

	if (!shapeof(in, &m, &n, &k) || !k)
		return;
	nt = typelist(in, t, 6);
	if (nt != 4 + mx) {
		verify_report(v, VC_INSTRTYPE, in->loc, "'%s' takes the types .dtype.atype.btype.ctype%s", op,
		    mx ? ".stype" : "");
		return;
	}
	unsigned ca = tclass(t[1]), cb = tclass(t[2]);
	int d = accof(t[0]), c = accof(t[3]);
	unsigned pair = d >= 0 && c >= 0 ? P(d, c) : 0;
	for (size_t i = 0; i < sizeof forms / sizeof forms[0] && !f; i++) {
		const Form *r = &forms[i];
		int fk = r->fl & (M_KIND | M_MX8 | M_MX4);
		if (!!(r->fl & M_SP) != sp || !ca || !cb || !(ca & r->ab) || !(cb & r->ab))
			continue;
		/* the mxf4 kinds take .e2m1 only */
		if ((r->fl & M_MX4) && (t[1] != TY_E2M1 || t[2] != TY_E2M1))
			continue;
		if (fk != kind) {
			if (r->m == m && r->n == n && r->k == k && (pair & r->acc) && !kindbad)
				kindbad = r;
			continue;
		}
		if (r->m != m || r->n != n || r->k != k) {
			char s[24];
			snprintf(s, sizeof s, "%s.m%dn%dk%d", *shapes ? ", " : "", r->m, r->n, r->k);
			if (!strstr(shapes, s + (*shapes ? 2 : 0)) && strlen(shapes) + strlen(s) < sizeof shapes)
				strcat(shapes, s);
			continue;
		}
		if (pair & r->acc)
			f = r;
		else
			accbad = r;
	}
	if (!f) {
		if (accbad && d >= 0 && c >= 0 && (accbad->acc & P(c, c)) && d != c)
			verify_report(v, VC_INSTRTYPE, in->loc,
			    ".dtype must be .%s when .ctype is .%s for '%s' with shape .m%dn%dk%d", tyname(t[3]),
			    tyname(t[3]), op, m, n, k);
		else if (accbad)
			verify_report(v, VC_INSTRTYPE, in->loc,
			    "'%s' .m%dn%dk%d with .%s inputs does not take .%s.%s accumulators", op, m, n, k,
			    tyname(t[1]), tyname(t[0]), tyname(t[3]));
		else if (kindbad && !kind)
			verify_report(v, VC_MODIFIER, in->loc, "'%s' with .%s.%s needs .kind::%s", op, tyname(t[1]),
			    tyname(t[2]), kindbad->fl & M_KIND ? "f8f6f4" : kindbad->fl & M_MX8 ? "mxf8f6f4" : "mxf4");
		else if (kindbad)
			verify_report(v, VC_MODIFIER, in->loc, "'%s' with .%s.%s does not take this .kind", op,
			    tyname(t[1]), tyname(t[2]));
		else if (*shapes)
			verify_report(v, VC_MODIFIER, in->loc, "'%s' with .%s.%s has no shape .m%dn%dk%d; it takes %s", op,
			    tyname(t[1]), tyname(t[2]), m, n, k, shapes);
		else
			verify_report(v, VC_INSTRTYPE, in->loc, "no '%s' form takes .%s.%s.%s.%s", op, tyname(t[0]),
			    tyname(t[1]), tyname(t[2]), tyname(t[3]));
		return;
	}
	gate(v, in, f->sm, f->isa, f->fl & M_ARCH, f->what);
	nl = layouts(in, l);
	if (nl != 2)
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs an A and a B layout (.row.col)", op);
	else if (!(f->fl & M_ANY) && (l[0] != MOD_ROW || l[1] != MOD_COL))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' .m%dn%dk%d with .%s takes only .row.col layouts",
		    op, m, n, k, tyname(t[1]));
	int popc = ir_hasmod(in, MOD_POPC), bop = ir_hasmod(in, MOD_AND) || ir_hasmod(in, MOD_XOR);
	if ((f->fl & M_POPC) && !(popc && bop))
		verify_report(v, VC_MODIFIER, in->loc, "single-bit '%s' needs .and.popc or .xor.popc", op);
	else if (!(f->fl & M_POPC) && (popc || bop))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' takes .and/.xor .popc only with .b1 inputs", op);
	else if ((f->fl & M_POPC) && ir_hasmod(in, MOD_AND) && v->m->sm && v->m->sm < 80)
		verify_report(v, VC_TARGET, in->loc, "'%s' with .and requires .target sm_80 or higher", op);
	if (!(f->fl & M_SAT) && ir_hasmod(in, MOD_SATFINITE))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' with .%s inputs does not take .satfinite", op, tyname(t[1]));

	/* fragments; FP6/FP4 elements are padded to a byte, except in the mxf4 kinds */
	int wide = f->fl & (M_KIND | M_MX8);
	int ba = wide ? 8 : t[1] == TY_F64 ? 32 : verify_bits(t[1]);
	int bb = wide ? 8 : t[2] == TY_F64 ? 32 : verify_bits(t[2]);
	int q = m == 8 && n == 8 && k == 4 && t[1] == TY_F16 ? 4 : 1;
	verify_fragment(v, in, 0, tile(q * m, n, t[0] == TY_F64 ? 32 : verify_bits(t[0])), fragacc(t[0], 0));
	verify_fragment(v, in, 1, tile(q * m, k, ba) / (sp ? 2 : 1),
	    m == 8 && n == 8 && k == 16 ? FK_I32 : ca == C_I8 ? FK_W32 : fragin(ca, 0));
	verify_fragment(v, in, 2, tile(k, q * n, bb),
	    m == 8 && n == 8 && k == 16 ? FK_I32 : cb == C_I8 ? FK_W32 : fragin(cb, 0));
	verify_fragment(v, in, 3, tile(q * m, n, t[3] == TY_F64 ? 32 : verify_bits(t[3])), fragacc(t[3], 0));
	if (sp) {
		regonly(v, in, 4, FK_W32, "sparsity metadata");
		immrange(v, in, 5, 0, f->sel, "sparsity selector");
	}
	if (mx)
		blockscale(v, in, kind, nvf4, t[4], sp ? 6 : 4);
}

/* ---------------------------------------------------------------- wmma */

typedef struct {
	unsigned char m, n, k;
	unsigned short ab;  /* the class of A and B */
	unsigned char cd;   /* the types C and D may be, 1 << A* */
	unsigned char sm, isa;
} WForm;

static const WForm wforms[] = {
	{16, 16, 16, C_F16, 1 << A16 | 1 << A32, 70, 60},
	{32, 8, 16, C_F16, 1 << A16 | 1 << A32, 70, 61},
	{8, 32, 16, C_F16, 1 << A16 | 1 << A32, 70, 61},
	{16, 16, 16, C_BF16, 1 << A32, 80, 70},
	{32, 8, 16, C_BF16, 1 << A32, 80, 70},
	{8, 32, 16, C_BF16, 1 << A32, 80, 70},
	{16, 16, 16, C_I8, 1 << AS32, 72, 63},
	{32, 8, 16, C_I8, 1 << AS32, 72, 63},
	{8, 32, 16, C_I8, 1 << AS32, 72, 63},
	{16, 16, 8, C_TF32, 1 << A32, 80, 70},
	{8, 8, 4, C_F64, 1 << A64, 80, 70},
	{8, 8, 32, C_I4, 1 << AS32, 75, 63},
	{8, 8, 128, C_B1, 1 << AS32, 75, 63},
};

/* Registers of wmma fragment f ('a', 'b', 'c' or 'd') of type ty. */
static int
wsize(const WForm *w, int f, int ty)
{
	int bits = ty == TY_F64 ? 32 : verify_bits(ty);

	if ((f == 'a' || f == 'b') && w->ab == C_F16)
		return 8;   /* each f16 element twice */
	if (f == 'a')
		return tile(w->m, w->k, bits);
	if (f == 'b')
		return tile(w->k, w->n, bits);
	return tile(w->m, w->n, bits);
}

/* The form of wmma shape m n k whose fragment f has type ty; NULL after
 * reporting when there is none. */
static const WForm *
wform(Verify *v, Ins *in, int m, int n, int k, int f, int ty)
{
	const WForm *best = NULL;
	int shape = 0;

	for (size_t i = 0; i < sizeof wforms / sizeof wforms[0]; i++) {
		const WForm *w = &wforms[i];
		if (w->m != m || w->n != n || w->k != k)
			continue;
		shape = 1;
		if (f == 'a' || f == 'b' ? tclass(ty) == w->ab : accof(ty) >= 0 && (w->cd >> accof(ty) & 1))
			if (!best || w->sm < best->sm)
				best = w;
	}
	if (!shape)
		verify_report(v, VC_MODIFIER, in->loc, "'%s' has no shape .m%dn%dk%d", ir_opinfo[in->op].name, m, n, k);
	else if (!best)
		verify_report(v, VC_INSTRTYPE, in->loc, "'%s' .m%dn%dk%d does not take .%s for %c",
		    ir_opinfo[in->op].name, m, n, k, tyname(ty), toupper(f));
	return best;
}

static int
wkind(const WForm *w, int f, int ty)
{
	return f == 'a' || f == 'b' ? fragin(w->ab, 1) : fragacc(ty, 1);
}

static void
wstride(Verify *v, Ins *in, int idx)
{
	if (idx < in->nopnd && in->opnd[idx].kind == OK_REG)
		verify_fragreg(v, in, &in->opnd[idx], idx, FK_I32);
}

/* wmma.load.{a,b,c}, wmma.store.d */
static void
wmmamove(Verify *v, Ins *in)
{
	int m, n, k, l[2], st = in->op == OP_WMMA_STORE;
	int f = st ? 'd' : ir_hasmod(in, MOD_A) ? 'a' : ir_hasmod(in, MOD_B) ? 'b' : 'c';
	const WForm *w;
	char what[16];

	if (!shapeof(in, &m, &n, &k) || in->nty != 1 || !(w = wform(v, in, m, n, k, f, in->ty[0])))
		return;
	snprintf(what, sizeof what, ".%s", tyname(in->ty[0]));
	gate(v, in, w->sm, w->isa, 0, what);
	if (layouts(in, l) != 1)
		verify_report(v, VC_MODIFIER, in->loc, "'%s.%c' needs one layout, .row or .col", ir_opinfo[in->op].name, f);
	else if ((w->ab == C_I4 || w->ab == C_B1) && (f == 'a' || f == 'b') && l[0] != (f == 'a' ? MOD_ROW : MOD_COL))
		verify_report(v, VC_MODIFIER, in->loc, "sub-byte '%s.%c' is .%s only", ir_opinfo[in->op].name, f,
		    f == 'a' ? "row" : "col");
	/* ptxas takes a predicate in wmma.mma's fragments as elsewhere but not
	 * in a load's or store's, which it passes to a builtin function
	 * ("Type of argument does not match formal parameter") */
	for (int i = 0, x = st ? 1 : 0; x < in->nopnd && in->opnd[x].kind == OK_VEC && i < in->opnd[x].nsub; i++) {
		const Opnd *e = &in->opnd[x].sub[i];
		if (e->kind == OK_REG && e->sym && e->sym->kind == SYM_REG && e->sym->type == TY_PRED) {
			verify_report(v, VC_OPTYPE, e->loc, "predicate '%s' in the fragment of '%s'; it takes registers only",
			    e->sym->name, ir_opinfo[in->op].name);
			return;
		}
	}
	verify_fragment(v, in, st ? 1 : 0, wsize(w, f, in->ty[0]), wkind(w, f, in->ty[0]));
	wstride(v, in, 2);
}

static void
wmmamma(Verify *v, Ins *in)
{
	int m, n, k, t[4], nt = typelist(in, t, 4), l[2], nl;
	int d, a, b, c;
	const WForm *w = NULL;
	char what[16];

	if (!shapeof(in, &m, &n, &k))
		return;
	if (nt == 2 && accof(t[0]) >= 0 && accof(t[0]) <= A32 && accof(t[1]) >= 0 && accof(t[1]) <= A32) {
		d = t[0], a = b = TY_F16, c = t[1];     /* the f16 form names only .dtype.ctype */
	} else if (nt == 4 && tclass(t[1]) != C_F16 && t[1] == t[2] && t[0] == t[3]) {
		d = t[0], a = t[1], b = t[2], c = t[3];
	} else {
		verify_report(v, VC_INSTRTYPE, in->loc,
		    "'wmma.mma' takes .dtype.ctype with .f16 inputs, else .dtype.atype.btype.ctype with "
		    "one input type and .dtype equal to .ctype");
		return;
	}
	if (!(w = wform(v, in, m, n, k, 'a', a)) || !wform(v, in, m, n, k, 'd', d))
		return;
	snprintf(what, sizeof what, ".%s", tyname(a));
	gate(v, in, w->sm, w->isa, 0, what);
	nl = layouts(in, l);
	if (nl != 2)
		verify_report(v, VC_MODIFIER, in->loc, "'wmma.mma' needs an A and a B layout");
	else if ((w->ab == C_I4 || w->ab == C_B1) && (l[0] != MOD_ROW || l[1] != MOD_COL))
		verify_report(v, VC_MODIFIER, in->loc, "sub-byte 'wmma.mma' takes only .row.col layouts");
	if (w->ab == C_B1 && !(ir_hasmod(in, MOD_POPC) && (ir_hasmod(in, MOD_AND) || ir_hasmod(in, MOD_XOR))))
		verify_report(v, VC_MODIFIER, in->loc, "single-bit 'wmma.mma' needs .and.popc or .xor.popc");
	verify_fragment(v, in, 0, wsize(w, 'd', d), wkind(w, 'd', d));
	verify_fragment(v, in, 1, wsize(w, 'a', a), wkind(w, 'a', a));
	verify_fragment(v, in, 2, wsize(w, 'b', b), wkind(w, 'b', b));
	verify_fragment(v, in, 3, wsize(w, 'c', c), wkind(w, 'c', c));
}

/* ---------------------------------------------------------------- wgmma.mma_async */

enum {
	G_TRANS = 1,    /* imm-trans-a, imm-trans-b (A from shared memory) */
	G_SCALE = 2,    /* imm-scale-a, imm-scale-b */
	G_INT = 4,      /* N: 8, 16, 24, then multiples of 16 */
	G_SAT = 8,      /* .satfinite allowed */
	G_POPC = 16,    /* needs .and.popc */
	G_SEL1 = 32,    /* sparse: selector 0 or 1 (else 0) */
};

typedef struct {
	unsigned short ab;
	short k, ksp;       /* K dense and sparse (0: no sparse form) */
	unsigned char d;    /* accumulator types, 1 << A* */
	unsigned char fl;
} GForm;

static const GForm gforms[] = {
	{C_F16, 16, 32, 1 << A16 | 1 << A32, G_TRANS | G_SCALE | G_SEL1},
	{C_BF16, 16, 32, 1 << A32, G_TRANS | G_SCALE | G_SEL1},
	{C_TF32, 8, 16, 1 << A32, G_SCALE | G_SEL1},
	{C_F8, 32, 64, 1 << A16 | 1 << A32, G_SCALE},
	{C_I8, 32, 64, 1 << AS32, G_INT | G_SAT},
	{C_B1, 256, 0, 1 << AS32, G_INT | G_POPC},
};

static void
wgmma(Verify *v, Ins *in)
{
	int m, n, k, sp = in->op == OP_WGMMA_MMA_ASYNC_SP, dt = in->ty[0], at = in->ty[1], bt = in->ty[2];
	unsigned ca = tclass(at), cb = tclass(bt);
	const GForm *g = NULL;
	const char *op = ir_opinfo[in->op].name;

	if (in->nty != 3 || !shapeof(in, &m, &n, &k) || in->nopnd < 3)
		return;
	for (size_t i = 0; i < sizeof gforms / sizeof gforms[0]; i++)
		if (gforms[i].ab == ca && ca == cb)
			g = &gforms[i];
	if (!g || accof(dt) < 0 || !(g->d >> accof(dt) & 1) || (sp && !g->ksp)) {
		verify_report(v, VC_INSTRTYPE, in->loc, "no '%s' form takes .%s.%s.%s", op, tyname(dt), tyname(at),
		    tyname(bt));
		return;
	}
	if (m != 64 || k != (sp ? g->ksp : g->k) || n < 8 || n > 256 || n % 8 ||
	    ((g->fl & G_INT) && n > 24 && n % 16)) {
		verify_report(v, VC_MODIFIER, in->loc,
		    "'%s' with .%s has no shape .m%dn%dk%d: it takes .m64nNk%d with N %s up to 256", op, tyname(at),
		    m, n, k, sp ? g->ksp : g->k, g->fl & G_INT ? "8, 16, 24 or a multiple of 16" : "a multiple of 8");
		return;
	}
	if ((g->fl & G_POPC) && !(ir_hasmod(in, MOD_AND) && ir_hasmod(in, MOD_POPC)))
		verify_report(v, VC_MODIFIER, in->loc, "single-bit '%s' needs .and.popc", op);
	if (!(g->fl & G_SAT) && ir_hasmod(in, MOD_SATFINITE))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' with .%s does not take .satfinite", op, tyname(at));

	/* d, a, b {, sp-meta, sp-sel}, scale-d {, imm-scale-a, imm-scale-b {, imm-trans-a}, imm-trans-b} */
	int areg = in->opnd[1].kind == OK_VEC, x = sp ? 2 : 0;
	int want = 4 + x + (g->fl & G_SCALE ? 2 : 0) + (g->fl & G_TRANS ? (areg ? 1 : 2) : 0);
	if (in->nopnd != want) {
		verify_report(v, VC_OPTYPE, in->loc, "'%s' with .%s and A %s takes %d operands, not %d", op,
		    tyname(at), areg ? "in registers" : "from a descriptor", want, in->nopnd);
		return;
	}
	verify_fragment(v, in, 0, n * verify_bits(dt) / 64, fragacc(dt, 0));
	if (areg)
		verify_fragment(v, in, 1, 4, g->fl & G_INT ? FK_W32 : FK_F16X2);
	else
		verify_fragreg(v, in, &in->opnd[1], 1, FK_DESC);
	verify_fragreg(v, in, &in->opnd[2], 2, FK_DESC);
	if (sp) {
		regonly(v, in, 3, FK_W32, "sparsity metadata");
		immrange(v, in, 4, 0, g->fl & G_SEL1 ? 1 : 0, "sparsity selector");
	}
	Opnd *sd = &in->opnd[3 + x];
	if (sd->kind == OK_REG && sd->sym && sd->sym->kind == SYM_REG && sd->sym->type != TY_PRED)
		verify_report(v, VC_OPTYPE, sd->loc,
		    "operand %d of '%s' (scale-d) must be a predicate or the immediate 0 or 1, not .%s register '%s'",
		    4 + x, op, tyname(sd->sym->type), sd->sym->name);
	else
		immrange(v, in, 3 + x, 0, 1, "scale-d");
	for (int i = 4 + x; i < in->nopnd; i++) {
		Opnd *o = &in->opnd[i];
		int scale = (g->fl & G_SCALE) && i < 6 + x;
		if (o->kind == OK_IMM && scale && o->imm != 1 && o->imm != -1)
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is %lld; a scale is 1 or -1",
			    i + 1, op, (long long)o->imm);
		else if (!scale)
			immrange(v, in, i, 0, 1, "transpose");
	}
}

/* ---------------------------------------------------------------- ldmatrix, stmatrix, movmatrix */

/*
 * The shapes of ldmatrix and stmatrix and what goes with each (ptxas
 * 13.0): m8n8 moves .b16 elements, .trans as it likes; ldmatrix's m16n16
 * moves .b8 or the unpacking pairs (.b8x16.b6x16_p32, .b8x16.b4x16_p64)
 * and needs .trans; its m8n16 moves only the pairs and takes no .trans;
 * stmatrix's m16n8 moves .b8 and needs .trans.  The newer shapes and .b8
 * need an sm_100 or later a or f target ("Feature '.m16n16' not
 * supported"); m16n16 .x4 would be a vector of 8 ("Illegal vector
 * size").  Returns 1 when it reported.
 */
static int
matrixform(Verify *v, Ins *in, int m, int n, int x)
{
	const Module *mo = v->m;
	const char *op = ir_opinfo[in->op].name, *bad = NULL;
	int ld = in->op == OP_LDMATRIX, t0 = in->nty > 0 ? in->ty[0] : 0, trans = ir_hasmod(in, MOD_TRANS);
	int pair = in->nty == 2 && t0 == TY_B8X16 && (in->ty[1] == TY_B6X16_P32 || in->ty[1] == TY_B4X16_P64);
	char shape[16];

	snprintf(shape, sizeof shape, "m%dn%d", m, n);
	if (m == 8 && n == 8) {
		if (in->nty != 1 || t0 != TY_B16)
			bad = "takes .b16";
	} else if (ld && m == 16 && n == 16) {
		if (!pair && (in->nty != 1 || t0 != TY_B8))
			bad = "takes .b8, .b8x16.b6x16_p32 or .b8x16.b4x16_p64";
		else if (!trans)
			bad = "needs .trans";
		else if (x == 4)
			bad = "has no .x4 (it would be a vector of 8 registers)";
	} else if (ld && m == 8 && n == 16) {
		if (!pair)
			bad = "takes .b8x16.b6x16_p32 or .b8x16.b4x16_p64";
		else if (trans)
			bad = "takes no .trans";
	} else if (!ld && m == 16 && n == 8) {
		if (in->nty != 1 || t0 != TY_B8)
			bad = "takes .b8";
		else if (!trans)
			bad = "needs .trans";
	} else
		bad = "is not a shape it has";
	if (bad) {
		verify_report(v, VC_MODIFIER, in->loc, "'%s' with shape .%s %s", op, shape, bad);
		return 1;
	}
	if (m == 8 && n == 8)
		return 0;
	if (mo->ver_major * 10 + mo->ver_minor < 86)
		verify_report(v, VC_TARGET, in->loc, "'%s' with shape .%s requires PTX ISA .version 8.6 or later", op, shape);
	if (mo->sm && (mo->sm < 100 || (mo->smsuffix != 'a' && mo->smsuffix != 'f')))
		verify_report(v, VC_TARGET, in->loc, "'%s' with shape .%s is not supported on .target sm_%d%s (needs sm_100a or a later a or f target)",
		    op, shape, mo->sm, mo->smsuffix ? (char[]){mo->smsuffix, 0} : "");
	return 0;
}

/* .xN matrices of one register each (two for m16n16). */
static void
matrix(Verify *v, Ins *in)
{
	int m, n, k, x = 0;

	if (in->op == OP_MOVMATRIX) {
		for (int i = 0; i < in->nopnd && i < 2; i++)
			if (in->opnd[i].kind == OK_IMM || in->opnd[i].kind == OK_FIMM)
				verify_report(v, VC_OPTYPE, in->opnd[i].loc, "operand %d of 'movmatrix' must be a register", i + 1);
			else
				verify_fragreg(v, in, &in->opnd[i], i, FK_W32);
		return;
	}
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] == MOD_XN && in->modtext[i]) {
			const char *t = in->modtext[i];
			x = atoi(t + (*t == '.') + 1);
		}
	if (!x || !shapeof(in, &m, &n, &k))
		return;
	if (matrixform(v, in, m, n, x))
		return;
	verify_fragment(v, in, in->op == OP_LDMATRIX ? 0 : 1, m == 16 && n == 16 ? 2 * x : x, FK_W32);
}

void
verify_tensor(Verify *v)
{
	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (!fn->hasbody)
			continue;
		for (int i = 0; i < fn->nins; i++) {
			Ins *in = fn->ins[i];
			switch (in->op) {
			case OP_MMA: case OP_MMA_SP: case OP_MMA_SP_ORDERED_METADATA:
				mmaforms(v, in);
				break;
			case OP_WMMA_LOAD: case OP_WMMA_STORE:
				wmmamove(v, in);
				break;
			case OP_WMMA_MMA:
				wmmamma(v, in);
				break;
			case OP_WGMMA_MMA_ASYNC: case OP_WGMMA_MMA_ASYNC_SP:
				wgmma(v, in);
				break;
			case OP_LDMATRIX: case OP_STMATRIX: case OP_MOVMATRIX:
				matrix(v, in);
				break;
			}
		}
	}
}
