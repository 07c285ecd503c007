/* tests/unit/ops_test.c -- checks of the opcode/type/modifier tables.
 *
 *   cc -std=c11 -Wall -Wextra -Werror -O2 -Iir tests/unit/ops_test.c ir/ops.c -lpthread
 *
 * Prints one "FAIL ..." line per failed check and exits non-zero if any.
 */
#include <math.h>   /* first, so that its NAN/INFINITY macros meet the tables */

#include "ops.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define FAIL(...) do { failures++; printf("FAIL "); printf(__VA_ARGS__); printf("\n"); } while (0)

/* ---- helpers ---------------------------------------------------------------- */

#define MAXPARTS 32

/* split "a.b.c" into words; returns the count */
static int split(const char *s, const char **parts, size_t *lens)
{
    int n = 0;
    const char *p = s;
    for (;;) {
        const char *dot = strchr(p, '.');
        size_t len = dot ? (size_t)(dot - p) : strlen(p);
        if (n == MAXPARTS)
            return n;
        parts[n] = p;
        lens[n] = len;
        n++;
        if (!dot)
            return n;
        p = dot + 1;
    }
}

static int op_by_name(const char *name)
{
    for (int i = 0; i < NOP; i++)
        if (strcmp(ir_opinfo[i].name, name) == 0)
            return i;
    return -1;
}

static int mod(const char *s) { return ir_mod_lookup(s, strlen(s)); }
static int ty(const char *s)  { return ir_ty_lookup(s, strlen(s)); }

static int word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == ':';
}

/* ---- thread safety of the one-time index ------------------------------------ */

static void *race(void *arg)
{
    (void)arg;
    const char *parts[] = { "cp", "async", "bulk", "tensor", "2d" };
    size_t lens[] = { 2, 5, 4, 6, 2 };
    int bad = 0;
    for (int i = 0; i < 200; i++) {
        int used;
        if (ir_op_lookup(parts, lens, 5, &used) != OP_CP_ASYNC_BULK_TENSOR || used != 4)
            bad = 1;
        if (mod("shared::cluster") != MOD_SHARED_CLUSTER || ty("f32") != TY_F32)
            bad = 1;
    }
    return bad ? (void *)1 : NULL;
}

static void check_threads(void)
{
    enum { NT = 8 };
    pthread_t t[NT];
    int started = 0;
    for (int i = 0; i < NT; i++)
        if (pthread_create(&t[i], NULL, race, NULL) == 0)
            started++;
        else
            break;
    for (int i = 0; i < started; i++) {
        void *r = NULL;
        pthread_join(t[i], &r);
        if (r != NULL)
            FAIL("concurrent first use returned a wrong lookup");
    }
}

/* ---- table shape ------------------------------------------------------------- */

static void check_shape(int op)
{
    const OpInfo *o = &ir_opinfo[op];
    const char *s = o->shape;
    int ndst = 0, nmin = 0, nmax = 0, seen_opt = 0;

    if (strcmp(s, "*") == 0) {
        ndst = 0, nmin = 0, nmax = 255;
    } else if (*s) {
        for (const char *p = s;;) {
            if (!strchr("dDrRipmvlsx", *p) || *p == '\0') {
                FAIL("%s: bad operand spec in shape \"%s\"", o->name, s);
                return;
            }
            if (*p == 'd' || *p == 'D')
                ndst++;
            p++;
            nmax++;
            if (*p == '?') {
                seen_opt = 1;
                p++;
            } else {
                if (seen_opt)
                    FAIL("%s: required operand after an optional one in \"%s\"", o->name, s);
                nmin++;
            }
            if (*p == '\0')
                break;
            if (*p != ',') {
                FAIL("%s: expected ',' in shape \"%s\"", o->name, s);
                return;
            }
            p++;
        }
    }
    if (o->ndst != ndst || o->nmin != nmin || o->nmax != nmax)
        FAIL("%s: counts %d/%d/%d, shape \"%s\" gives %d/%d/%d", o->name,
             o->ndst, o->nmin, o->nmax, s, ndst, nmin, nmax);
}

