/*
 * shim_image.c -- the PTX inside the images a driver is handed: a fatbin,
 * the wrapper cudart registers, a cubin, a host object or executable.
 *
 * The interpreter runs PTX only, so every image comes down to PTX text:
 *
 *   fatbin     magic 0xba55ed50; a 16-byte header (u32 magic, u16 version,
 *              u16 header size, u64 size of the entries that follow), then
 *              entries, each a header and a payload.  The entry header, as
 *              nvcc 12 and 13 write it: u16 kind (1 PTX, 2 ELF, 8 NVVM IR),
 *              u16 version, u32 header size, u64 payload size (padded),
 *              u32 compressed size at 16, u32 arch (90 for sm_90 or
 *              compute_90) at 28, u64 flags at 40, u64 uncompressed size at
 *              56.  Flags: 0x2000 LZ4 block compression (nvcc
 *              --compress-mode=speed), 0x8000 zstd (the default since
 *              CUDA 12.x), 0x100000 an arch-specific target (sm_90a),
 *              0x200000 a family target (sm_100f).
 *   wrapper    magic 0x466243b1, the struct cudart registers: u32 magic,
 *              u32 version, then a pointer to the fatbin.
 *   ELF        a cubin (e_machine 190) holds PTX only when built with
 *              -lineinfo or -G: section .nv_debug_ptx_txt, one NUL-ended
 *              string per line.  A host object or executable keeps its
 *              translation units' fatbins one after another, each 8-byte
 *              aligned, in section .nv_fatbin (with -rdc, the relocatable
 *              ones in __nv_relfatbin); the PTX of each is linked as
 *              cuLinkAddData would link it.
 *
 * The PTX chosen is the one an sm_90 runs best: the highest compute_XX not
 * past 90, the arch-specific variant when both are there (what an H100
 * runs).  A fatbin with sm_90 machine code and PTX only for later targets
 * (cuRAND, CUB and Thrust as CUDA 13 ships them: sm_90 cubins, compute_120
 * or compute_121 PTX) runs on a GPU from the machine code; here the PTX of
 * the nearest later target stands for it (stand_in): both come from one
 * source, and the PTX's kernels report its target as their PTX version,
 * so that a library that picks its launch shapes by that version (CUB's
 * policies) picks the shapes its kernels were compiled for.  Without sm_90
 * machine code the driver finds nothing to run, and so does the shim.  Decompression is zstd's and lz4's own, when configure found them.
 *
 * An image is hostile input.  Its length is known from a file or
 * cuLinkAddData; cuModuleLoadData gives none, so then the image's own
 * header declares how many bytes can be read (a fatbin its size, an ELF the
 * end of its header tables, which come last in what nvcc and ld write),
 * capped at IMG_MAX.  Every offset and size inside is checked against that
 * extent, in 64-bit arithmetic that cannot wrap, before a byte is read.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif
#ifdef HAVE_LZ4
#include <lz4.h>
#endif
#include "cuda/jit_image.h"
#include "cuda/shim.h"

/* what only CUDA 13's device runtime declares (drop_devrt) */
#define DEVRT_CALL "__cuda_syscall_cnpv2LaunchDeviceV2"

#define IMG_MAX ((uint64_t)1 << 30)     /* an image or a text, at most */
#define FATBIN_MAGIC 0xba55ed50u
#define WRAPPER_MAGIC 0x466243b1u
#define EM_CUDA 190

enum { K_PTX = 1, K_ELF = 2 };
enum { F_LZ4 = 0x2000, F_ZSTD = 0x8000, F_ARCH = 0x100000, F_FAMILY = 0x200000 };

/* What a load reports through; msg is kept for the caller's message. */
typedef struct {
	const char *name;
	char *log;
	size_t cap;
	int quiet;                      /* a try: failures are not reported */
} Rep;

static CUresult
fail(const Rep *rp, CUresult r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (rp->quiet)
		return r;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(shim_says(), "libptxcuda: %s: %s\n", rp->name, msg);
	if (rp->log && rp->cap)
		snprintf(rp->log, rp->cap, "%s: %s\n", rp->name, msg);
	return r;
}

