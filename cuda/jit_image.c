/*
 * jit_image.c -- fatbins and host-ELF containers written by the toolchain
 * stand-ins (jit_image.h says which and why), and the checked reads they
 * need of their inputs.
 *
 * A fatbin entry header, as fatbinary writes an uncompressed one: u16 kind
 * (1 PTX, 2 ELF), u16 0x0101, u32 header size (80), u64 payload size
 * (padded to 8, the text NUL-ended), u32 compressed size (0), u32 64,
 * u16 minor and u16 major (PTX ISA version; 0 for ELF), u32 arch, u32 name
 * offset and length (0), u64 flags (0x11: 64-bit addresses, Linux host),
 * u64 0, u64 uncompressed size (0: not compressed), u64 72.
 */
#include <stdlib.h>
#include <string.h>
#include "cuda/jit_image.h"

#define FATBIN_MAGIC 0xba55ed50u
#define ENTRY_HDR 80

static void
wr16(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8);
}

static void
wr32(unsigned char *p, uint32_t v)
{
	wr16(p, v & 0xffff), wr16(p + 2, v >> 16);
}

static void
wr64(unsigned char *p, uint64_t v)
{
	wr32(p, (uint32_t)v), wr32(p + 4, (uint32_t)(v >> 32));
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

static int
inside(uint64_t off, uint64_t n, uint64_t len)
{
	return off <= len && n <= len - off;
}

/* The PTX ISA version of a text's .version directive, major << 16 | minor;
 * 0 when it has none.  *at: where its digits start. */
static uint32_t
ptx_version(const char *t, size_t n, size_t *at)
{
	static const char key[] = ".version";
	size_t k = sizeof key - 1;

	for (size_t i = 0; i + k < n && i < 4096; i++) {
		unsigned maj = 0, min = 0;
		size_t j;
		if (memcmp(t + i, key, k))
			continue;
		for (j = i + k; j < n && (t[j] == ' ' || t[j] == '\t'); j++)
			;
		*at = j;
		for (; j < n && t[j] >= '0' && t[j] <= '9' && maj < 100; j++)
			maj = maj * 10 + (unsigned)(t[j] - '0');
		if (j < n && t[j] == '.')
			for (j++; j < n && t[j] >= '0' && t[j] <= '9' && min < 100; j++)
				min = min * 10 + (unsigned)(t[j] - '0');
		return maj << 16 | min;
	}
	return 0;
}

/* A fatbin of one entry: kind, payload p (n bytes, plus a NUL for text). */
static unsigned char *
fatbin_one(unsigned kind, const unsigned char *p, size_t n, unsigned arch, uint32_t ver,
           size_t *len)
{
	uint64_t pay = ((uint64_t)n + (kind == 1) + 7) & ~(uint64_t)7, total;
	unsigned char *b, *h;

	if (n > JIT_MAX)
		return NULL;
	total = 16 + ENTRY_HDR + pay;
	if (!(b = calloc(1, total)))
		return NULL;
	wr32(b, FATBIN_MAGIC);
	wr16(b + 4, 1);
	wr16(b + 6, 16);
	wr64(b + 8, ENTRY_HDR + pay);
	h = b + 16;
	wr16(h, kind);
	wr16(h + 2, 0x0101);
	wr32(h + 4, ENTRY_HDR);
	wr64(h + 8, pay);
	wr32(h + 20, 64);
	wr16(h + 24, ver & 0xffff);
	wr16(h + 26, ver >> 16);
	wr32(h + 28, arch);
	wr64(h + 40, 0x11);
	wr64(h + 64, 72);
	memcpy(h + ENTRY_HDR, p, n);
	*len = (size_t)total;
	return b;
}

/*
 * An image stands for the machine code a toolkit's own ptxas makes of PTX
 * of the toolkit's own ISA: a newer NVRTC, nvJitLink or nvcc than CUDA
 * 13.0 writes .version 9.1 and up (13.5's: 9.5), which an H200's driver
 * runs as the cubin it is, though its JIT would refuse the text.  So the
 * image's text says JIT_PTX_ISA (9.0), the newest the shim's front end
 * reads, where the PTX says more: the version's digits are overwritten in
 * place (blanks pad "10.0" to "9.0 "), and what the newer ISA adds that
 * the front end does not know is refused at load, naming it, as anything
 * it does not execute is.  PTX handed to the driver as text keeps its
 * .version, which the shim refuses as a 13.0 driver does.  The shim's
 * loader lowers so the PTX that stands for a fatbin's sm_90 machine code
 * (shim_image.c).
 */
uint32_t
jit_lower_version(char *t, size_t n)
{
	size_t at = 0, e;
	uint32_t ver = ptx_version(t, n, &at);

	for (e = at; ver && e < n && ((t[e] >= '0' && t[e] <= '9') || t[e] == '.'); e++)
		;   /* the version's digits: [at, e) */
	if (!ver || (ver >> 16) * 10 + ((ver & 0xffff) > 9 ? 9 : (ver & 0xffff)) <= JIT_PTX_ISA || e - at < 3)
		return ver;   /* "10": no room, refused as newer */
	t[at] = (char)('0' + JIT_PTX_ISA / 10), t[at + 1] = '.', t[at + 2] = (char)('0' + JIT_PTX_ISA % 10);
	memset(t + at + 3, ' ', e - at - 3);
	return (JIT_PTX_ISA / 10) << 16 | JIT_PTX_ISA % 10;
}

unsigned char *
jit_fatbin_ptx(const char *ptx, size_t n, unsigned arch, size_t *len)
{
	unsigned char *b = fatbin_one(1, (const unsigned char *)ptx, n, arch, 0, len), *h;
	uint32_t ver;

	if (b) {
		h = b + 16;
		ver = jit_lower_version((char *)h + ENTRY_HDR, n);
		wr16(h + 24, ver & 0xffff);
		wr16(h + 26, ver >> 16);
	}
	return b;
}

unsigned char *
jit_fatbin_elf(const unsigned char *cubin, size_t n, unsigned arch, size_t *len)
{
	return fatbin_one(2, cubin, n, arch, 0, len);
}

/*
 * The container: the ELF header, the section names, the fatbins (8-byte
 * aligned, as in a host object), then the section table of three entries
 * (null, .shstrtab, .nv_fatbin), last as ld writes it.
 */
unsigned char *
jit_host_elf(unsigned char *const *fb, const size_t *fblen, int nfb, size_t *len)
{
	static const char names[] = "\0.shstrtab\0.nv_fatbin";   /* offsets 1 and 11 */
	uint64_t data = 64 + sizeof names, at, size = 0, shoff, total;
	unsigned char *b, *sh;

	data = (data + 7) & ~(uint64_t)7;
	for (int i = 0; i < nfb; i++) {
		if (fblen[i] > JIT_MAX || size > JIT_MAX)
			return NULL;
		size = ((size + 7) & ~(uint64_t)7) + fblen[i];
	}
	shoff = (data + size + 7) & ~(uint64_t)7;
	total = shoff + 3 * 64;
	if (total > JIT_MAX || !(b = calloc(1, total)))
		return NULL;
	memcpy(b, "\177ELF", 4);
	b[4] = 2, b[5] = 1, b[6] = 1;             /* 64-bit, little-endian, version 1 */
	wr16(b + 0x10, 1);                        /* ET_REL */
	wr16(b + 0x12, 62);                       /* EM_X86_64 */
	wr32(b + 0x14, 1);
	wr64(b + 0x28, shoff);
	wr16(b + 0x34, 64);                       /* header size */
	wr16(b + 0x3a, 64);                       /* section header size */
	wr16(b + 0x3c, 3);
	wr16(b + 0x3e, 1);                        /* .shstrtab */
	memcpy(b + 64, names, sizeof names);
	at = data;
	for (int i = 0; i < nfb; i++) {
		at = (at + 7) & ~(uint64_t)7;
		memcpy(b + at, fb[i], fblen[i]);
		at += fblen[i];
	}
	sh = b + shoff + 64;
	wr32(sh, 1), wr32(sh + 4, 3);             /* SHT_STRTAB */
	wr64(sh + 0x18, 64), wr64(sh + 0x20, sizeof names), wr64(sh + 0x30, 1);
	sh += 64;
	wr32(sh, 11), wr32(sh + 4, 1);            /* SHT_PROGBITS */
	wr64(sh + 8, 2);                          /* SHF_ALLOC */
	wr64(sh + 0x18, data), wr64(sh + 0x20, size), wr64(sh + 0x30, 8);
	*len = (size_t)total;
	return b;
}

const unsigned char *
jit_elf_section(const unsigned char *p, size_t n, const char *name, size_t *sz)
{
	uint64_t shoff, shnum, stri, stroff, strsz, wn = strlen(name) + 1;

	if (n < 64 || memcmp(p, "\177ELF", 4) || p[4] != 2 || p[5] != 1)
		return NULL;
	shoff = rd64(p + 0x28), shnum = rd16(p + 0x3c), stri = rd16(p + 0x3e);
	if (rd16(p + 0x3a) != 64 || stri >= shnum || !inside(shoff, shnum * 64, n))
		return NULL;
	stroff = rd64(p + shoff + stri * 64 + 0x18), strsz = rd64(p + shoff + stri * 64 + 0x20);
	if (!inside(stroff, strsz, n))
		return NULL;
	for (uint64_t i = 1; i < shnum; i++) {
		const unsigned char *sh = p + shoff + i * 64;
		uint64_t nm = rd32(sh), off = rd64(sh + 0x18), size = rd64(sh + 0x20);
		if (rd32(sh + 4) == 8)                /* SHT_NOBITS */
			continue;
		if (nm < strsz && strsz - nm >= wn && !memcmp(p + stroff + nm, name, wn) &&
		    inside(off, size, n)) {
			*sz = (size_t)size;
			return p + off;
		}
	}
	return NULL;
}

size_t
jit_fatbin_size(const unsigned char *p, size_t n, int *ptx)
{
	uint64_t hs, end, q;

	*ptx = 0;
	if (n < 16 || rd32(p) != FATBIN_MAGIC)
		return 0;
	hs = rd16(p + 6), end = hs + rd64(p + 8);
	if (hs < 16 || rd64(p + 8) > JIT_MAX || end > n)
		return 0;
	for (q = hs; q < end; ) {
		uint64_t ehs, psz;
		if (!inside(q, 64, end))
			return 0;
		ehs = rd32(p + q + 4), psz = rd64(p + q + 8);
		if (ehs < 64 || !inside(q, ehs, end) || !inside(q + ehs, psz, end))
			return 0;
		if (rd16(p + q) == 1 && (!*ptx || rd32(p + q + 28) < (uint32_t)*ptx))
			*ptx = (int)(rd32(p + q + 28) & 0xffff);
		q += ehs + psz;
	}
	return (size_t)end;
}
