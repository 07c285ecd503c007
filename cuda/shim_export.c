/*
 * shim_export.c -- cuGetExportTable: the driver's private tables.  The
 * CUDA runtime (libcudart, linked statically by nvcc's default or shared)
 * asks for them right after cuInit and fails every later call with
 * cudaErrorNotSupported when it gets none.  NVIDIA documents none of
 * them; what a table is for, its UUID, its length and what its slots take
 * were learnt from the ZLUDA project's notes (dark_api/src/lib.rs of
 * github.com/vosen/ZLUDA, which names them) and checked by running
 * programs built by nvcc 13 against this file with every slot logged.
 *
 * A table is an array of pointers; most begin with their own size in
 * bytes.  Each slot we do not implement holds a stub of its own that
 * returns CUDA_ERROR_NOT_SUPPORTED, which cudart takes as "absent", and,
 * with PTXKIT_EXPORT_TRACE set in the environment, names the table and
 * the slot on stderr; so does a request for a table we do not know, which
 * gets CUDA_ERROR_INVALID_VALUE and a NULL table, as the driver answers
 * (measured on an H200 with driver 580).
 *
 * What cudart 13.0 asks for, in order: the table f8cff951-... (unknown
 * here, and refused: cudart does without), cudart, tools-hooks,
 * tools-tls, ctx-storage, ctx-checks, integrity.  cuBLAS (cublasLt), when
 * it first looks up its per-context state, takes the current context from
 * tools-tls and asks for the table ctx-id to turn it into a key.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cuda/shim.h"

CUresult cuModuleLoadData(CUmodule *out, const void *image);
CUresult cuDeviceGetCount(int *n);
CUresult cuDeviceGetUuid(unsigned char uuid[16], CUdevice d);
CUresult cuCtxGetCurrent(CUcontext *ctx);
CUresult cuCtxGetId(CUcontext ctx, unsigned long long *id);

/* a slot's type: each is cast back to its own signature by the caller */
typedef void (*Slot)(void);

/* the tables, filled on the first request (build) */
static const void *t_cudart[13], *t_tls[4], *t_hooks[7], *t_cls[4], *t_bypass[2], *t_heap[3],
    *t_devrt[26], *t_integ[3], *t_checks[4], *t_ctxid[93];

static int trace = -1;

/* PTXKIT_EXPORT_TRACE: set and not 0 */
int
shim_tracing(void)
{
	if (trace < 0) {
		const char *e = getenv("PTXKIT_EXPORT_TRACE");
		trace = e && *e && strcmp(e, "0");
	}
	return trace;
}

/* ---------------------------------------------------------------- the cudart table */

/* cudart 1, 6 and 8: a module from the fatbinary nvcc embeds in the host
 * program (1 and 6 get its __fatBinC_Wrapper_t, 8 the fatbinary itself),
 * loaded into the current context.  cudart 13 loads through
 * cuLibraryLoadData instead and was not seen calling them; older ones do.
 * 6 and 8 take three more arguments whose meaning is not known (ZLUDA's
 * notes see NULL, NULL, 0); they are logged when tracing. */
static CUresult
rt_load(CUmodule *out, const void *wrapper)
{
	return cuModuleLoadData(out, wrapper);
}

static CUresult
rt_load_ext(CUmodule *out, const void *wrapper, void *a, void *b, unsigned c)
{
	if (shim_tracing())
		fprintf(stderr, "libptxcuda: export cudart 6: %p %p %u\n", a, b, c);
	return cuModuleLoadData(out, wrapper);
}

static CUresult
rt_load_fatbin(const void *fatbin, CUmodule *out, void *a, void *b, unsigned c)
{
	if (shim_tracing())
		fprintf(stderr, "libptxcuda: export cudart 8: %p %p %u\n", a, b, c);
	return cuModuleLoadData(out, fatbin);
}

/* cudart 2: the device's primary context, without retaining it: cudart
 * retains it itself when it makes it current */
