#!/bin/sh
# tests/isa/sfu/check.sh -- builds check.cu against the interpreter's ALU
# sources and runs it (needs nvcc and an sm_90 GPU).
# Usage: check.sh [SRCROOT]   (SRCROOT holds interp/ and ir/; default: the checkout)
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=${1:-$here/../../..}
b=$(mktemp -d)
cd "$b"
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -c -I"$root/interp" -I"$root/ir" -I"$here" "$here/model.c" \
	"$root/interp/alu_float.c" "$root/interp/alu_cvt.c" "$root/interp/alu_math.c" \
	"$root/interp/alu_sfu.c" "$root/interp/alu_sfu_tab.c" "$root/ir/ops.c"
nvcc -O2 -arch=sm_90 -Xcompiler -fopenmp -I"$here" "$here/check.cu" ./*.o -o check -lpthread
./check
