#!/bin/sh
# gen.sh -- regenerates the PTX of tests/run/cuda from its sources:
#   NAME.ptx        nvcc -arch=sm_90 -ptx -O3
#   NAME.fast.ptx   ... -use_fast_math
#   NAME.li.ptx     ... -lineinfo
#   NAME.G.ptx      nvcc -arch=sm_90 -ptx -G
#   NAME.ptx (.cl)  clang -O2 (OpenCL C) then llc -mcpu=sm_80 -mattr=+ptx70
# A source's "// variants: ..." line lists the builds it gets besides the
# plain one.  contract_cfg.ptx and stack_sr.ptx are written by hand.  The
# cases that run them are written by cases.py.
# Environment: NVCC, CLANG, LLC.
set -eu
cd "$(dirname "$0")"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CLANG=${CLANG:-clang}
LLC=${LLC:-llc}
nv() {  # src out flags...
	src=$1 out=$2
	shift 2
	"$NVCC" -std=c++17 -arch=sm_90 -ptx "$@" "$src" -o "$out.tmp"
	# no absolute paths in .file directives
	sed "s|\"$(pwd)/|\"|" "$out.tmp" > "$out"
	rm -f "$out.tmp"
	echo "  $out"
}
for src in *.cu; do
	n=${src%.cu}
	nv "$src" "$n.ptx" -O3
	for v in $(sed -n 's|^// variants: *||p' "$src"); do
		case $v in
		fast) nv "$src" "$n.fast.ptx" -O3 -use_fast_math ;;
		li) nv "$src" "$n.li.ptx" -O3 -lineinfo ;;
		G) nv "$src" "$n.G.ptx" -G ;;
		esac
	done
done
for src in *.cl; do
	n=${src%.cl}
	"$CLANG" -x cl -cl-std=CL2.0 -target nvptx64-nvidia-nvcl -Xclang -finclude-default-header \
		-Xclang -cl-ext=+cl_khr_fp16,+cl_khr_fp64 -I../../corpus/c -O2 -S -emit-llvm "$src" -o "$n.ll"
	"$LLC" -march=nvptx64 -mcpu=sm_80 -mattr=+ptx70 -O3 "$n.ll" -o "$n.ptx"
	rm -f "$n.ll"
	echo "  $n.ptx"
done
