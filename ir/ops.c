/* ir/ops.c -- the opcode, type and modifier tables and their lookups. */
#include "ops.h"

#include <stdint.h>
#include <string.h>

#include "once.h"

/* ------------------------------------------------------------------------- */
/* Operand counts, computed from the shape strings at compile time.           */
/* A shape is a list of one-letter specs, each optionally followed by '?';    */
/* counting commas, '?' and d/D characters gives the three numbers.  Indexing */
/* a string literal with a constant is folded by the compilers we support;    */
/* the static assertion below keeps every shape within the counted length.    */
/* ------------------------------------------------------------------------- */
#define IR_SHAPE_MAX 48   /* bytes, including the terminating NUL */

#define IR_CH(s, i, c) \
    (sizeof(s) > (size_t)(i) + 1 && (s)[sizeof(s) > (size_t)(i) + 1 ? (i) : 0] == (c))
#define IR_CNT4(s, i, c) \
    (IR_CH(s, (i), c) + IR_CH(s, (i) + 1, c) + IR_CH(s, (i) + 2, c) + IR_CH(s, (i) + 3, c))
#define IR_CNT16(s, i, c) \
    (IR_CNT4(s, (i), c) + IR_CNT4(s, (i) + 4, c) + IR_CNT4(s, (i) + 8, c) + IR_CNT4(s, (i) + 12, c))
#define IR_CNT(s, c) (IR_CNT16(s, 0, c) + IR_CNT16(s, 16, c) + IR_CNT16(s, 32, c))

#define IR_VARIADIC(s) (sizeof(s) == 2 && (s)[0] == '*')
#define IR_NMAX(s)  (IR_VARIADIC(s) ? 255 : sizeof(s) == 1 ? 0 : IR_CNT(s, ',') + 1)
#define IR_NMIN(s)  (IR_VARIADIC(s) ? 0 : IR_NMAX(s) - IR_CNT(s, '?'))
#define IR_NDST(s)  (IR_CNT(s, 'd') + IR_CNT(s, 'D'))

#define OP(id, name, shape, flags, isa, sm, types, mods, vrule) \
    _Static_assert(sizeof(shape) <= IR_SHAPE_MAX, "shape of " name " is too long");
#include "ops.def"
#undef OP

/* ------------------------------------------------------------------------- */
/* Tables                                                                     */
/* ------------------------------------------------------------------------- */
const char *const ir_mcname[NMC] = {
    "MC_TYPE",
#define MCLASS(id, acc) "MC_" #id,
#define MD(id, name, cls, isa, sm)
#include "mods.def"
#undef MCLASS
#undef MD
    "MC_PATTERN",
};

const TyInfo ir_tyinfo[NTY] = {
    { "", 0, TK_BIT },
#define TY(id, name, bits, kind) { name, bits, kind },
#include "types.def"
#undef TY
};

const ModInfo ir_modinfo[NMOD] = {
    { "", MC_TYPE, 0, 0 },
#define TY(id, name, bits, kind) { name, MC_TYPE, 0, 0 },
#include "types.def"
#undef TY
#define MCLASS(id, acc)
#define MD(id, name, cls, isa, sm) { name, cls, isa, sm },
#include "mods.def"
#undef MCLASS
#undef MD
    { "<mNnNkN>", MC_PATTERN, 60,  70 },   /* MOD_SHAPE: first used by wmma */
    { "<mNnN>",   MC_PATTERN, 65,  75 },   /* MOD_MN: ldmatrix */
    { "<xN>",     MC_PATTERN, 65,  75 },   /* MOD_XN: ldmatrix */
    { "<NxNb>",   MC_PATTERN, 86, 100 },   /* MOD_TMEMSHAPE: tcgen05 */
};

const OpInfo ir_opinfo[NOP] = {
#define OP(id, name, shape, flags, isa, sm, types, mods, vrule) \
    { name, shape, (unsigned)(flags), isa, sm,          \
      (unsigned char)IR_NDST(shape), (unsigned char)IR_NMIN(shape), (unsigned char)IR_NMAX(shape), \
      types, mods, vrule },
#include "ops.def"
#undef OP
};

