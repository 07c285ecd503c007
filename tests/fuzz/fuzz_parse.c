/*
 * fuzz_parse.c — libFuzzer entry point for the front end.
 *
 * Each input is read as a PTX module; when it parses, the CFG, dominators
 * and SSA are built and the module is printed back and dumped, so that the
 * printer and the IR passes see every shape the parser lets through.
 * Nothing may crash, leak, hang or trip a sanitizer, whatever the bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "ir.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Diags *dg = diag_new("fuzz.ptx", (const char *)data, size);
	if (!dg)
		return 0;
	Module *m = parse_module("fuzz.ptx", (const char *)data, size, dg);
	if (m) {
		FILE *f = fopen("/dev/null", "w");
		if (ir_build(m, dg) == 0 && f) {
			ir_print_ptx(m, f);
			ir_dump_ssa(m, f);
			ir_dump_cfg(m, f);
		}
		if (f)
			fclose(f);
		ir_module_free(m);
	}
	FILE *f = fopen("/dev/null", "w");
	if (f) {
		diag_print(dg, f);
		fclose(f);
	}
	diag_free(dg);
	return 0;
}