static void check_word_list(const char *opname, const char *col, const char *list, int types)
{
    const char *p = list;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        size_t n = (size_t)(e - p);
        char w[64];
        if (n >= sizeof w) {
            FAIL("%s: overlong word in %s", opname, col);
            return;
        }
        memcpy(w, p, n);
        w[n] = '\0';
        if (types) {
            if (ty(w) == 0)
                FAIL("%s: unknown type \"%s\"", opname, w);
        } else if (w[0] == '{') {
            int ok = 0;
            if (!strcmp(w, "{SHAPE}") || !strcmp(w, "{MN}") || !strcmp(w, "{XN}") ||
                !strcmp(w, "{TMEMSHAPE}"))
                ok = 1;
            for (int c = 1; c < NMC && !ok; c++) {
                char buf[40];
                snprintf(buf, sizeof buf, "{%s}", ir_mcname[c]);
                ok = strcmp(buf, w) == 0;
            }
            if (!ok)
                FAIL("%s: unknown modifier class \"%s\"", opname, w);
        } else {
            int id = mod(w);
            if (id < 0)
                FAIL("%s: unknown modifier \"%s\"", opname, w);
            else if (id < NTY)
                FAIL("%s: \"%s\" is a type, listed with the modifiers", opname, w);
            else if (id >= MOD_SHAPE)
                FAIL("%s: \"%s\" is a shape pattern, list it as a {pattern}", opname, w);
        }
        /* no duplicates inside one column */
        const char *q = list;
        int count = 0;
        while ((q = strstr(q, w)) != NULL) {
            if ((q == list || q[-1] == ' ') && (q[n] == ' ' || q[n] == '\0'))
                count++;
            q += n;
        }
        if (count != 1)
            FAIL("%s: \"%s\" listed %d times in %s", opname, w, count, col);
        p = e;
    }
}

static void check_ops(void)
{
    const unsigned known = OF_BRANCH | OF_CALL | OF_RET | OF_EXIT | OF_TERM | OF_LOAD | OF_STORE |
                           OF_ATOM | OF_BAR | OF_WARP | OF_ASYNC | OF_TEX | OF_RDST | OF_SM_A |
                           OF_SM_F | OF_VOLATILE_SIDE | OF_DEPRECATED | OF_CARRY_IN |
                           OF_NOEXEC;
    for (int i = 0; i < NOP; i++) {
        const OpInfo *o = &ir_opinfo[i];
        const char *parts[MAXPARTS];
        size_t lens[MAXPARTS];

        if (!o->name || !*o->name) {
            FAIL("row %d has no name", i);
            continue;
        }
        for (const char *p = o->name; *p; p++)
            if (!word_char(*p) && *p != '.')
                FAIL("%s: bad character in name", o->name);
        int n = split(o->name, parts, lens);
        for (int k = 0; k < n; k++)
            if (lens[k] == 0)
                FAIL("%s: empty word in name", o->name);
        for (int j = 0; j < i; j++)
            if (strcmp(ir_opinfo[j].name, o->name) == 0)
                FAIL("%s: duplicate row name", o->name);

        /* the name looks itself up */
        int used = -1;
        int got = ir_op_lookup(parts, lens, n, &used);
        if (got != i || used != n)
            FAIL("%s: self lookup gave %d (%s) nused %d", o->name, got,
                 got >= 0 ? ir_opinfo[got].name : "-", used);

        check_shape(i);
        if (o->flags & ~known)
            FAIL("%s: unknown flag bits 0x%x", o->name, o->flags & ~known);
        if ((o->flags & (OF_BRANCH | OF_RET | OF_EXIT)) && !(o->flags & OF_TERM))
            FAIL("%s: branch/ret/exit without OF_TERM", o->name);
        if ((o->flags & OF_SM_F) && !(o->flags & OF_SM_A))
            FAIL("%s: OF_SM_F without OF_SM_A", o->name);
        if ((o->flags & OF_SM_A) && o->sm < 90)
            FAIL("%s: arch-specific row below sm_90", o->name);
        if (o->isa < 10 || o->isa > 93 || o->isa % 10 > 8)
            FAIL("%s: implausible PTX ISA version %d", o->name, o->isa);
        if (o->sm != 0 && (o->sm < 10 || o->sm > 121))
            FAIL("%s: implausible target sm_%d", o->name, o->sm);
        check_word_list(o->name, "types", o->types, 1);
        check_word_list(o->name, "mods", o->mods, 0);
    }
}