/* ------------------------------------------------------------------------- */
/* One-time indexes: open-addressing hash tables keyed by FNV-1a.             */
/* ------------------------------------------------------------------------- */
#define FNV_OFFSET 2166136261u
#define FNV_PRIME  16777619u

static uint32_t fnv_bytes(uint32_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= FNV_PRIME;
    }
    return h;
}

/* names of types and modifiers -> id */
#define NAME_SLOTS 1024u
_Static_assert(NAME_SLOTS >= 2u * NMOD, "name table too small");
typedef struct { uint32_t hash; uint16_t id; } NameSlot;   /* id 0: empty */
static NameSlot name_tab[NAME_SLOTS];

/* every whole-word prefix of every opcode name -> row (or -1 if only a prefix) */
#define OPFX_SLOTS 4096u
_Static_assert(OPFX_SLOTS >= 8u * NOP, "prefix table too small");
typedef struct {
    const char *name;   /* points into the row name; the prefix is len bytes */
    uint32_t hash;
    uint16_t len;
    int16_t op;         /* OP_x when the prefix is a whole row name, else -1 */
} OpPrefix;
static OpPrefix opfx_tab[OPFX_SLOTS];
static int opfx_maxwords;

static ir_once_t index_once = IR_ONCE_INIT;

static void name_insert(const char *name, int id)
{
    size_t n = strlen(name);
    uint32_t h = fnv_bytes(FNV_OFFSET, name, n);
    for (uint32_t i = h & (NAME_SLOTS - 1);; i = (i + 1) & (NAME_SLOTS - 1)) {
        NameSlot *e = &name_tab[i];
        if (e->id == 0) {
            e->hash = h;
            e->id = (uint16_t)id;
            return;
        }
        /* a duplicate name keeps its first id; the unit test reports it */
        if (e->hash == h && strcmp(ir_modinfo[e->id].name, name) == 0)
            return;
    }
}

static int name_find(const char *s, size_t n)
{
    uint32_t h = fnv_bytes(FNV_OFFSET, s, n);
    for (uint32_t i = h & (NAME_SLOTS - 1);; i = (i + 1) & (NAME_SLOTS - 1)) {
        const NameSlot *e = &name_tab[i];
        if (e->id == 0)
            return 0;
        if (e->hash == h) {
            const char *t = ir_modinfo[e->id].name;
            if (strncmp(t, s, n) == 0 && t[n] == '\0')
                return e->id;
        }
    }
}

static void opfx_insert(const char *name, size_t len, int op)
{
    uint32_t h = fnv_bytes(FNV_OFFSET, name, len);
    for (uint32_t i = h & (OPFX_SLOTS - 1);; i = (i + 1) & (OPFX_SLOTS - 1)) {
        OpPrefix *e = &opfx_tab[i];
        if (e->name == NULL) {
            e->name = name;
            e->hash = h;
            e->len = (uint16_t)len;
            e->op = (int16_t)op;
            return;
        }
        if (e->hash == h && e->len == len && memcmp(e->name, name, len) == 0) {
            if (op >= 0 && e->op < 0)   /* a row name beats a bare prefix */
                e->op = (int16_t)op;
            return;
        }
    }
}

static void build_index(void)
{
    for (int id = 1; id < MOD_SHAPE; id++)
        name_insert(ir_modinfo[id].name, id);

    for (int op = 0; op < NOP; op++) {
        const char *name = ir_opinfo[op].name;
        size_t len = strlen(name);
        int words = 1;
        for (size_t i = 0; i < len; i++) {
            if (name[i] == '.') {
                opfx_insert(name, i, -1);
                words++;
            }
        }
        opfx_insert(name, len, op);
        if (words > opfx_maxwords)
            opfx_maxwords = words;
    }
}

static void ensure_index(void)
{
    ir_once(&index_once, build_index);
}

