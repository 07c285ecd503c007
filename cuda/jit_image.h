/*
 * jit_image.h -- the images the toolchain stand-ins (libnvJitLink, ptxas,
 * the nvcc --cubin wrapper) write in place of a cubin, so that what a
 * client hands back to the driver carries PTX, which libptxcuda runs:
 *
 *   one PTX text     a fatbin of one uncompressed PTX entry, laid out as
 *                    the toolkit's fatbinary writes it (shim_image.c reads
 *                    it as any fatbin)
 *   several inputs   a relocatable x86-64 ELF whose .nv_fatbin section
 *                    holds their fatbins one after another, 8-byte aligned:
 *                    what nvcc leaves in a host object, whose PTX the
 *                    loader links as cuLinkAddData would
 *
 * Also the few ELF and fatbin queries the stand-ins need to sort their
 * inputs.  Every reader takes the bytes' length and checks every offset
 * against it in 64-bit arithmetic.  Writers return malloc'd memory, NULL
 * when out of memory or past JIT_MAX.
 */
#ifndef PTXCUDA_JIT_IMAGE_H
#define PTXCUDA_JIT_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#define JIT_MAX ((uint64_t)1 << 30)   /* an input or an image, at most */
#define JIT_SM 90                     /* the interpreter's architecture */
#define JIT_PTX_ISA 90                /* the newest PTX ISA the front end reads (9.0) */

/* a fatbin of one PTX entry for compute_<arch> */
unsigned char *jit_fatbin_ptx(const char *ptx, size_t n, unsigned arch, size_t *len);
/* text's .version (n bytes), if past JIT_PTX_ISA, made JIT_PTX_ISA in place;
 * the version it says then, major << 16 | minor (0: none) */
uint32_t jit_lower_version(char *text, size_t n);
/* a fatbin of one ELF entry (a cubin) for sm_<arch> */
unsigned char *jit_fatbin_elf(const unsigned char *cubin, size_t n, unsigned arch, size_t *len);
/* the host ELF whose .nv_fatbin holds the fatbins fb[0..nfb) */
unsigned char *jit_host_elf(unsigned char *const *fb, const size_t *fblen, int nfb, size_t *len);

/* The bytes of section name of the 64-bit little-endian ELF image p (n
 * bytes), or NULL; *sz its size. */
const unsigned char *jit_elf_section(const unsigned char *p, size_t n, const char *name, size_t *sz);
/* The bytes the fatbin at p declares (header and entries), 0 when p (n
 * readable) is not a well-formed fatbin; *ptx the lowest architecture of
 * its PTX entries (90 for compute_90), 0 when it has none. */
size_t jit_fatbin_size(const unsigned char *p, size_t n, int *ptx);

#endif
