/*
 * tests/isa/alu_test.c -- checks interp/alu_* against H100 results.
 *
 * For each variant of ref/variants.txt (written by gen.py) it parses a
 * one-instruction kernel with the project's parser, decodes the instruction
 * with alu_decode and runs alu_exec on every input tuple of ref/inputs.bin,
 * comparing bit for bit with ref/outputs.bin (what the GPU wrote).  A
 * variant listed in GAPS may mismatch without failing the test; it is still
 * run and its count printed, and one that has come to match is reported so
 * that the line can be dropped.
 *
 * Every variant that has a warp-wide handler (interp/exec_fast.c) runs
 * through it too, 32 tuples at a time, with every lane active and with
 * every other lane: it must give alu_exec's results bit for bit and leave
 * inactive lanes alone.
 *
 * Usage: alu_test [DIR] [--write-gaps]   (DIR defaults to $srcdir/tests/isa,
 * else tests/isa).  --write-gaps rewrites DIR/GAPS from the mismatches.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"
#include "alu.h"
#include "interp.h"

static unsigned char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f) { perror(path); exit(2); }
	fseek(f, 0, SEEK_END);
	long len = ftell(f);
	fseek(f, 0, SEEK_SET);
	unsigned char *p = malloc((size_t)len + 1);
	if (!p || fread(p, 1, (size_t)len, f) != (size_t)len) { perror(path); exit(2); }
	p[len] = 0;
	fclose(f);
	*n = (size_t)len;
	return p;
}

static int width(const char *cls)
{
	if (!strcmp(cls, "pred")) return 1;
	if (!strcmp(cls, "b16")) return 2;
	if (!strcmp(cls, "b32")) return 4;
	return 8;
}

static uint64_t get(const unsigned char **p, int w)
{
	uint64_t v = 0;
	for (int k = w - 1; k >= 0; k--) v = v << 8 | (*p)[k];
	*p += w;
	return v;
}

static int ingaps(char *gaps, const char *name)
{
	size_t n = strlen(name);
	for (char *l = gaps; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		if (!strncmp(l, name, n) && (l[n] == '\t' || l[n] == ' ')) return 1;
	return 0;
}

/* Runs instruction I (decoded as op) through its warp-wide handler on the
 * n tuples src[k] (source values in operand order) and compares with
 * alu_exec's results res[k] (nres destinations).  Returns the number of
 * mismatching lanes, -1 when there is no handler. */
static long fastcheck(const char *name, const Ins *I, const AluOp *op, int fpuok, long n,
                      uint64_t (*src)[3], uint64_t (*res)[2], int nres)
{
	XOp xo[3];
	int ns = op->nsrc, fpu;
	memset(xo, 0, sizeof xo);
	for (int j = 0; j < ns && j < 3; j++) {
		int kind = I->opnd[I->ndst + j].kind;
		xo[j].k = kind == OK_IMM || kind == OK_FIMM ? XO_IMM : XO_REG;
		xo[j].imm = n ? src[0][j] : 0;
	}
	FastFn *fn = interp_fast_pick(op, xo, ns, &fpu);
	if (!fn || (fpu && !fpuok)) return -1;
	long bad = 0;
	for (long k0 = 0; k0 < n; k0 += WARP)
		for (int pass = 0; pass < 2; pass++) {
			uint64_t pl[3][WARP], d[2][WARP];
			uint32_t m = pass ? 0x55555555u : 0xffffffffu;
			for (int l = 0; l < WARP; l++) {
				long k = k0 + l < n ? k0 + l : k0;
				for (int j = 0; j < 3; j++) pl[j][l] = src[k][j];
				d[0][l] = d[1][l] = 0x5a5a5a5a5a5a5a5aull;
			}
			FastArgs x = { d[0], nres > 1 ? d[1] : NULL, pl[0], ns > 1 ? pl[1] : NULL,
			               ns > 2 ? pl[2] : NULL, src[k0][1], m, op };
			fn(&x);
			for (int l = 0; l < WARP && k0 + l < n; l++)
				for (int j = 0; j < nres; j++) {
					uint64_t want = (m >> l & 1) ? res[k0 + l][j] : 0x5a5a5a5a5a5a5a5aull;
					if (d[j][l] == want) continue;
					if (bad++ < 4)
						printf("  %s fast in %#" PRIx64 " %#" PRIx64 " %#" PRIx64 " mask %#x lane %d: got %#"
						       PRIx64 " want %#" PRIx64 "\n", name, src[k0 + l][0], src[k0 + l][1],
						       src[k0 + l][2], (unsigned)m, l, d[j][l], want);
				}
		}
	return bad;
}