/* ------------------------------------------------------------------------- */
/* Lookups                                                                    */
/* ------------------------------------------------------------------------- */
int ir_ty_lookup(const char *s, size_t n)
{
    if (s == NULL || n == 0)
        return 0;
    ensure_index();
    int id = name_find(s, n);
    return id > 0 && id < NTY ? id : 0;
}

/* a decimal number without leading zeros, at most 4 digits */
static size_t scan_num(const char *s, size_t n, size_t i)
{
    size_t j = i;
    if (j >= n || s[j] < '1' || s[j] > '9')
        return 0;
    while (j < n && s[j] >= '0' && s[j] <= '9' && j - i < 4)
        j++;
    if (j < n && s[j] >= '0' && s[j] <= '9')
        return 0;
    return j - i;
}

static int mod_pattern(const char *s, size_t n)
{
    size_t i = 0, k;

    if (s[0] == 'm') {                                  /* mNnN, mNnNkN */
        if ((k = scan_num(s, n, 1)) == 0)
            return -1;
        i = 1 + k;
        if (i >= n || s[i] != 'n' || (k = scan_num(s, n, i + 1)) == 0)
            return -1;
        i += 1 + k;
        if (i == n)
            return MOD_MN;
        if (s[i] != 'k' || (k = scan_num(s, n, i + 1)) == 0)
            return -1;
        return i + 1 + k == n ? MOD_SHAPE : -1;
    }
    if (s[0] == 'x')                                    /* xN */
        return (k = scan_num(s, n, 1)) != 0 && 1 + k == n ? MOD_XN : -1;
    if ((k = scan_num(s, n, 0)) != 0) {                 /* NxNb, NxNbxN */
        i = k;
        if (i >= n || s[i] != 'x' || (k = scan_num(s, n, i + 1)) == 0)
            return -1;
        i += 1 + k;
        if (i >= n || s[i] != 'b')
            return -1;
        i++;
        if (i == n)
            return MOD_TMEMSHAPE;
        if (s[i] != 'x' || (k = scan_num(s, n, i + 1)) == 0)
            return -1;
        return i + 1 + k == n ? MOD_TMEMSHAPE : -1;
    }
    return -1;
}

int ir_mod_lookup(const char *s, size_t n)
{
    if (s == NULL || n == 0)
        return -1;
    ensure_index();
    int id = name_find(s, n);
    if (id > 0)
        return id;
    return mod_pattern(s, n);
}

/* does the row prefix e equal parts[0..k) joined with dots? */
static int opfx_equal(const OpPrefix *e, const char *const *parts, const size_t *lens, int k)
{
    const char *p = e->name;
    for (int i = 0; i < k; i++) {
        if (i > 0) {
            if (*p != '.')
                return 0;
            p++;
        }
        if (memcmp(p, parts[i], lens[i]) != 0)
            return 0;
        p += lens[i];
    }
    return 1;
}

int ir_op_lookup(const char *const *parts, const size_t *lens, int n, int *nused)
{
    int best = -1, bestk = 0;

    if (nused)
        *nused = 0;
    if (parts == NULL || lens == NULL || n <= 0)
        return -1;
    ensure_index();

    uint32_t h = FNV_OFFSET;
    size_t len = 0;
    for (int k = 0; k < n && k < opfx_maxwords; k++) {
        if (lens[k] == 0 || memchr(parts[k], '.', lens[k]) != NULL)
            break;
        if (k > 0) {
            h = fnv_bytes(h, ".", 1);
            len++;
        }
        h = fnv_bytes(h, parts[k], lens[k]);
        len += lens[k];

        const OpPrefix *hit = NULL;
        for (uint32_t i = h & (OPFX_SLOTS - 1);; i = (i + 1) & (OPFX_SLOTS - 1)) {
            const OpPrefix *e = &opfx_tab[i];
            if (e->name == NULL)
                break;
            if (e->hash == h && e->len == len && opfx_equal(e, parts, lens, k + 1)) {
                hit = e;
                break;
            }
        }
        if (hit == NULL)
            break;
        if (hit->op >= 0) {
            best = hit->op;
            bestk = k + 1;
        }
    }
    if (nused)
        *nused = bestk;
    return best;
}