static CUresult
rt_primary(CUcontext *pctx, CUdevice d)
{
	if (!pctx)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (d != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	*pctx = shim.primary.h;
	return CUDA_SUCCESS;
}

/* cudart 7: a notification with one word, nothing to do here */
static void
rt_note(uintptr_t x)
{
	if (shim_tracing())
		fprintf(stderr, "libptxcuda: export cudart 7: %#lx\n", (unsigned long)x);
}

/* cudart 12 (CUDA 13): load the JIT compilers; the interpreter is ours */
static CUresult
rt_compilers(void)
{
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------------------- tools, checks */

/* tools-hooks 2 and 6: buffers the profiler interface shares with cudart;
 * zeroed, they say that no tool is attached */
static uint64_t hookbuf1[512], hookbuf2[8];

static void
hook_buf1(void **p, size_t *n)
{
	if (p)
		*p = hookbuf1;
	if (n)
		*n = sizeof hookbuf1;
}

static void
hook_buf2(void **p, size_t *n)
{
	if (p)
		*p = hookbuf2;
	if (n)
		*n = sizeof hookbuf2;
}

/* ctx-checks 2: flags of a context cudart checks (none set, as on the
 * driver in every case seen); 3: another flag word, 0 */
static CUresult
chk_ctx(CUcontext c, unsigned *flags, void **aux)
{
	(void)c;
	(void)aux;
	if (flags)
		*flags = 0;
	return CUDA_SUCCESS;
}

static unsigned
chk_flags(void)
{
	return 0;
}

/* ---------------------------------------------------------------- contexts for cuBLAS */

/* tools-tls 2: the calling thread's current context, NULL when it has
 * none; cublasLt keys its per-context state by it (through ctx-id 4).
 * An H200's driver 580 answered with the handle cuCtxGetCurrent gives. */
static CUresult
tls_current(CUcontext *out)
{
	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	return cuCtxGetCurrent(out);
}

/* ctx-id 4: a context's identifier, unique over the process's life (what
 * cuCtxGetId answers), so that state kept for a destroyed context is not
 * taken for a new one at the same address; driver 580 answered 1 for the
 * first context.  The table has 93 slots there (its size word, 0x2e8);
 * cuBLAS also calls 51 and 39 when its products run, which are stubs
 * here: it fails before, for want of kernels the interpreter can run. */
static CUresult
ctxid_get(CUcontext ctx, unsigned long long *id)
{
	return cuCtxGetId(ctx, id);
}

/* ---------------------------------------------------------------- context storage */

/*
 * ctx-storage: a value per (context, key) that cudart keeps its per-context
 * state in, with a callback to run when the context goes away.  A NULL
 * context is the current one.  The entries have a lock of their own: the
 * callbacks call back into the driver, so they run with no lock held.
 */
typedef void (*ClsDtor)(CUcontext ctx, void *key, void *value);
typedef struct Cls { CUcontext ctx; void *key, *value; ClsDtor dtor; struct Cls *next; } Cls;
static Cls *cls;
static pthread_mutex_t clsmu = PTHREAD_MUTEX_INITIALIZER;

static CUresult
cls_ctx(CUcontext *ctx)
{
	CUresult r;

	if (*ctx)
		return CUDA_SUCCESS;
	if ((r = cuCtxGetCurrent(ctx)))
		return r;
	return *ctx ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

static Cls **
cls_find(CUcontext ctx, void *key)
{
	Cls **p;

	for (p = &cls; *p && ((*p)->ctx != ctx || (*p)->key != key); p = &(*p)->next)
		;
	return p;
}

static CUresult
cls_put(CUcontext ctx, void *key, void *value, ClsDtor dtor)
{
	CUresult r;
	Cls **p, *e;

	if ((r = cls_ctx(&ctx)))
		return r;
	pthread_mutex_lock(&clsmu);
	if (!*(p = cls_find(ctx, key))) {
		if (!(e = calloc(1, sizeof *e))) {
			pthread_mutex_unlock(&clsmu);
			return CUDA_ERROR_OUT_OF_MEMORY;
		}
		e->ctx = ctx;
		e->key = key;
		*p = e;
	}
	(*p)->value = value;
	(*p)->dtor = dtor;
	pthread_mutex_unlock(&clsmu);
	return CUDA_SUCCESS;
}

static CUresult
cls_delete(CUcontext ctx, void *key)
{
	CUresult r;
	Cls **p, *e;

	if ((r = cls_ctx(&ctx)))
		return r;
	pthread_mutex_lock(&clsmu);
	if ((e = *(p = cls_find(ctx, key)))) {
		*p = e->next;
		free(e);
	}
	pthread_mutex_unlock(&clsmu);
	return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

static CUresult
cls_get(void **value, CUcontext ctx, void *key)
{
	CUresult r;
	Cls *e;

	if (!value)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = cls_ctx(&ctx)))
		return r;
	pthread_mutex_lock(&clsmu);
	if ((e = *cls_find(ctx, key)))
		*value = e->value;
	pthread_mutex_unlock(&clsmu);
	return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

/* Runs and forgets ctx's entries: before ctx is destroyed or reset, with
 * no lock held. */
void
shim_cls_release(CUcontext ctx)
{
	for (;;) {
		Cls **p, *e;

		pthread_mutex_lock(&clsmu);
		for (p = &cls; *p && (*p)->ctx != ctx; p = &(*p)->next)
			;
		if ((e = *p))
			*p = e->next;
		pthread_mutex_unlock(&clsmu);
		if (!e)
			return;
		if (e->dtor)
			e->dtor(ctx, e->key, e->value);
		free(e);
	}
}

/* ---------------------------------------------------------------- integrity */

/* MD2 (RFC 1319): its substitution table, from the digits of pi. */
static const unsigned char md2_s[256] = {
	41, 46, 67, 201, 162, 216, 124, 1, 61, 54, 84, 161, 236, 240, 6, 19,
	98, 167, 5, 243, 192, 199, 115, 140, 152, 147, 43, 217, 188, 76, 130, 202,
	30, 155, 87, 60, 253, 212, 224, 22, 103, 66, 111, 24, 138, 23, 229, 18,
	190, 78, 196, 214, 218, 158, 222, 73, 160, 251, 245, 142, 187, 47, 238, 122,
	169, 104, 121, 145, 21, 178, 7, 63, 148, 194, 16, 137, 11, 34, 95, 33,
	128, 127, 93, 154, 90, 144, 50, 39, 53, 62, 204, 231, 191, 247, 151, 3,
	255, 25, 48, 179, 72, 165, 181, 209, 215, 94, 146, 42, 172, 86, 170, 198,
	79, 184, 56, 210, 150, 164, 125, 182, 118, 252, 107, 226, 156, 116, 4, 241,
	69, 157, 112, 89, 100, 113, 135, 32, 134, 91, 207, 101, 230, 45, 168, 2,
	27, 96, 37, 173, 174, 176, 185, 246, 28, 70, 97, 105, 52, 64, 126, 15,
	85, 71, 163, 35, 221, 81, 175, 58, 195, 92, 249, 206, 186, 197, 234, 38,
	44, 83, 13, 110, 133, 40, 132, 9, 211, 223, 205, 244, 65, 129, 77, 82,
	106, 220, 55, 200, 108, 193, 171, 250, 36, 225, 123, 8, 12, 189, 177, 74,
	120, 136, 149, 139, 227, 99, 232, 109, 233, 203, 213, 254, 59, 0, 29, 57,
	242, 239, 183, 14, 102, 88, 208, 228, 166, 119, 114, 248, 235, 117, 75, 10,
	49, 68, 80, 180, 143, 237, 31, 26, 219, 153, 141, 51, 159, 17, 131, 20,
};

typedef struct { unsigned char x[48], c[16], buf[16]; unsigned n; } Md2;

static void
md2_block(Md2 *h, const unsigned char *m)
{
	unsigned char l = h->c[15], t = 0;

	for (int j = 0; j < 16; j++) {
		h->c[j] ^= md2_s[m[j] ^ l];
		l = h->c[j];
		h->x[16 + j] = m[j];
		h->x[32 + j] = m[j] ^ h->x[j];
	}
	for (int r = 0; r < 18; r++) {
		for (int k = 0; k < 48; k++)
			t = h->x[k] ^= md2_s[t];
		t = (unsigned char)(t + r);
	}
}

static void
md2_add(Md2 *h, const void *p, size_t len, unsigned char mask)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < len; i++) {
		h->buf[h->n++] = b[i] ^ mask;
		if (h->n == 16) {
			md2_block(h, h->buf);
			h->n = 0;
		}
	}
}

static void
md2_end(Md2 *h, unsigned char out[16])
{
	unsigned char pad = (unsigned char)(16 - h->n), c[16];

	for (int i = 0; i < pad; i++)
		md2_add(h, &pad, 1, 0);
	memcpy(c, h->c, 16);
	md2_block(h, c);
	memcpy(out, h->x, 16);
}

/*
 * integrity 1: cudart checks that it talks to the driver it was built for
 * by asking for a keyed digest of the process, the tables and the devices
 * and comparing it with its own.  The digest is HMAC (RFC 2104) over MD2
 * with a fixed 16-byte key; the key, the constant answers to versions
 * ending in 0 and 1 and the layout of the message are facts of the
 * interface as ZLUDA documents them (dark_api/src/lib.rs, integrity_check).
 */
static const unsigned char integ_key[16] = {
	0x14, 0x6a, 0xdd, 0xae, 0x53, 0xa9, 0xa7, 0x52, 0xaa, 0x08, 0x41, 0x36, 0x0b, 0xf5, 0x5a, 0x9f
};

static CUresult
integ_check(unsigned version, uint64_t secs, uint64_t out[2])
{
	struct {
		uint32_t drv, ver, pid, tid;
		const void *rt, *integ, *fn;
		uint64_t secs;
	} msg;
	struct { unsigned char uuid[16]; int32_t domain, bus, dev; } di;
	unsigned char inner[16], d[16];
	Slot self = (Slot)integ_check;
	Md2 h;
	int n = 0;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	if (version % 10 < 2) {
		out[0] = version % 10 ? 0x1841181c03cb675cull : 0x3341181c03cb675cull;
		out[1] = 0x8ed383aa1f4cd1e8ull;
		return CUDA_SUCCESS;
	}
	memset(&msg, 0, sizeof msg);
	msg.drv = SHIM_VERSION;
	msg.ver = version;
	msg.pid = (uint32_t)getpid();
	msg.tid = (uint32_t)(uintptr_t)pthread_self();
	msg.rt = t_cudart;
	msg.integ = t_integ;
	memcpy(&msg.fn, &self, sizeof msg.fn);
	msg.secs = secs;
	memset(&h, 0, sizeof h);
	md2_add(&h, integ_key, 16, 0x36);
	md2_add(&h, &msg, sizeof msg, 0);
	if (cuDeviceGetCount(&n))
		return CUDA_ERROR_NOT_INITIALIZED;
	for (int i = 0; i < n; i++) {
		memset(&di, 0, sizeof di);
		cuDeviceGetUuid(di.uuid, i);
		cuDeviceGetAttribute(&di.domain, 50, i);   /* CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID */
		cuDeviceGetAttribute(&di.bus, 33, i);      /* CU_DEVICE_ATTRIBUTE_PCI_BUS_ID */
		cuDeviceGetAttribute(&di.dev, 34, i);      /* CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID */
		md2_add(&h, &di, sizeof di, 0);
	}
	md2_end(&h, inner);
	memset(&h, 0, sizeof h);
	md2_add(&h, integ_key, 16, 0x5c);
	md2_add(&h, inner, 16, 0);
	md2_end(&h, d);
	memcpy(out, d, 16);
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------------------- the tables */

/* Stubs for the slots left unimplemented: one function each, so that a
 * call can be named. */
#define NSTUB 256
static struct { const char *table; int slot; } stubof[NSTUB];

static CUresult
unimpl(int k)
{
	if (shim_tracing())
		fprintf(stderr, "libptxcuda: export %s slot %d: not implemented\n", stubof[k].table,
		    stubof[k].slot);
	return CUDA_ERROR_NOT_SUPPORTED;
}

#define S(h) static CUresult stub##h(void) { return unimpl(0x##h); }
#define S16(h) S(h##0) S(h##1) S(h##2) S(h##3) S(h##4) S(h##5) S(h##6) S(h##7) \
	S(h##8) S(h##9) S(h##a) S(h##b) S(h##c) S(h##d) S(h##e) S(h##f)
S16(0) S16(1) S16(2) S16(3) S16(4) S16(5) S16(6) S16(7)
S16(8) S16(9) S16(a) S16(b) S16(c) S16(d) S16(e) S16(f)
#define R(h) (Slot)stub##h
#define R16(h) R(h##0), R(h##1), R(h##2), R(h##3), R(h##4), R(h##5), R(h##6), R(h##7), \
	R(h##8), R(h##9), R(h##a), R(h##b), R(h##c), R(h##d), R(h##e), R(h##f)
static const Slot stubs[NSTUB] = { R16(0), R16(1), R16(2), R16(3), R16(4), R16(5), R16(6), R16(7),
	R16(8), R16(9), R16(a), R16(b), R16(c), R16(d), R16(e), R16(f) };

/*
 * The tables: UUID (its bytes in the order cudart passes them), length in
 * slots, and whether slot 0 holds the size in bytes; all three are facts
 * of the interface, from ZLUDA's dark_api/src/lib.rs (the cudart table has
 * 10 slots up to CUDA 12 and 13 from CUDA 13; the longer one serves both).
 * The tables ctx-bypass, heap and device-rt are known but not asked for
 * by cudart 13.0: stubs throughout.
 */

static const struct {
	unsigned char id[16];
	const char *name;
	int nslot, sized;
	const void **tab;
} tables[] = {
	{{0x6b, 0xd5, 0xfb, 0x6c, 0x5b, 0xf4, 0xe7, 0x4a, 0x89, 0x87, 0xd9, 0x39, 0x12, 0xfd, 0x9d, 0xf9},
	 "cudart", 13, 1, t_cudart},
	{{0x42, 0xd8, 0x5a, 0x81, 0x23, 0xf6, 0xcb, 0x47, 0x82, 0x98, 0xf6, 0xe7, 0x8a, 0x3a, 0xec, 0xdc},
	 "tools-tls", 4, 1, t_tls},
	{{0xa0, 0x94, 0x79, 0x8c, 0x2e, 0x74, 0x2e, 0x74, 0x93, 0xf2, 0x08, 0x00, 0x20, 0x0c, 0x0a, 0x66},
	 "tools-hooks", 7, 1, t_hooks},
	{{0xc6, 0x93, 0x33, 0x6e, 0x11, 0x21, 0xdf, 0x11, 0xa8, 0xc3, 0x68, 0xf3, 0x55, 0xd8, 0x95, 0x93},
	 "ctx-storage", 4, 0, t_cls},
	{{0x0c, 0xa5, 0x0b, 0x8c, 0x10, 0x04, 0x92, 0x9a, 0x89, 0xa7, 0xd0, 0xdf, 0x10, 0xe7, 0x72, 0x86},
	 "ctx-bypass", 2, 1, t_bypass},
	{{0x19, 0x5b, 0xcb, 0xf4, 0xd6, 0x7d, 0x02, 0x4a, 0xac, 0xc5, 0x1d, 0x29, 0xce, 0xa6, 0x31, 0xae},
	 "heap", 3, 1, t_heap},
	{{0xb1, 0x05, 0x41, 0xe1, 0xf7, 0xc7, 0xc7, 0x4a, 0x9f, 0x64, 0xf2, 0x23, 0xbe, 0x99, 0xf1, 0xe2},
	 "device-rt", 26, 1, t_devrt},
	{{0xd4, 0x08, 0x20, 0x55, 0xbd, 0xe6, 0x70, 0x4b, 0x8d, 0x34, 0xba, 0x12, 0x3c, 0x66, 0xe1, 0xf2},
	 "integrity", 3, 1, t_integ},
	{{0x26, 0x3e, 0x88, 0x60, 0x7c, 0xd2, 0x61, 0x43, 0x92, 0xf6, 0xbb, 0xd5, 0x00, 0x6d, 0xfa, 0x7e},
	 "ctx-checks", 4, 1, t_checks},
	{{0x21, 0x31, 0x8c, 0x60, 0x97, 0x14, 0x32, 0x48, 0x8c, 0xa6, 0x41, 0xff, 0x73, 0x24, 0xc8, 0xf2},
	 "ctx-id", 93, 1, t_ctxid},
};
#define NTAB ((int)(sizeof tables / sizeof tables[0]))

static void
set(const void **tab, int i, Slot f)
{
	memcpy(&tab[i], &f, sizeof tab[i]);   /* POSIX: function pointers convert */
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void
build(void)
{
	int k = 0;

	for (int t = 0; t < NTAB; t++)
		for (int i = 0; i < tables[t].nslot; i++) {
			if (i == 0 && tables[t].sized) {
				tables[t].tab[0] = (const void *)(uintptr_t)(tables[t].nslot * sizeof(void *));
				continue;
			}
			assert(k < NSTUB);
			stubof[k].table = tables[t].name;
			stubof[k].slot = i;
			set(tables[t].tab, i, stubs[k++]);
		}
	set(t_cudart, 1, (Slot)rt_load);
	set(t_cudart, 2, (Slot)rt_primary);
	set(t_cudart, 6, (Slot)rt_load_ext);
	set(t_cudart, 7, (Slot)rt_note);
	set(t_cudart, 8, (Slot)rt_load_fatbin);
	set(t_cudart, 12, (Slot)rt_compilers);
	set(t_hooks, 2, (Slot)hook_buf1);
	set(t_hooks, 6, (Slot)hook_buf2);
	set(t_cls, 0, (Slot)cls_put);
	set(t_cls, 1, (Slot)cls_delete);
	set(t_cls, 2, (Slot)cls_get);
	set(t_integ, 1, (Slot)integ_check);
	set(t_checks, 2, (Slot)chk_ctx);
	set(t_checks, 3, (Slot)chk_flags);
	set(t_tls, 2, (Slot)tls_current);
	set(t_ctxid, 4, (Slot)ctxid_get);
}

CUresult
cuGetExportTable(const void **table, const unsigned char *id)
{
	if (!table || !id)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_once(&once, build);
	for (int t = 0; t < NTAB; t++)
		if (!memcmp(tables[t].id, id, 16)) {
			if (shim_tracing())
				fprintf(stderr, "libptxcuda: export table %s\n", tables[t].name);
			*table = tables[t].tab;
			return CUDA_SUCCESS;
		}
	if (shim_tracing()) {
		fprintf(stderr, "libptxcuda: export table ");
		for (int i = 0; i < 16; i++)
			fprintf(stderr, "%02x%s", id[i], i == 3 || i == 5 || i == 7 || i == 9 ? "-" : "");
		fprintf(stderr, ": unknown\n");
	}
	*table = NULL;
	return CUDA_ERROR_INVALID_VALUE;
}