static uint32_t
rd16(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t
rd32(const unsigned char *p)
{
	return rd16(p) | (uint32_t)rd16(p + 2) << 16;
}

static uint64_t
rd64(const unsigned char *p)
{
	return rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* Whether [off, off + n) lies inside an extent of len bytes. */
static int
inside(uint64_t off, uint64_t n, uint64_t len)
{
	return off <= len && n <= len - off;
}

/* Text of n bytes made into a NUL-terminated string, stopping at its first
 * NUL; NULL when out of memory. */
static char *
text_of(const unsigned char *p, size_t n)
{
	const unsigned char *z = memchr(p, 0, n);
	size_t k = z ? (size_t)(z - p) : n;
	char *t = malloc(k + 1);

	if (t) {
		memcpy(t, p, k);
		t[k] = 0;
	}
	return t;
}

/* ---------------------------------------------------------------- entries */

/* One entry of a fatbin, its header read and checked. */
typedef struct {
	unsigned kind, arch;
	uint64_t flags, usize;
	const unsigned char *pay;       /* the payload's used bytes */
	uint64_t n;
} Entry;

/* The payload of e, decompressed: *out (malloc'd, one NUL past *n). */
static CUresult
unpack(const Rep *rp, const Entry *e, unsigned char **out, size_t *n)
{
	unsigned char *buf;

	if ((e->flags & (F_LZ4 | F_ZSTD)) == (F_LZ4 | F_ZSTD))
		return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin entry flags 0x%llx name two compressions",
		    (unsigned long long)e->flags);
	if (!(e->flags & (F_LZ4 | F_ZSTD))) {
		if (!(buf = malloc(e->n + 1)))
			return CUDA_ERROR_OUT_OF_MEMORY;
		memcpy(buf, e->pay, e->n);
		buf[e->n] = 0;
		*out = buf;
		*n = e->n;
		return CUDA_SUCCESS;
	}
	if (e->usize > IMG_MAX)
		return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin entry declares %llu bytes uncompressed, "
		    "past the limit of %llu", (unsigned long long)e->usize, (unsigned long long)IMG_MAX);
	if (e->flags & F_LZ4) {
#ifdef HAVE_LZ4
		/* an LZ4 block grows at most 255-fold: a larger claim is a lie,
		 * refused before it is allocated */
		int k;
		if (e->n > INT32_MAX || e->usize > (e->n + 16) * 255 || e->usize >= INT32_MAX)
			return fail(rp, CUDA_ERROR_INVALID_IMAGE, "LZ4 fatbin entry: %llu bytes cannot "
			    "come from %llu", (unsigned long long)e->usize, (unsigned long long)e->n);
		if (!(buf = malloc(e->usize + 1)))
			return CUDA_ERROR_OUT_OF_MEMORY;
		k = LZ4_decompress_safe((const char *)e->pay, (char *)buf, (int)e->n, (int)e->usize);
		if (k < 0 || (uint64_t)k != e->usize) {
			free(buf);
			return fail(rp, CUDA_ERROR_INVALID_IMAGE, "LZ4 fatbin entry does not decompress "
			    "to its declared %llu bytes", (unsigned long long)e->usize);
		}
		buf[k] = 0;
		*out = buf;
		*n = (size_t)k;
		return CUDA_SUCCESS;
#else
		return fail(rp, CUDA_ERROR_NOT_SUPPORTED, "the fatbin entry is LZ4-compressed (nvcc "
		    "--compress-mode=speed) and libptxcuda was built without liblz4: rebuild it "
		    "with liblz4-dev installed, or compile with --compress-mode=size or --no-compress");
#endif
	}
#ifdef HAVE_ZSTD
	/* Streamed into a buffer that grows with what really comes out, so a
	 * false size in the header allocates nothing. */
	ZSTD_DStream *z = ZSTD_createDStream();
	ZSTD_inBuffer in = { e->pay, e->n, 0 };
	size_t cap = e->usize < 65536 ? (size_t)e->usize : 65536, rc;
	ZSTD_outBuffer ob = { NULL, 0, 0 };

	if (!z || !(buf = malloc(cap + 1))) {
		ZSTD_freeDStream(z);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	ob.dst = buf, ob.size = cap;
	for (;;) {
		rc = ZSTD_decompressStream(z, &ob, &in);
		if (ZSTD_isError(rc) || rc == 0 || (in.pos == in.size && ob.pos < ob.size))
			break;
		if (ob.pos == ob.size) {
			unsigned char *nb;
			if (cap == e->usize) {
				rc = 1;     /* more output than declared */
				break;
			}
			cap = e->usize - cap < cap ? (size_t)e->usize : cap * 2;
			if (!(nb = realloc(buf, cap + 1))) {
				ZSTD_freeDStream(z);
				free(buf);
				return CUDA_ERROR_OUT_OF_MEMORY;
			}
			ob.dst = buf = nb, ob.size = cap;
		}
	}
	ZSTD_freeDStream(z);
	if (rc != 0 || ob.pos != e->usize) {
		free(buf);
		return fail(rp, CUDA_ERROR_INVALID_IMAGE, "zstd fatbin entry does not decompress to "
		    "its declared %llu bytes%s%s", (unsigned long long)e->usize,
		    ZSTD_isError(rc) ? ": " : "", ZSTD_isError(rc) ? ZSTD_getErrorName(rc) : "");
	}
	buf[ob.pos] = 0;
	*out = buf;
	*n = ob.pos;
	return CUDA_SUCCESS;
#else
	return fail(rp, CUDA_ERROR_NOT_SUPPORTED, "the fatbin entry is zstd-compressed (nvcc's "
	    "default) and libptxcuda was built without libzstd: rebuild it with libzstd-dev "
	    "installed, or compile with --no-compress");
#endif
}

/* ---------------------------------------------------------------- ELF */

/* The section names' string table of an ELF image whose section table
 * lies inside len: its offset and size, inside len too; 0 when there is
 * none. */
static int
elf_names(const unsigned char *p, uint64_t len, uint64_t *off, uint64_t *size)
{
	uint64_t shoff = rd64(p + 0x28), shnum = rd16(p + 0x3c), stri = rd16(p + 0x3e);
	const unsigned char *str;

	if (stri >= shnum)
		return 0;
	str = p + shoff + stri * 64;
	*off = rd64(str + 0x18), *size = rd64(str + 0x20);
	return inside(*off, *size, len);
}

/* A section of an ELF image named want (prefix: whose name starts so),
 * its bytes inside len, or NULL. */
static const unsigned char *
elf_find(const unsigned char *p, uint64_t len, const char *want, int prefix, uint64_t *n)
{
	uint64_t shoff = rd64(p + 0x28), shnum = rd16(p + 0x3c);
	uint64_t stroff, strsz;

	if (!elf_names(p, len, &stroff, &strsz))
		return NULL;
	for (uint64_t i = 1; i < shnum; i++) {
		const unsigned char *sh = p + shoff + i * 64;
		uint64_t nm = rd32(sh), off = rd64(sh + 0x18), sz = rd64(sh + 0x20);
		size_t wn = strlen(want) + !prefix;
		if (rd32(sh + 4) == 8)        /* SHT_NOBITS: nothing in the file */
			continue;
		if (nm < strsz && strsz - nm >= wn && !memcmp(p + stroff + nm, want, wn) &&
		    inside(off, sz, len)) {
			*n = sz;
			return p + off;
		}
	}
	return NULL;
}

static const unsigned char *
elf_section(const unsigned char *p, uint64_t len, const char *want, uint64_t *n)
{
	return elf_find(p, len, want, 0, n);
}

/* Whether the image has a section whose name starts with pre, its bytes
 * inside len. */
static int
elf_section_prefix(const unsigned char *p, uint64_t len, const char *pre)
{
	uint64_t n;

	return elf_find(p, len, pre, 1, &n) != NULL;
}

/* The extent of an ELF image: len when known, else the end of its header
 * tables.  0 when the header is not one we read. */
static uint64_t
elf_extent(const Rep *rp, const unsigned char *p, uint64_t len, CUresult *r)
{
	uint64_t shoff, shnum, phoff, phnum, phsz, ext = 64;

	*r = CUDA_ERROR_INVALID_IMAGE;
	if (len < 64) {
		fail(rp, *r, "ELF image of %llu bytes is shorter than its header",
		    (unsigned long long)len);
		return 0;
	}
	if (p[4] != 2 || p[5] != 1) {
		fail(rp, *r, "ELF image is not 64-bit little-endian");
		return 0;
	}
	shoff = rd64(p + 0x28), shnum = rd16(p + 0x3c);
	phoff = rd64(p + 0x20), phnum = rd16(p + 0x38), phsz = rd16(p + 0x36);
	if (!shnum || rd16(p + 0x3a) != 64 || rd16(p + 0x3e) == 0xffff) {
		fail(rp, *r, "ELF image has no section table that can be read");
		return 0;
	}
	if (len == UINT64_MAX) {
		/* nothing but the header may be read until its tables are known */
		if (shoff > IMG_MAX || phoff > IMG_MAX) {
			fail(rp, *r, "ELF header tables lie past %llu bytes", (unsigned long long)IMG_MAX);
			return 0;
		}
		ext = shoff + shnum * 64 > ext ? shoff + shnum * 64 : ext;
		if (phnum && phoff + phnum * phsz > ext)
			ext = phoff + phnum * phsz;
		len = ext;
	}
	if (!inside(shoff, shnum * 64, len)) {
		fail(rp, *r, "ELF section table (%llu at %llu) lies past the image's %llu bytes",
		    (unsigned long long)(shnum * 64), (unsigned long long)shoff, (unsigned long long)len);
		return 0;
	}
	*r = CUDA_SUCCESS;
	return len;
}

static CUresult fatbin_ptx(const Rep *rp, const unsigned char *p, uint64_t len, int many,
                           char ***texts, int *ntexts);

/* Adds text t to the list; frees it when out of memory. */
static CUresult
push(char ***texts, int *n, char *t)
{
	char **nt = t ? realloc(*texts, (size_t)(*n + 1) * sizeof *nt) : NULL;

	if (!nt) {
		free(t);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	*texts = nt;
	nt[(*n)++] = t;
	return CUDA_SUCCESS;
}

/*
 * A cubin of data alone (no .text section): a translation unit that
 * defines only __device__ or __constant__ variables, as cuBLAS keeps its
 * deviceConstants.  Such a cubin has no machine code to stand for, so its
 * PTX follows from the ELF: each object symbol of a global or constant
 * section becomes a declaration of its size, alignment and initial bytes
 * (.nv.global: zeros; .nv.global.init and .nv.constantN: the section's
 * bytes; a local symbol stays without .visible).  Symbols of other
 * sections (shared memory, notes) declare nothing a module can look up.
 * *out is NULL when the cubin defines no such object.
 */
enum { SHT_SYMTAB = 2, SHT_RELA = 4, SHT_NOBITS = 8, STT_OBJECT = 1, STB_LOCAL = 0 };

/* A relocation's place: the section it patches, the offset there. */
typedef struct { uint64_t sec, off; } Reloc;

static int
reloc_cmp(const void *a, const void *b)
{
	const Reloc *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* The places every SHT_RELA section of the image patches, sorted: *n of
 * them in *out (malloc'd; NULL when none). */
static CUresult
relocs(const unsigned char *p, uint64_t len, Reloc **out, size_t *n)
{
	uint64_t shoff = rd64(p + 0x28), shnum = rd16(p + 0x3c), total = 0;
	Reloc *r;
	size_t k = 0;

	*out = NULL, *n = 0;
	for (uint64_t i = 1; i < shnum; i++) {
		const unsigned char *sh = p + shoff + i * 64;
		if (rd32(sh + 4) == SHT_RELA && inside(rd64(sh + 0x18), rd64(sh + 0x20), len))
			total += rd64(sh + 0x20) / 24;   /* at most len / 24 in all */
	}
	if (!total)
		return CUDA_SUCCESS;
	if (!(r = malloc(total * sizeof *r)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (uint64_t i = 1; i < shnum; i++) {
		const unsigned char *sh = p + shoff + i * 64;
		uint64_t off = rd64(sh + 0x18), sz = rd64(sh + 0x20);
		if (rd32(sh + 4) != SHT_RELA || !inside(off, sz, len))
			continue;
		for (uint64_t e = 0; e + 24 <= sz; e += 24)
			r[k].sec = rd32(sh + 0x2c), r[k++].off = rd64(p + off + e);
	}
	qsort(r, k, sizeof *r, reloc_cmp);
	*out = r, *n = k;
	return CUDA_SUCCESS;
}

/* Whether a relocation patches [off, off + size) of section sec. */
static int
relocated(const Reloc *r, size_t n, uint64_t sec, uint64_t off, uint64_t size)
{
	size_t lo = 0, hi = n;
	Reloc key = { sec, off };

	while (lo < hi) {   /* the first place at or after (sec, off) */
		size_t mid = lo + (hi - lo) / 2;
		if (reloc_cmp(&r[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && r[lo].sec == sec && r[lo].off - off < size;
}

/* Whether s is a PTX identifier: a declaration made of it says only that. */
static int
identifier(const unsigned char *s)
{
	if (!*s || (*s >= '0' && *s <= '9'))
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		    *s == '_' || *s == '$' || *s == '.'))
			return 0;
	return 1;
}

static CUresult
cubin_data_ptx(const Rep *rp, const unsigned char *p, uint64_t len, char **out)
{
	uint64_t shoff = rd64(p + 0x28), shnum = rd16(p + 0x3c);
	uint64_t symoff = 0, symsz = 0, stroff = 0, strsz = 0, shstroff, shstrsz;
	const unsigned char *sh;
	char *text = NULL;
	size_t tlen = 0, nrel;
	Reloc *rel;
	FILE *f;
	int any = 0;
	CUresult r;
	uint64_t inits = 0;   /* bytes of initial values written so far */

	*out = NULL;
	if (!elf_names(p, len, &shstroff, &shstrsz))
		return CUDA_SUCCESS;
	for (uint64_t i = 1; i < shnum; i++) {
		sh = p + shoff + i * 64;
		if (rd32(sh + 4) == SHT_SYMTAB && rd64(sh + 0x38) == 24 && rd32(sh + 0x28) < shnum) {
			const unsigned char *st = p + shoff + rd32(sh + 0x28) * 64ull;
			symoff = rd64(sh + 0x18), symsz = rd64(sh + 0x20);
			stroff = rd64(st + 0x18), strsz = rd64(st + 0x20);
			break;
		}
	}
	if (!symsz || !inside(symoff, symsz, len) || !inside(stroff, strsz, len))
		return CUDA_SUCCESS;
	if ((r = relocs(p, len, &rel, &nrel)))
		return r;
	if (!(f = open_memstream(&text, &tlen))) {
		free(rel);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	fprintf(f, ".version 8.0\n.target sm_%d\n.address_size 64\n\n", SHIM_SM);
	for (uint64_t k = 24; k + 24 <= symsz; k += 24) {
		const unsigned char *y = p + symoff + k, *ysh, *nm;
		uint64_t name = rd32(y), ndx = rd16(y + 6), val = rd64(y + 8), size = rd64(y + 16);
		uint64_t snm, soff, ssz, salign, align;
		const char *space;
		int nobits;

		if ((y[4] & 0xf) != STT_OBJECT || !ndx || ndx >= shnum || !size || name >= strsz)
			continue;
		nm = p + stroff + name;
		if (!memchr(nm, 0, strsz - name) || !*nm)
			continue;
		ysh = p + shoff + ndx * 64;
		snm = rd32(ysh), soff = rd64(ysh + 0x18), ssz = rd64(ysh + 0x20), salign = rd64(ysh + 0x30);
		nobits = rd32(ysh + 4) == SHT_NOBITS;
		if (snm >= shstrsz || !memchr(p + shstroff + snm, 0, shstrsz - snm))
			continue;
		const char *secname = (const char *)p + shstroff + snm;
		if (!strcmp(secname, ".nv.global"))
			space = ".global";
		else if (!strcmp(secname, ".nv.global.init"))
			space = ".global";
		else if (!strncmp(secname, ".nv.constant", 12) && strcmp(secname, ".nv.constant0"))
			space = ".const";
		else
			continue;
		/* the object inside its section, and its bytes inside the image;
		 * an initial value that holds an address is a relocation the
		 * driver applies at load, which the declaration would hold as
		 * zeros; a name that is no identifier would declare something else */
		if (!inside(val, size, ssz) || size > IMG_MAX || (!nobits && !inside(soff, ssz, len)))
			r = fail(rp, CUDA_ERROR_INVALID_IMAGE, "cubin object %.64s (%llu bytes at %llu) lies "
			    "outside its section %.32s", (const char *)nm, (unsigned long long)size,
			    (unsigned long long)val, secname);
		else if (!nobits && relocated(rel, nrel, ndx, val, size))
			r = fail(rp, CUDA_ERROR_NOT_SUPPORTED, "cubin object %.64s is initialised with an "
			    "address (a relocation), which the interpreter does not apply", (const char *)nm);
		else if (!identifier(nm))
			r = fail(rp, CUDA_ERROR_INVALID_IMAGE, "cubin object name %.64s is not a PTX "
			    "identifier", (const char *)nm);
		/* Objects that do not overlap hold at most the image's bytes;
		 * each symbol may name any of them, so without this bound the
		 * text (four bytes for each of an initial value's) grew with
		 * the symbols times the section, an image of 62 KB making 270 MB. */
		else if (!nobits && (inits += size) > len)
			r = fail(rp, CUDA_ERROR_INVALID_IMAGE, "cubin objects' initial values come to more "
			    "than the image's %llu bytes (object %.64s overlaps another)",
			    (unsigned long long)len, (const char *)nm);
		if (r)
			break;
		/* the alignment: the section's, as far as the object's offset keeps it */
		for (align = 1; align < 256 && align < salign && !(val & align); align <<= 1)
			;
		fprintf(f, "%s%s .align %llu .b8 %s[%llu]", (y[4] >> 4) == STB_LOCAL ? "" : ".visible ", space,
		    (unsigned long long)align, (const char *)nm, (unsigned long long)size);
		if (!nobits) {
			const unsigned char *b = p + soff + val;
			fputs(" = {", f);
			for (uint64_t i = 0; i < size; i++)
				fprintf(f, "%s%u", i ? (i % 32 ? ", " : ",\n\t") : "", b[i]);
			fputs("}", f);
		}
		fputs(";\n", f);
		any = 1;
	}
	free(rel);
	if (fclose(f) || !text) {
		free(text);
		return r ? r : CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (r || !any) {
		free(text);
		text = NULL;
	}
	*out = text;
	return r;
}

/* The PTX of a cubin: its .nv_debug_ptx_txt, lines as NUL-ended strings;
 * or, for one of data alone, declarations of its data (cubin_data_ptx). */
static CUresult
cubin_ptx(const Rep *rp, const unsigned char *p, uint64_t len, char **out)
{
	uint64_t n;
	const unsigned char *s = elf_section(p, len, ".nv_debug_ptx_txt", &n);
	unsigned sm = (unsigned)(rd32(p + 0x30) >> 8 & 0xff);
	char *t, arch[16] = "";

	/* machine code for another GPU the driver refuses before it looks
	 * inside, even where the PTX is kept (tests/shim/lazylib.gpu) */
	if (sm >= 20 && sm < 200 && sm != SHIM_SM)
		return fail(rp, CUDA_ERROR_NO_BINARY_FOR_GPU, "the cubin is for sm_%u; the device is an sm_%d",
		    sm, SHIM_SM);
	if (!s) {
		if (!elf_section_prefix(p, len, ".text.")) {
			CUresult r = cubin_data_ptx(rp, p, len, out);
			if (r || *out)
				return r;
			return fail(rp, CUDA_ERROR_UNKNOWN, "the cubin holds no code (no .text section)");
		}
		if (sm >= 20 && sm < 200)
			snprintf(arch, sizeof arch, " sm_%u", sm);
		return fail(rp, CUDA_ERROR_NO_BINARY_FOR_GPU, "the%s cubin holds machine code only, "
		    "which the interpreter cannot run: build it with -lineinfo (which keeps the PTX "
		    "in it), or load a fatbin with PTX (-gencode arch=compute_90,code=compute_90) "
		    "or the PTX itself", arch);
	}
	if (!(t = malloc(n + 1)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (uint64_t i = 0; i < n; i++)
		t[i] = s[i] ? (char)s[i] : '\n';
	t[n] = 0;
	*out = t;
	return CUDA_SUCCESS;
}

/* The PTX of an ELF image: a cubin's own, or that of the fatbins of a host
 * object's .nv_fatbin (else __nv_relfatbin), one text per fatbin. */
static CUresult
elf_ptx(const Rep *rp, const unsigned char *p, uint64_t len, int type, char ***texts, int *ntexts)
{
	static const char *const secs[] = {".nv_fatbin", "__nv_relfatbin"};
	CUresult r;
	uint64_t n;
	char *t;

	/* A cubin whose header or sections cannot be read, or that holds no
	 * code, an H200's driver refuses as CUDA_ERROR_UNKNOWN; an ELF image of
	 * another machine without a fatbin as no image (tests/shim/edges.gpu,
	 * hostile.gpu) */
	int cuda = len >= 0x14 && rd16(p + 0x12) == EM_CUDA;   /* e_machine, when the bytes hold it */
	if (!(len = elf_extent(rp, p, len, &r)))
		return cuda && r == CUDA_ERROR_INVALID_IMAGE ? CUDA_ERROR_UNKNOWN : r;
	if (rd16(p + 0x12) == EM_CUDA) {
		if (type == CU_JIT_INPUT_OBJECT)
			return fail(rp, CUDA_ERROR_INVALID_IMAGE, "a cubin given as a host object");
		if ((r = cubin_ptx(rp, p, len, &t)))
			return r;
		return push(texts, ntexts, t);
	}
	if (type == CU_JIT_INPUT_CUBIN)
		return fail(rp, CUDA_ERROR_INVALID_IMAGE, "ELF image is not a cubin (machine %u)",
		    (unsigned)rd16(p + 0x12));
	/* each section tried quietly; then one reason reported: a missing
	 * decompressor's, else the first section's */
	int pick = -1;
	CUresult pickr = CUDA_SUCCESS;
	const unsigned char *s;
	Rep quiet = *rp;
	quiet.quiet = 1;
	for (int i = 0; i < 2; i++) {
		if (!(s = elf_section(p, len, secs[i], &n)))
			continue;
		if ((r = fatbin_ptx(&quiet, s, n, 1, texts, ntexts)) == CUDA_SUCCESS ||
		    r == CUDA_ERROR_OUT_OF_MEMORY)
			return r;
		if (pick < 0 || (r == CUDA_ERROR_NOT_SUPPORTED && pickr != r))
			pick = i, pickr = r;
	}
	if (pick >= 0) {
		s = elf_section(p, len, secs[pick], &n);
		return fatbin_ptx(rp, s, n, 1, texts, ntexts);
	}
	return fail(rp, CUDA_ERROR_INVALID_IMAGE, "the ELF image holds no fatbin (no .nv_fatbin "
	    "or __nv_relfatbin section)");
}

/* ---------------------------------------------------------------- fatbin */

/* Whether entry a is a better PTX for the interpreter than b. */
static int
better(const Entry *a, const Entry *b)
{
	if (a->arch != b->arch)
		return a->arch > b->arch;
	return (a->flags & F_ARCH) && !(b->flags & F_ARCH);
}

/* The text of PTX entry e, decompressed, into *out (malloc'd). */
static CUresult
entry_text(const Rep *rp, const Entry *e, char **out)
{
	unsigned char *buf;
	size_t n;
	CUresult r;

	if ((r = unpack(rp, e, &buf, &n)))
		return r;
	*out = text_of(buf, n);
	free(buf);
	return *out ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

/* The text of PTX entry e standing for sm_90 machine code (the comment
 * at the top says why), into *out: its .version made one the front end
 * reads, as the toolchain stand-ins' images say it (jit_image.c: the
 * driver would run the machine code, not JIT the text), and SHIM_STANDIN
 * after it, which lets the loader take its later .target (shim_mod.c).
 * Said once a process on stderr, since results that depend on the
 * architecture (a library's tuning, the order of a reduction) follow the
 * PTX's, not sm_90's. */
static CUresult
stand_in(const Rep *rp, const Entry *e, char **out)
{
	static int said;
	size_t k;
	char *t;
	CUresult r;

	if ((r = entry_text(rp, e, &t)))
		return r;
	k = strlen(t);
	if (!(*out = realloc(t, k + sizeof SHIM_STANDIN))) {
		free(t);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	jit_lower_version(*out, k);
	memcpy(*out + k, SHIM_STANDIN, sizeof SHIM_STANDIN);
	/* the device runtime's is left out of the link (drop_devrt): no note */
	if (!strstr(*out, DEVRT_CALL) && !said++)
		fprintf(stderr, "libptxcuda: %s has sm_90 machine code and PTX for compute_%u and later only: "
		    "its compute_%u PTX stands in for the machine code (what depends on the architecture "
		    "follows compute_%u)\n", rp->name, e->arch, e->arch, e->arch);
	return CUDA_SUCCESS;
}

/* The PTX of one fatbin at p, len bytes readable (UINT64_MAX: unknown),
 * into *out; *used: the bytes it spans. */
static CUresult
fatbin_one(const Rep *rp, const unsigned char *p, uint64_t len, char **out, uint64_t *used)
{
	uint64_t hs, fs, end, q;
	Entry best = {0}, elf[8], later = {0};   /* later: the nearest PTX past the device's */
	int nptx = 0, nelf = 0, sass = 0;
	unsigned hiptx = 0, hielf = 0;
	unsigned char *buf;
	size_t n;
	CUresult r;

	/* a section's next fatbin is looked for past *used, so it is set
	 * before any failure: the header at least, however short it declares
	 * itself (else the scan read an unset *used, and stood still on 0) */
	*used = 16;
	if (len < 16)
		return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin of %llu bytes is shorter than its "
		    "header", (unsigned long long)len);
	hs = rd16(p + 6), fs = rd64(p + 8);
	/* an H200's driver refuses another version as no image, and finds
	 * nothing to run past a header shorter than one (tests/shim/edges.gpu) */
	if (rd16(p + 4) != 1)
		return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin of version %u (only 1 is known)",
		    (unsigned)rd16(p + 4));
	if (hs < 16)
		return fail(rp, CUDA_ERROR_NO_BINARY_FOR_GPU, "fatbin header of %llu bytes: no entries",
		    (unsigned long long)hs);
	if (fs > IMG_MAX)
		return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin header declares %llu + %llu bytes",
		    (unsigned long long)hs, (unsigned long long)fs);
	end = hs + fs;
	if (len != UINT64_MAX && end > len)
		return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin declares %llu bytes, %llu given "
		    "(truncated?)", (unsigned long long)end, (unsigned long long)len);
	*used = end;
	for (q = hs; q < end; ) {
		const unsigned char *h = p + q;
		uint64_t ehs, psz;
		Entry e;
		if (!inside(q, 64, end))
			return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin entry at %llu runs past its "
			    "end (%llu)", (unsigned long long)q, (unsigned long long)end);
		ehs = rd32(h + 4), psz = rd64(h + 8);
		/* a header shorter than one puts the payload inside it: the driver
		 * compiles that as PTX, and fails (tests/shim/edges.gpu, hostile.gpu) */
		if (ehs < 64 && rd16(h) == K_PTX && inside(q, 64, end))
			return fail(rp, CUDA_ERROR_INVALID_PTX, "fatbin entry at %llu: a header of %llu bytes "
			    "(its payload would be the header)", (unsigned long long)q, (unsigned long long)ehs);
		if (ehs < 64 || !inside(q + ehs, psz, end) || !inside(q, ehs, end))
			return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin entry at %llu (header %llu, "
			    "payload %llu bytes) runs past its end (%llu)", (unsigned long long)q,
			    (unsigned long long)ehs, (unsigned long long)psz, (unsigned long long)end);
		e.kind = rd16(h), e.arch = rd32(h + 28), e.flags = rd64(h + 40), e.usize = rd64(h + 56);
		e.pay = h + ehs, e.n = psz;
		if (e.flags & (F_LZ4 | F_ZSTD)) {
			e.n = rd32(h + 16);
			if (e.n > psz)
				return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin entry at %llu: %llu "
				    "compressed bytes in a payload of %llu", (unsigned long long)q,
				    (unsigned long long)e.n, (unsigned long long)psz);
		}
		if (e.kind == K_PTX) {
			hiptx = e.arch > hiptx ? e.arch : hiptx;
			if (e.arch <= SHIM_SM && (!nptx++ || better(&e, &best)))
				best = e;
			else if (e.arch > SHIM_SM && !(e.flags & (F_ARCH | F_FAMILY)) &&
			    (!later.arch || e.arch < later.arch))
				later = e;
		} else if (e.kind == K_ELF) {
			hielf = e.arch > hielf ? e.arch : hielf;
			sass |= e.arch == SHIM_SM;
			if (e.arch <= SHIM_SM && nelf < 8)
				elf[nelf++] = e;
		}
		q += ehs + psz;
	}
	if (nptx) {
		if (!best.arch)   /* the driver's JIT fails on it (tests/shim/edges.gpu) */
			return fail(rp, CUDA_ERROR_UNKNOWN, "the fatbin's PTX is for compute_0");
		return entry_text(rp, &best, out);
	}
	/* machine code alone: a cubin built with -lineinfo still has PTX */
	for (int i = 0; i < nelf; i++) {
		Rep quiet = { rp->name, NULL, 0, 1 };
		uint64_t ext;
		if ((r = unpack(rp, &elf[i], &buf, &n)))
			return r;
		r = CUDA_ERROR_INVALID_IMAGE;
		if (n < 4 || memcmp(buf, "\177ELF", 4)) {   /* refused as an H200's driver refuses it */
			free(buf);
			return fail(rp, CUDA_ERROR_INVALID_IMAGE, "fatbin entry for sm_%u is no ELF image",
			    elf[i].arch);
		}
		if (n >= 64 && rd16(buf + 0x12) == EM_CUDA && (ext = elf_extent(&quiet, buf, n, &r)))
			r = cubin_ptx(&quiet, buf, ext, out);
		free(buf);
		if (r != CUDA_ERROR_NO_BINARY_FOR_GPU && r != CUDA_ERROR_INVALID_IMAGE)
			return r;
	}
	if (sass && later.arch)
		return stand_in(rp, &later, out);
	if (hiptx)
		return fail(rp, CUDA_ERROR_NO_BINARY_FOR_GPU, "the fatbin's PTX is for compute_%u and "
		    "later only; the interpreter is an sm_%d: build with -gencode "
		    "arch=compute_%d,code=compute_%d", hiptx, SHIM_SM, SHIM_SM, SHIM_SM);
	if (hielf)
		return fail(rp, CUDA_ERROR_NO_BINARY_FOR_GPU, "the fatbin holds machine code only (up "
		    "to sm_%u), which the interpreter cannot run: build it with PTX too, -gencode "
		    "arch=compute_%d,code=[compute_%d,sm_%d]", hielf, SHIM_SM, SHIM_SM, SHIM_SM);
	return fail(rp, CUDA_ERROR_NO_BINARY_FOR_GPU, "the fatbin holds no PTX or cubin");
}

/* The PTX of the fatbin at p (many: of each fatbin of a section that holds
 * several, 8-byte aligned, padding between them), added to the texts.  In
 * a section, a fatbin without PTX for the interpreter (cudart's own, a
 * translation unit without kernels) is passed over; with none at all, the
 * first one's reason is the answer (the first that needs a decompressor
 * libptxcuda lacks, if one does). */
static CUresult
fatbin_ptx(const Rep *rp, const unsigned char *p, uint64_t len, int many, char ***texts,
           int *ntexts)
{
	Rep quiet = *rp;
	uint64_t at = 0, firstat = 0, used;
	int found = 0, n0 = *ntexts;
	CUresult r, first = CUDA_SUCCESS;
	char *t;

	if (!many)
		return (r = fatbin_one(rp, p, len, &t, &used)) ? r : push(texts, ntexts, t);
	quiet.quiet = 1;
	while (at < len && len - at >= 16) {
		if (rd32(p + at) != FATBIN_MAGIC) {
			at += 8;
			continue;
		}
		r = fatbin_one(&quiet, p + at, len - at, &t, &used);
		if (!r && !(r = push(texts, ntexts, t)))
			found++;
		else if (r == CUDA_ERROR_OUT_OF_MEMORY || r == CUDA_ERROR_INVALID_IMAGE) {
			while (*ntexts > n0)
				free((*texts)[--*ntexts]);
			/* run again to report it */
			return r == CUDA_ERROR_INVALID_IMAGE ? fatbin_one(rp, p + at, len - at, &t, &used) : r;
		} else if (!first || (r == CUDA_ERROR_NOT_SUPPORTED && first != r))
			first = r, firstat = at;   /* a missing decompressor says more */
		at += (used + 7) & ~(uint64_t)7;
	}
	if (found)
		return CUDA_SUCCESS;
	if (first)
		return fatbin_one(rp, p + firstat, len - firstat, &t, &used);
	return fail(rp, CUDA_ERROR_NO_BINARY_FOR_GPU, "the section holds no fatbin");
}

/*
 * A version 2 wrapper is what cudart registers for a program built with
 * -rdc: its fatbin holds the device code nvlink linked (nothing when it
 * linked PTX only, which is left to the driver), and its fourth word a
 * NULL-ended array of the fatbins to link at load time, one per
 * translation unit and per object taken from libcudadevrt.a.  The linked
 * fatbin's PTX is used when it has one; else the PTX of the array's
 * fatbins, linked.  A member with machine code only is left out: the
 * device runtime's objects were such before CUDA 13 (its PTX, since, is
 * left out by drop_devrt), and the interpreter has a device runtime of its
 * own (interp/cdp.c); if a program's own code is, the link reports what is
 * missing.
 */
#define MAXPRELINKED 4096

static CUresult
prelinked_ptx(const Rep *rp, const unsigned char *data, const void *const *pre, char ***texts,
              int *ntexts)
{
	Rep quiet = *rp;
	uint64_t used;
	CUresult r;
	char *t;

	quiet.quiet = 1;
	if (!fatbin_one(&quiet, data, UINT64_MAX, &t, &used))
		return push(texts, ntexts, t);
	for (int i = 0; i < MAXPRELINKED && pre[i]; i++) {
		if (rd32(pre[i]) != FATBIN_MAGIC)
			return fail(rp, CUDA_ERROR_INVALID_IMAGE, "member %d of the -rdc fatbins is no "
			    "fatbin", i);
		r = fatbin_one(&quiet, pre[i], UINT64_MAX, &t, &used);
		if (r == CUDA_ERROR_NO_BINARY_FOR_GPU)
			continue;
		if (r)
			return fatbin_one(rp, pre[i], UINT64_MAX, &t, &used);   /* reported */
		if ((r = push(texts, ntexts, t)))
			return r;
	}
	if (*ntexts)
		return CUDA_SUCCESS;
	return fatbin_one(rp, data, UINT64_MAX, &t, &used);   /* the linked fatbin's reason */
}

/*
 * CUDA 13's libcudadevrt.a carries PTX (for compute_121) beside its
 * machine code, which nvlink's -rdc fatbins and nvJitLink's outputs take
 * in with the program's own: its cuda* entry points are wrappers of the
 * driver's device-side layer (the __cuda_syscall_cnpv2* functions, which
 * ptxas reserves and the driver alone provides).  The interpreter brings
 * the device runtime's entry points itself (interp/cdp.c), so that text
 * is left out of a link of several; the program's calls then reach the
 * interpreter's.  The text is known by that layer's launch call, which
 * nothing but the device runtime declares.
 */
static void
drop_devrt(char **texts, int *n)
{
	int k = 0;

	for (int i = 0; i < *n; i++) {
		if (*n - (i - k) > 1 && strstr(texts[i], DEVRT_CALL)) {
			free(texts[i]);
			continue;
		}
		texts[k++] = texts[i];
	}
	*n = k;
}

/* ---------------------------------------------------------------- entry */

CUresult
shim_image_ptx(char **ptx, const void *image, size_t size, int type, const char *name,
               char *log, size_t cap)
{
	Rep rp = { name, log, cap, 0 };
	const unsigned char *p = image;
	uint64_t len = size == SHIM_NOLEN ? UINT64_MAX : size;
	const void *const *pre;
	char **texts = NULL;
	int n = 0;
	CUresult r;

	*ptx = NULL;
	if (!shim_is_image(p, size)) {
		if (type != -1 && type != CU_JIT_INPUT_PTX)
			return fail(&rp, CUDA_ERROR_INVALID_IMAGE, "not a %s image",
			    type == CU_JIT_INPUT_CUBIN ? "cubin" : type == CU_JIT_INPUT_FATBINARY ?
			    "fatbin" : "host object");
		*ptx = text_of(p, size == SHIM_NOLEN ? strlen(image) : size);
		return *ptx ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
	}
	/* an H200's driver links a fatbin or cubin given as PTX as what its
	 * magic says (CuPy hands NVRTC's -rdc cubin to cuLinkAddData so) */
	if (type == CU_JIT_INPUT_PTX)
		type = -1;
	if (len < 16)
		return fail(&rp, CUDA_ERROR_INVALID_IMAGE, "image of %llu bytes is too short",
		    (unsigned long long)len);
	switch (rd32(p)) {
	case WRAPPER_MAGIC: {
		/* a pointer into the process that made it, so only ever in memory */
		const void *data;
		if (size != SHIM_NOLEN)
			return fail(&rp, CUDA_ERROR_INVALID_IMAGE, "a fatbin wrapper outside the process "
			    "that made it: its pointer leads nowhere");
		memcpy(&data, p + 8, sizeof data);
		if (!data || rd32(data) != FATBIN_MAGIC)
			return fail(&rp, CUDA_ERROR_INVALID_IMAGE, "fatbin wrapper (version %u) does not "
			    "point to a fatbin", (unsigned)rd32(p + 4));
		memcpy(&pre, p + 16, sizeof pre);
		if (rd32(p + 4) == 2 && pre) {
			r = prelinked_ptx(&rp, data, pre, &texts, &n);
			break;
		}
		r = fatbin_ptx(&rp, data, UINT64_MAX, 0, &texts, &n);
		break;
	}
	case FATBIN_MAGIC:
		if (type != -1 && type != CU_JIT_INPUT_FATBINARY)
			return fail(&rp, CUDA_ERROR_INVALID_IMAGE, "a fatbin given as a %s",
			    type == CU_JIT_INPUT_CUBIN ? "cubin" : "host object");
		r = fatbin_ptx(&rp, p, len, 0, &texts, &n);
		break;
	default:
		if (type == CU_JIT_INPUT_FATBINARY)
			return fail(&rp, CUDA_ERROR_INVALID_IMAGE, "an ELF image given as a fatbin");
		r = elf_ptx(&rp, p, len, type, &texts, &n);
	}
	if (!r)
		drop_devrt(texts, &n);
	if (!r && n == 1) {
		*ptx = texts[0];
		n = 0;
	} else if (!r) {
		size_t tlen;
		if ((r = shim_link_text(texts, NULL, n, ptx, &tlen)) == CUDA_ERROR_INVALID_VALUE)
			r = fail(&rp, CUDA_ERROR_INVALID_IMAGE, "its translation units' PTX cannot be "
			    "put together");
	}
	for (int i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	return r;
}

/* Whether p starts with one of the magic numbers.  Compares a byte at a
 * time and stops at the first difference: no magic holds a 0 byte, so a
 * short NUL-terminated text is never read past its end. */
int
shim_is_image(const void *image, size_t size)
{
	static const unsigned char magic[3][4] = {
		{0x7f, 'E', 'L', 'F'},
		{0x50, 0xed, 0x55, 0xba},   /* fatbin: 0xba55ed50 */
		{0xb1, 0x43, 0x62, 0x46},   /* fatbin wrapper: 0x466243b1 */
	};
	const unsigned char *p = image;

	for (int m = 0; m < 3; m++) {
		size_t i = 0;
		while (i < 4 && i < size && p[i] == magic[m][i])
			i++;
		if (i == 4)
			return 1;
	}
	return 0;
}

/* Whether a library of image is refused when it is loaded, before any of
 * its code is needed: the driver loads a library lazily (shim_lib.c), yet
 * looks into a fatbin's machine-code entries at once, and an H200's driver
 * refused a fatbin whose ELF entry for the device is no ELF image then
 * (CUDA_ERROR_INVALID_IMAGE, tests/shim/edges.gpu).  Uncompressed entries
 * only; what does not parse is left to the load. */
int
shim_image_early(const void *image, size_t size)
{
	const unsigned char *p = image;
	uint64_t len = size == SHIM_NOLEN ? UINT64_MAX : size, end, q;

	/* a text given without a length may end before 4 bytes: its magic
	 * is compared a byte at a time first */
	if (!shim_is_image(p, size) || len < 16 || rd32(p) != FATBIN_MAGIC || rd16(p + 4) != 1 ||
	    rd16(p + 6) < 16 || rd64(p + 8) > IMG_MAX || (end = rd16(p + 6) + rd64(p + 8)) > len)
		return 0;
	for (q = rd16(p + 6); inside(q, 64, end); ) {
		const unsigned char *h = p + q;
		uint64_t ehs = rd32(h + 4), psz = rd64(h + 8);
		if (ehs < 64 || !inside(q + ehs, psz, end))
			return 0;
		if (rd16(h) == K_ELF && rd32(h + 28) == SHIM_SM && !(rd64(h + 40) & (F_LZ4 | F_ZSTD)) &&
		    (psz < 4 || memcmp(h + ehs, "\177ELF", 4)))
			return 1;
		q += ehs + psz;
	}
	return 0;
}