/* ---- types and modifiers ------------------------------------------------------ */

static void check_names(void)
{
    if (ir_tyinfo[TY_PRED].kind != TK_PRED || ir_tyinfo[TY_PRED].bits != 1 || TY_PRED != 1)
        FAIL("pred must be the first type, 1 bit, TK_PRED");
    if (ir_tyinfo[TY_F32X2].bits != 64 || ir_tyinfo[TY_B128].bits != 128 ||
        ir_tyinfo[TY_E2M1X2].kind != TK_PACKED || ir_tyinfo[TY_TEXREF].kind != TK_OPAQUE)
        FAIL("type widths or kinds are off");

    for (int id = 1; id < NTY; id++) {
        const char *name = ir_tyinfo[id].name;
        if (strcmp(ir_modinfo[id].name, name) != 0 || ir_modinfo[id].cls != MC_TYPE)
            FAIL("ir_modinfo[%d] does not mirror type %s", id, name);
        if (ty(name) != id)
            FAIL("type %s: ir_ty_lookup gave %d, want %d", name, ty(name), id);
        if (mod(name) != id)
            FAIL("type %s: ir_mod_lookup gave %d, want %d", name, mod(name), id);
        if (ir_tyinfo[id].kind > TK_OPAQUE || ir_tyinfo[id].bits == 0)
            FAIL("type %s: bad kind or width", name);
    }
    for (int id = NTY; id < MOD_SHAPE; id++) {
        const ModInfo *m = &ir_modinfo[id];
        if (!m->name || !*m->name) {
            FAIL("modifier %d has no name", id);
            continue;
        }
        for (const char *p = m->name; *p; p++)
            if (!word_char(*p))
                FAIL("modifier %s: bad character", m->name);
        if (mod(m->name) != id)
            FAIL("modifier %s: ir_mod_lookup gave %d, want %d (duplicate name?)",
                 m->name, mod(m->name), id);
        if (ty(m->name) != 0)
            FAIL("modifier %s resolves as a type", m->name);
        if (m->cls == MC_TYPE || m->cls == MC_PATTERN || m->cls >= NMC)
            FAIL("modifier %s: bad class %d", m->name, m->cls);
        if (m->isa < 10 || m->isa > 93 || m->isa % 10 > 8)
            FAIL("modifier %s: implausible PTX ISA version %d", m->name, m->isa);
        if (m->sm != 0 && (m->sm < 10 || m->sm > 121))
            FAIL("modifier %s: implausible target sm_%d", m->name, m->sm);
        /* a listed name must not also look like a numeric shape */
        for (int q = MOD_SHAPE; q < NMOD; q++)
            if (strcmp(m->name, ir_modinfo[q].name) == 0)
                FAIL("modifier %s shadows a pattern name", m->name);
    }
    for (int id = MOD_SHAPE; id < NMOD; id++)
        if (ir_modinfo[id].cls != MC_PATTERN || ir_modinfo[id].name[0] != '<')
            FAIL("pattern id %d is not described as a pattern", id);

    static const struct { const char *s; int want; } pat[] = {
        { "m16n8k16", MOD_SHAPE }, { "m64n256k32", MOD_SHAPE }, { "m8n8k4", MOD_SHAPE },
        { "m16n8k256", MOD_SHAPE }, { "m64n8k16", MOD_SHAPE },
        { "m8n8", MOD_MN }, { "m16n16", MOD_MN }, { "m8n16", MOD_MN }, { "m16n8", MOD_MN },
        { "x1", MOD_XN }, { "x4", MOD_XN }, { "x128", MOD_XN },
        { "16x256b", MOD_TMEMSHAPE }, { "32x32b", MOD_TMEMSHAPE }, { "16x64b", MOD_TMEMSHAPE },
        { "16x32bx2", MOD_TMEMSHAPE }, { "128x256b", MOD_TMEMSHAPE }, { "4x256b", MOD_TMEMSHAPE },
        /* listed names win over patterns */
        { "b8x16", TY_B8X16 }, { "f16x2", TY_F16X2 }, { "warpx4", MOD_WARPX4 },
        { "xor", MOD_XOR }, { "xorsign", MOD_XORSIGN }, { "min", MOD_MIN }, { "mmio", MOD_MMIO },
        /* not modifiers */
        { "foo", -1 }, { "m16n", -1 }, { "m16n8k", -1 }, { "mnk", -1 }, { "x", -1 },
        { "x04", -1 }, { "x0", -1 }, { "m016n8", -1 }, { "16x", -1 }, { "16x32", -1 },
        { "16x32bx", -1 }, { "32x32bb", -1 }, { "m16n8k16x", -1 }, { "x12345", -1 },
        { "Global", -1 }, { "nAn", -1 }, { "shared::", -1 }, { "::cta", -1 },
        { "ld", -1 }, { "tcgen05", -1 },
    };
    for (size_t i = 0; i < sizeof pat / sizeof pat[0]; i++) {
        int got = mod(pat[i].s);
        if (got != pat[i].want)
            FAIL("ir_mod_lookup(\"%s\") = %d, want %d", pat[i].s, got, pat[i].want);
    }
    if (ir_mod_lookup("", 0) != -1 || ir_mod_lookup(NULL, 0) != -1)
        FAIL("empty modifier name must give -1");
    if (ty("foo") != 0 || ty("global") != 0 || ty("m16n8k16") != 0 || ir_ty_lookup("", 0) != 0)
        FAIL("ir_ty_lookup accepts non-types");
    /* length-delimited: the name need not be NUL-terminated */
    if (ir_mod_lookup("shared::cta.global", 11) != MOD_SHARED_CTA ||
        ir_ty_lookup("f32x2", 3) != TY_F32 || ir_mod_lookup("x4.b16", 2) != MOD_XN)
        FAIL("length-delimited lookups do not stop at n");

    /* a few classes and versions that the rest of ptxkit relies on */
    if (ir_modinfo[MOD_SHARED_CLUSTER].cls != MC_SPACE || ir_modinfo[MOD_RN].cls != MC_ROUND ||
        ir_modinfo[MOD_GEU].cls != MC_CMP || ir_modinfo[MOD_L2_CACHE_HINT].cls != MC_CACHE ||
        ir_modinfo[MOD_L1_EVICT_LAST].cls != MC_EVICT || ir_modinfo[MOD_ACQUIRE].cls != MC_SEM ||
        ir_modinfo[MOD_CLUSTER].cls != MC_SCOPE || ir_modinfo[MOD_BFLY].cls != MC_SHFL ||
        ir_modinfo[MOD_2DMS].cls != MC_GEOM || ir_modinfo[MOD_ROW].cls != MC_LAYOUT ||
        ir_modinfo[MOD_V4].cls != MC_VEC || ir_modinfo[MOD_CAS].cls != MC_ATOMOP)
        FAIL("modifier classes are off");
    if (ir_modinfo[MOD_L2_CACHE_HINT].isa != 74 || ir_modinfo[MOD_L2_CACHE_HINT].sm != 80 ||
        ir_modinfo[MOD_SHARED_CLUSTER].isa != 78 || ir_modinfo[MOD_SHARED_CLUSTER].sm != 90)
        FAIL("modifier versions are off");
}

