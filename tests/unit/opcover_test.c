/* tests/unit/opcover_test.c -- every opcode of ir/ops.def is complete.
 *
 * A row of ops.def is a promise that each stage knows the instruction:
 *
 *   parser       its name looks itself up (the parser is table-driven: a
 *                row name that another row shadows can never be written);
 *   verifier     its last column (VR_*) says which rule types its operands
 *                in verify/types.c or tensor.c; VR_NONE, "only the operand
 *                kinds of the shape", has to be written out too;
 *   interpreter  interp/load.c decodes it, or the row carries OF_NOEXEC
 *                (parsed and verified, never executed: a kernel that
 *                reaches it faults with "unsupported instruction");
 *   tests        some PTX file under tests/ uses it.
 *
 * Without arguments only the table is checked.  With "-" it reads PTX file
 * names, one a line, from stdin (tests/opcover.test passes every *.ptx under
 * tests/), loads each as ptx-run would and checks the last two promises
 * against what the loader did: an instruction the loader left
 * X_UNSUPPORTED is one it cannot execute.  A file that does not load (a
 * reject case, a lint case with errors) still counts as a use when it
 * parses.  An executed opcode needs a file that loads it; an OF_NOEXEC one
 * only must not be decoded wherever it loads (the PTX 9.1 instructions
 * cannot load at all while the verifier knows PTX 9.0 at most).
 *
 * One "FAIL opcode 'NAME' (OP_ID): what is missing" line per broken promise;
 * exits 1 when there is any.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"
#include "interp.h"

static int failures;
static unsigned char bad[NOP];  /* opcodes with a failure */

#define FAIL(op, ...) do { failures++; bad[op] = 1; \
	printf("FAIL opcode '%s' (%s): ", ir_opinfo[op].name, opid[op]); \
	printf(__VA_ARGS__); printf("\n"); } while (0)

static const char *const opid[NOP] = {
#define OP(id, name, shape, flags, isa, sm, types, mods, vrule) "OP_" #id,
#include "ops.def"
#undef OP
};

/* Per opcode: files that use it, that load it, and loaded instructions
 * the loader decoded / left X_UNSUPPORTED. */
static struct {
	int used, loaded, decoded, refused;
	char *file;         /* a file that loads it (for the messages) */
} seen[NOP];

static void
table(void)
{
	for (int op = 0; op < NOP; op++) {
		const OpInfo *o = &ir_opinfo[op];
		const char *w[16];
		size_t len[16];
		int n = 0, nused = -1;

		for (const char *p = o->name; n < 16; p++) {
			const char *d = strchr(p, '.');
			w[n] = p;
			len[n++] = d ? (size_t)(d - p) : strlen(p);
			if (!d)
				break;
			p = d;
		}
		if (ir_op_lookup(w, len, n, &nused) != op || nused != n)
			FAIL(op, "no parser form: its name does not select its own row");
		if (o->vrule >= NVR)
			FAIL(op, "no verifier rule: its VR_ column is %d", o->vrule);
		else if (o->vrule != VR_NONE && o->vrule != VR_TENSOR && o->vrule != VR_VIDEO && !*o->types)
			FAIL(op, "verifier rule %d types its operands by the instruction type, but it takes none",
			    o->vrule);
		if (o->vrule == VR_TEX && !(o->flags & OF_TEX))
			FAIL(op, "verifier rule VR_TEX on a row without OF_TEX");
	}
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, r;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			char *t = realloc(buf, cap = cap ? 2 * cap : 1 << 16);
			if (!t) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = t;
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r > 0);
	fclose(f);
	*len = n;
	return buf;
}

/* Records the opcodes of one file: loaded (verified and decoded) where it
 * loads, else only parsed. */
static void
scan(ptx_ctx *cx, const char *path)
{
	ptx_module *pm = NULL;
	size_t len;
	char *text = slurp(path, &len);

	if (!text)
		return;
	if (ptx_module_load(cx, path, text, len, &pm) == PTX_OK) {
		for (int i = 0; i < pm->nfn; i++) {
			const XFunc *x = &pm->fn[i];
			if (!x->f->hasbody)
				continue;
			for (int k = 0; k < x->f->nins; k++) {
				int op = x->f->ins[k]->op;
				seen[op].used = seen[op].loaded = 1;
				if (pm->code[x->pc0 + k].x == X_UNSUPPORTED)
					seen[op].refused++;
				else
					seen[op].decoded++;
				if (!seen[op].file)
					seen[op].file = strdup(path);
			}
		}
	} else if (ptx_module_parse(cx, path, text, len, NULL, &pm), pm) {
		for (int i = 0; i < pm->m->nfn; i++)
			for (int k = 0; k < pm->m->fn[i]->nins; k++)
				seen[pm->m->fn[i]->ins[k]->op].used = 1;
	}
	if (pm)
		ptx_module_free(pm);
	free(text);
}

static void
files(void)
{
	ptx_ctx *cx;
	char line[4096];
	int nfile = 0;

	if (ptx_ctx_new(&cx, NULL) != PTX_OK) {
		printf("no context\n");
		exit(99);
	}
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = 0;
		if (*line) {
			scan(cx, line);
			nfile++;
		}
	}
	ptx_ctx_free(cx);
	if (nfile == 0) {
		printf("no PTX files on stdin\n");
		exit(99);
	}
	for (int op = 0; op < NOP; op++) {
		int noexec = ir_opinfo[op].flags & OF_NOEXEC;
		if (!seen[op].used)
			FAIL(op, "no test: no PTX file under tests/ uses it");
		else if (!noexec && !seen[op].loaded)
			FAIL(op, "no test loads it: every file using it has errors, so its interpreter handler"
			    " is untested");
		else if (!noexec && !seen[op].decoded)
			FAIL(op, "no interpreter handler: interp/load.c leaves all %d uses unsupported (e.g. in %s);"
			    " add one, or mark the row OF_NOEXEC", seen[op].refused, seen[op].file);
		else if (noexec && seen[op].decoded)
			FAIL(op, "marked OF_NOEXEC, but the interpreter decodes %d of its uses (e.g. in %s)",
			    seen[op].decoded, seen[op].file);
	}
	printf("%d PTX files read\n", nfile);
	for (int op = 0; op < NOP; op++)
		free(seen[op].file);
}

int
main(int argc, char **argv)
{
	table();
	if (argc > 1 && strcmp(argv[1], "-") == 0)
		files();
	int nbad = 0;
	for (int op = 0; op < NOP; op++)
		nbad += bad[op];
	printf("%d passed, %d failed\n", NOP - nbad, nbad);
	return failures != 0;
}