int main(int argc, char **argv)
{
	char dir[4096];
	int write = 0;
	const char *sd = getenv("srcdir");
	snprintf(dir, sizeof dir, "%s/tests/isa", sd ? sd : ".");
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--write-gaps")) write = 1;
		else snprintf(dir, sizeof dir, "%s", argv[i]);
	}
	char path[4200];
	size_t nv, ni, no, ng = 0;
	snprintf(path, sizeof path, "%s/ref/variants.txt", dir);
	char *vars = (char *)slurp(path, &nv);
	snprintf(path, sizeof path, "%s/ref/inputs.bin", dir);
	const unsigned char *in = slurp(path, &ni), *in0 = in;
	snprintf(path, sizeof path, "%s/ref/outputs.bin", dir);
	const unsigned char *out = slurp(path, &no), *out0 = out;
	snprintf(path, sizeof path, "%s/GAPS", dir);
	char *gaps = "", *gapsbuf = NULL;
	FILE *gf = fopen(path, "rb");
	if (gf) { fclose(gf); gaps = gapsbuf = (char *)slurp(path, &ng); }
	FILE *gw = NULL;
	if (write) {
		gw = fopen(path, "w");
		if (!gw) { perror(path); return 2; }
	}
	int pass = 0, fail = 0, known = 0, fixed = 0, nfast = 0;
	fenv_t fenv;
	int fpu = interp_fpu_enter(&fenv), fpuok = fpu == 1;
	for (char *line = strtok(vars, "\n"); line; line = strtok(NULL, "\n")) {
		char *name = line, *ins = strchr(name, '\t');
		*ins++ = 0;
		char *ops = strchr(ins, '\t');
		*ops++ = 0;
		char *cnt = strchr(ops, '\t');
		*cnt++ = 0;
		long n = atol(cnt);
		/* operand classes */
		char role[16], cls[16][8];
		int nop = 0;
		char src[8192];
		int len = snprintf(src, sizeof src, ".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n");
		int di = 0, si = 0;
		for (char *t = ops; *t; ) {
			char *e = strchr(t, ' ');
			size_t l = e ? (size_t)(e - t) : strlen(t);
			role[nop] = t[0];
			snprintf(cls[nop], sizeof cls[nop], "%.*s", (int)(l - 2), t + 2);
			if (t[0] == 'd') len += snprintf(src + len, sizeof src - (size_t)len, "\t.reg .%s %%d%d;\n", cls[nop], di++);
			if (t[0] == 's') len += snprintf(src + len, sizeof src - (size_t)len, "\t.reg .%s %%s%d;\n", cls[nop], si++);
			nop++;
			t += l;
			while (*t == ' ') t++;
		}
		len += snprintf(src + len, sizeof src - (size_t)len, "\t%s\n\tret;\n}\n", ins);
		/* skip this variant's data whatever happens below */
		const unsigned char *vin = in, *vout = out;
		for (long k = 0; k < n; k++)
			for (int j = 0; j < nop; j++) {
				if (role[j] == 's' || role[j] == 'c') in += width(cls[j]);
				else out += width(cls[j]);
			}
		Diags *dg = diag_new(name, src, (size_t)len);
		Module *m = parse_module(name, src, (size_t)len, dg);
		if (!m || ir_build(m, dg) || !m->nfn || !m->fn[0]->nins) {
			printf("FAIL %s: does not parse\n", name);
			diag_print(dg, stdout);
			fail++;
			diag_free(dg);
			if (m) ir_module_free(m);
			continue;
		}
		const Ins *I = m->fn[0]->ins[0];
		AluOp op;
		const char *why;
		int gap = ingaps(gaps, name);
		long bad = 0, fbad = -1;
		uint64_t maxulp = 0;
		if (alu_decode(I, &op, &why)) {
			bad = n;
			if (!gap) printf("FAIL %s: not decoded: %s\n", name, why);
		} else {
			int shown = 0, nres = 1;
			uint64_t (*fsrc)[3] = calloc((size_t)n + 1, sizeof *fsrc), (*fres)[2] = calloc((size_t)n + 1, sizeof *fres);
			if (!fsrc || !fres) { perror("calloc"); return 2; }
			for (long k = 0; k < n; k++) {
				uint64_t val[16], want[4], got[4] = {0, 0, 0, 0}, s[16];
				int ow[4], nv_ = 0, nw = 0, hascin = 0, hascout = 0;
				uint32_t cc = 0;
				for (int j = 0; j < nop; j++) {
					if (role[j] == 's') val[nv_++] = get(&vin, width(cls[j]));
					else if (role[j] == 'c') { cc = (uint32_t)get(&vin, 1); hascin = 1; }
					else { ow[nw] = width(cls[j]); want[nw++] = get(&vout, width(cls[j])); hascout |= role[j] == 'o'; }
				}
				(void)hascin;
				int vi = 0;
				for (int j = I->ndst; j < I->nopnd && j - I->ndst < 16; j++) {
					const Opnd *o = &I->opnd[j];
					s[j - I->ndst] = o->kind == OK_IMM ? (uint64_t)o->imm : o->kind == OK_FIMM ? o->fbits : val[vi++];
				}
				alu_exec(&op, s, got, &cc);
				int nd = nw - hascout, ok = 1;
				for (int j = 0; j < 3 && j < op.nsrc; j++) fsrc[k][j] = s[j];
				fres[k][0] = got[0];
				fres[k][1] = got[1];
				nres = nd < 2 ? 1 : 2;
				if (hascout) got[nd] = cc & 1;
				for (int j = 0; j < nw; j++) {
					uint64_t mk = ow[j] >= 8 ? ~0ull : ((uint64_t)1 << 8 * ow[j]) - 1;
					if ((got[j] & mk) != want[j]) ok = 0;
				}
				if (!ok) {
					bad++;
					/* distance in units in the last place, for the GAPS record */
					int w8 = 8 * ow[0];
					uint64_t mk = w8 >= 64 ? ~0ull : ((uint64_t)1 << w8) - 1, sb = (uint64_t)1 << (w8 - 1);
					uint64_t g = got[0] & mk, t = want[0];
					int64_t og = (g & sb) ? -(int64_t)(g & ~sb) : (int64_t)g, ot = (t & sb) ? -(int64_t)(t & ~sb) : (int64_t)t;
					uint64_t du = og > ot ? (uint64_t)og - (uint64_t)ot : (uint64_t)ot - (uint64_t)og;
					if (du > maxulp) maxulp = du;
					if (!gap && shown++ < 4) {
						printf("  %s in", name);
						for (int j = 0; j < nv_; j++) printf(" %#" PRIx64, val[j]);
						if (hascin) printf(" cc=%u", (unsigned)cc);
						printf(" got");
						for (int j = 0; j < nw; j++) {
							uint64_t mk = ow[j] >= 8 ? ~0ull : ((uint64_t)1 << 8 * ow[j]) - 1;
							printf(" %#" PRIx64, got[j] & mk);
						}
						printf(" want");
						for (int j = 0; j < nw; j++) printf(" %#" PRIx64, want[j]);
						printf("\n");
					}
				}
			}
			fbad = fastcheck(name, I, &op, fpuok, n, fsrc, fres, nres);
			if (fbad >= 0) nfast++;
			free(fsrc);
			free(fres);
		}
		if (bad && gw)
			fprintf(gw, "%s\t%ld/%ld mismatches, max %" PRIu64 " ulp\n", name, bad, n, maxulp);
		if (fbad > 0) {
			/* never a known gap: the two paths must agree whatever the GPU says */
			printf("FAIL %s: the warp-wide handler differs from alu_exec on %ld lanes\n", name, fbad);
			fail++;
		} else if (!bad) {
			pass++;
			if (gap) { printf("FIXED %s: matches now; drop it from GAPS\n", name); fixed++; }
		} else if (gap)
			known++;
		else {
			printf("FAIL %s: %ld/%ld mismatches\n", name, bad, n);
			fail++;
		}
		diag_free(dg);
		ir_module_free(m);
	}
	if ((size_t)(in - in0) != ni || (size_t)(out - out0) != no) {
		printf("FAIL reference files do not match variants.txt\n");
		fail++;
	}
	if (gw) fclose(gw);
	free(vars);
	free((void *)in0);
	free((void *)out0);
	free(gapsbuf);
	if (fpu >= 0) interp_fpu_leave(&fenv);
	printf("%d variants exact, %d known gaps (GAPS), %d fixed; %d run warp-wide too\n", pass, known, fixed, nfast);
	printf("%d passed, %d failed\n", pass + known, fail);
	return fail ? 1 : 0;
}