/* ---- opcode lookups of real instructions --------------------------------------- */

static void check_lookups(void)
{
    static const struct { const char *insn; const char *op; int nused; } cases[] = {
        { "ld.global.nc.v4.f32", "ld", 1 },
        { "ld.param::entry.u64", "ld", 1 },
        { "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes",
          "cp.async.bulk.tensor", 4 },
        { "bar.warp.sync", "bar.warp.sync", 3 },
        { "bar.sync", "bar.sync", 2 },
        { "bar.cta.red.popc.u32", "bar.cta.red", 3 },
        { "barrier.sync.aligned", "barrier.sync", 2 },
        { "barrier.cta.arrive.aligned", "barrier.cta.arrive", 3 },
        { "barrier.cluster.arrive.release.aligned", "barrier.cluster.arrive", 3 },
        { "barrier.cluster.wait.acquire", "barrier.cluster.wait", 3 },
        { "mbarrier.try_wait.parity.shared::cta.b64", "mbarrier.try_wait", 2 },
        { "mbarrier.arrive.expect_tx.release.cta.shared::cta.b64", "mbarrier.arrive", 2 },
        { "mbarrier.arrive_drop.noComplete.shared.b64", "mbarrier.arrive_drop", 2 },
        { "mbarrier.pending_count.b64", "mbarrier.pending_count", 2 },
        { "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16", "wgmma.mma_async", 2 },
        { "wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.bf16.bf16", "wgmma.mma_async.sp", 3 },
        { "wgmma.wait_group.sync.aligned", "wgmma.wait_group", 2 },
        { "tcgen05.mma.cta_group::1.kind::f16", "tcgen05.mma", 2 },
        { "tcgen05.mma.ws.sp.cta_group::1.kind::i8", "tcgen05.mma.ws.sp", 4 },
        { "tcgen05.mma.sp.cta_group::2.kind::mxf4nvf4.block_scale.block16", "tcgen05.mma.sp", 3 },
        { "tcgen05.ld.sync.aligned.32x32b.x2.b32", "tcgen05.ld", 2 },
        { "tcgen05.ld.red.sync.aligned.32x32b.x2.min.abs.f32", "tcgen05.ld.red", 3 },
        { "tcgen05.wait::ld.sync.aligned", "tcgen05.wait::ld", 2 },
        { "tcgen05.fence::after_thread_sync", "tcgen05.fence::after_thread_sync", 2 },
        { "tcgen05.cp.cta_group::1.64x128b.warpx2::02_13.b8x16.b6x16_p32", "tcgen05.cp", 2 },
        { "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64",
          "tcgen05.commit", 2 },
        { "setp.eq.and.s32", "setp", 1 },
        { "add.rn.ftz.f32", "add", 1 },
        { "add.cc.u32", "add", 1 },
        { "addc.cc.u32", "addc", 1 },
        { "mad.lo.cc.u32", "mad", 1 },
        { "cvt.rn.satfinite.e4m3x2.f32", "cvt", 1 },
        { "cvt.pack.sat.u8.s32.b32", "cvt.pack", 2 },
        { "cvta.to.global.u64", "cvta", 1 },
        { "cp.async.ca.shared.global.L2::128B", "cp.async", 2 },
        { "cp.async.wait_group", "cp.async.wait_group", 3 },
        { "cp.async.mbarrier.arrive.noinc.shared.b64", "cp.async.mbarrier.arrive", 4 },
        { "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes", "cp.async.bulk", 3 },
        { "cp.async.bulk.prefetch.L2.global", "cp.async.bulk.prefetch", 4 },
        { "cp.async.bulk.prefetch.tensor.2d.L2.global.tile", "cp.async.bulk.prefetch.tensor", 5 },
        { "cp.async.bulk.wait_group.read", "cp.async.bulk.wait_group", 4 },
        { "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.f16",
          "cp.reduce.async.bulk", 4 },
        { "cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group",
          "cp.reduce.async.bulk.tensor", 5 },
        { "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32", "st.async", 2 },
        { "st.bulk.weak.shared::cta", "st.bulk", 2 },
        { "st.global.v4.f32", "st", 1 },
        { "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32",
          "red.async", 2 },
        { "red.global.add.u32", "red", 1 },
        { "atom.global.cas.b32", "atom", 1 },
        { "fence.sc.cta", "fence", 1 },
        { "fence.mbarrier_init.release.cluster", "fence.mbarrier_init", 2 },
        { "fence.proxy.alias", "fence.proxy", 2 },
        { "fence.proxy.async.shared::cta", "fence.proxy.async", 3 },
        { "fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster",
          "fence.proxy.async::generic", 3 },
        { "fence.proxy.tensormap::generic.release.gpu", "fence.proxy.tensormap::generic", 3 },
        { "membar.gl", "membar", 1 },
        { "membar.proxy.alias", "membar.proxy", 2 },
        { "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", "mma", 1 },
        { "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32", "mma.sp", 2 },
        { "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32",
          "mma.sp::ordered_metadata", 2 },
        { "wmma.load.a.sync.aligned.row.m16n16k16.f16", "wmma.load", 2 },
        { "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32", "wmma.mma", 2 },
        { "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", "ldmatrix", 1 },
        { "shfl.sync.idx.b32", "shfl.sync", 2 },
        { "shfl.idx.b32", "shfl", 1 },
        { "vote.sync.ballot.b32", "vote.sync", 2 },
        { "vote.any.pred", "vote", 1 },
        { "match.any.sync.b32", "match", 1 },
        { "elect.sync", "elect.sync", 2 },
        { "redux.sync.add.s32", "redux.sync", 2 },
        { "multimem.ld_reduce.relaxed.sys.global.add.u32", "multimem.ld_reduce", 2 },
        { "multimem.cp.async.bulk.global.shared::cta.bulk_group", "multimem.cp.async.bulk", 4 },
        { "multimem.cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32",
          "multimem.cp.reduce.async.bulk", 5 },
        { "createpolicy.fractional.L2::evict_last.b64", "createpolicy.fractional", 2 },
        { "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128",
          "clusterlaunchcontrol.try_cancel", 2 },
        { "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned",
          "tensormap.cp_fenceproxy", 2 },
        { "tensormap.replace.tile.global_address.global.b1024.b64", "tensormap.replace", 2 },
        { "brx.idx.uni", "brx.idx", 2 },
        { "bra.uni", "bra", 1 },
        { "ret", "ret", 1 },
        { "griddepcontrol.launch_dependents", "griddepcontrol", 1 },
        { "setmaxnreg.inc.sync.aligned.u32", "setmaxnreg", 1 },
        { "tex.level.2d.v4.f32.f32", "tex", 1 },
        { "sured.b.add.2d.u32.trap", "sured", 1 },
        { "vset4.s32.s32.lt.add", "vset4", 1 },
        { "vmad.s32.s32.s32.shr15", "vmad", 1 },
        { "pmevent.mask", "pmevent", 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *parts[MAXPARTS];
        size_t lens[MAXPARTS];
        int n = split(cases[i].insn, parts, lens);
        int used = -1;
        int got = ir_op_lookup(parts, lens, n, &used);
        int want = op_by_name(cases[i].op);
        if (want < 0) {
            FAIL("no row named %s", cases[i].op);
            continue;
        }
        if (got != want || used != cases[i].nused)
            FAIL("%s: got %s nused %d, want %s nused %d", cases[i].insn,
                 got >= 0 ? ir_opinfo[got].name : "-1", used, cases[i].op, cases[i].nused);
    }

    static const char *const unknown[] = {
        "foo", "foo.bar", "bar", "bar.foo", "cp", "cp.foo", "cp.async2", "tcgen05",
        "tcgen05.foo", "mbarrier", "Add.s32", "multimem.cp", "fence2",
    };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *parts[MAXPARTS];
        size_t lens[MAXPARTS];
        int n = split(unknown[i], parts, lens);
        int used = -1;
        int got = ir_op_lookup(parts, lens, n, &used);
        if (got != -1 || used != 0)
            FAIL("%s: got %d nused %d, want -1 nused 0", unknown[i], got, used);
    }
    {
        /* degenerate arguments, and words that are not NUL-terminated */
        const char *chain = "ld.global";
        const char *parts[2] = { chain, chain + 3 };
        size_t lens[2] = { 2, 6 };
        int used = -1;
        if (ir_op_lookup(parts, lens, 2, &used) != OP_LD || used != 1)
            FAIL("ld.global from a shared buffer");
        if (ir_op_lookup(parts, lens, 0, &used) != -1 || used != 0)
            FAIL("n == 0 must give -1");
        if (ir_op_lookup(parts, lens, 1, NULL) != OP_LD)
            FAIL("NULL nused must be accepted");
        const char *p2[2] = { "add", "" };
        size_t l2[2] = { 3, 0 };
        if (ir_op_lookup(p2, l2, 2, &used) != OP_ADD || used != 1)
            FAIL("an empty trailing word must not break the match");
    }
}

