#!/bin/sh
# bench/allocs.sh -- `make bench`, fourth part: what an allocation, a free, a
# lookup and a launch cost on libptxcuda as the live allocations grow
# (bench/allocs.c says how it measures).  Builds the program against the
# toolkit's cuda.h and runs it with the shim as libcuda.so.1; skipped
# without cuda.h.
#
#	sh bench/allocs.sh [N...]	(from the build directory)
set -eu
src=$(cd "${srcdir:-.}" && pwd)
shim=$(pwd)/${PTX_CUDA_SHIM:-cuda/.libs/libptxcuda.so}
inc=
for i in ${CUDA_HOME:+$CUDA_HOME/include} /usr/local/cuda/include /usr/include; do
	[ -f "$i/cuda.h" ] && { inc=$i; break; }
done
if [ -z "$inc" ] || [ ! -f "$shim" ]; then
	echo "allocs: no cuda.h or no shim; skipped"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/ptxallocs.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
ln -s "$shim" "$work/libcuda.so.1"
ln -s libcuda.so.1 "$work/libcuda.so"
ln -s libcuda.so.1 "$work/libptxcuda.so"   # the soname, when linked against the shim
${CC:-cc} -std=c11 -O2 -I"$inc" "$src/bench/allocs.c" -o "$work/allocs" -L"$work" -lcuda
LD_LIBRARY_PATH=$work:$(pwd)/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$work/allocs" "$@"