/* ---- a few rows whose attributes other code depends on -------------------------- */

static void check_rows(void)
{
    const OpInfo *o;
    o = &ir_opinfo[OP_ADD];
    if (o->ndst != 1 || o->nmin != 3 || o->nmax != 3 || o->flags != 0)
        FAIL("add row");
    o = &ir_opinfo[OP_SETP];
    if (o->ndst != 1 || o->nmin != 3 || o->nmax != 4)
        FAIL("setp row");
    o = &ir_opinfo[OP_ATOM];
    if (o->nmin != 3 || o->nmax != 5 || !(o->flags & OF_ATOM))
        FAIL("atom row");
    o = &ir_opinfo[OP_CALL];
    if (o->nmin != 0 || o->nmax != 255 || !(o->flags & OF_CALL))
        FAIL("call row");
    o = &ir_opinfo[OP_RET];
    if (o->nmax != 0 || !(o->flags & OF_RET) || !(o->flags & OF_TERM))
        FAIL("ret row");
    if (!(ir_opinfo[OP_BRA].flags & OF_BRANCH) || !(ir_opinfo[OP_TRAP].flags & OF_TERM) ||
        !(ir_opinfo[OP_EXIT].flags & OF_EXIT))
        FAIL("control-flow flags");
    if (!(ir_opinfo[OP_WGMMA_MMA_ASYNC].flags & OF_RDST) ||
        !(ir_opinfo[OP_WGMMA_MMA_ASYNC].flags & OF_SM_A) ||
        (ir_opinfo[OP_WGMMA_MMA_ASYNC].flags & OF_SM_F))
        FAIL("wgmma.mma_async flags");
    if (!(ir_opinfo[OP_TCGEN05_MMA].flags & OF_SM_F) || ir_opinfo[OP_TCGEN05_MMA].sm != 100 ||
        ir_opinfo[OP_TCGEN05_MMA].isa != 86 || (ir_opinfo[OP_TCGEN05_SHIFT].flags & OF_SM_F))
        FAIL("tcgen05 targets");
    if (ir_opinfo[OP_CP_ASYNC_BULK_TENSOR].isa != 80 || ir_opinfo[OP_CP_ASYNC_BULK_TENSOR].sm != 90)
        FAIL("cp.async.bulk.tensor version");
    if (!(ir_opinfo[OP_SHFL].flags & OF_DEPRECATED) || (ir_opinfo[OP_SHFL_SYNC].flags & OF_DEPRECATED))
        FAIL("shfl deprecation");
    if (ir_opinfo[OP_TCGEN05_LD_RED].ndst != 2)
        FAIL("tcgen05.ld.red has two destinations");
    if (ir_opinfo[OP_MULTIMEM_CP_ASYNC_BULK].isa != 91)
        FAIL("multimem.cp.async.bulk is PTX 9.1");
}

int main(void)
{
    check_threads();    /* first use of the tables happens on several threads at once */
    check_ops();
    check_names();
    check_lookups();
    check_rows();
    if (failures) {
        printf("%d failure(s)\n", failures);
        return 1;
    }
    printf("ops_test: %d ops, %d types, %d modifiers: all checks passed\n",
           NOP, NTY - 1, MOD_SHAPE - NTY);
    return 0;
}
