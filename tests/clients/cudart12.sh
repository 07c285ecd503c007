#!/bin/sh
# cudart12.sh -- programs of tests/cudart/ linked with CUDA 12's runtime
# (libcudart_static.a and libcudart.so.12 of PyPI's
# nvidia-cuda-runtime-cu12, installed into a virtual environment, never
# system-wide) run on libptxcuda: a CUDA 12 runtime asks the driver for
# what it asks (cuGetProcAddress versions, export tables), as CUDA 13's
# does in cudart.test.  The device code and host stubs are the local
# nvcc's (the cu12 nvcc wheel carries ptxas but no nvcc driver).
# Prints one line a program and "N passed, M failed".
#
#   cudart12.sh [-w WORKDIR]     (default: ./clients-work; the venv is
#                                 WORKDIR/cudart12, reused when there)
#
# Environment: PTX_CUDA_SHIM (default cuda/.libs/libptxcuda.so), NVCC,
# PYTHON (default python3).  Exit 0: all ran; 77: the wheel cannot be
# installed here (no network) or no nvcc; 1 otherwise.

here=$(cd "$(dirname "$0")" && pwd)
d=$here/../cudart
work=clients-work
while getopts w: o; do
	case $o in
	w) work=$OPTARG ;;
	*) exit 2 ;;
	esac
done
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

shim=${PTX_CUDA_SHIM:-cuda/.libs/libptxcuda.so}
[ -f "$shim" ] || { echo "cudart12.sh: no shim at $shim" >&2; exit 1; }
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || command -v "$nvcc" > /dev/null 2>&1 || { echo "SKIP: no nvcc"; exit 77; }
mkdir -p "$work" || exit 1
venv=$(cd "$work" && pwd)/cudart12
if [ ! -x "$venv/bin/pip" ] && ! "${PYTHON:-python3}" -m venv "$venv" > /dev/null 2>&1; then
	echo "SKIP: no venv"
	exit 77
fi
if ! "$venv/bin/pip" install -q nvidia-cuda-runtime-cu12 > "$work/cudart12.pip" 2>&1; then
	echo "SKIP: nvidia-cuda-runtime-cu12 cannot be installed here"
	exit 77
fi
rt=$("$venv/bin/python" -c 'import nvidia.cuda_runtime as m, os; print(os.path.join(list(m.__path__)[0], "lib"))')
if [ ! -f "$rt/libcudart_static.a" ] || [ ! -f "$rt/libcudart.so.12" ]; then
	echo "SKIP: the wheel has no libcudart_static.a or libcudart.so.12"
	exit 77
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/lib"
ln -s "$(cd "$(dirname "$shim")" && pwd)/$(basename "$shim")" "$tmp/lib/libcuda.so.1"
LD_LIBRARY_PATH=$tmp/lib:$rt${PTX_LIBDIR:+:$PTX_LIBDIR}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

for p in vector_add matmul streams graphs; do
	if ! "$nvcc" -arch=sm_90 -I"$d" -c -o "$tmp/$p.o" "$d/$p.cu" > "$tmp/$p.cc" 2>&1; then
		bad "$p: nvcc"
		tail -n 20 "$tmp/$p.cc"
		continue
	fi
	for kind in static shared; do
		if [ $kind = static ]; then
			set -- "$rt/libcudart_static.a" -ldl -lpthread -lrt
		else
			set -- "$rt/libcudart.so.12"
		fi
		if ! ${CXX:-c++} -o "$tmp/$p.$kind" "$tmp/$p.o" "$@" > "$tmp/$p.ld" 2>&1; then
			bad "$p ($kind cudart 12): link"
			tail -n 20 "$tmp/$p.ld"
			continue
		fi
		# the program must use CUDA 12's runtime, not another one found first
		if [ $kind = shared ] && ! ldd "$tmp/$p.$kind" | grep -q "libcudart.so.12 => $rt"; then
			bad "$p (shared cudart 12): not linked with $rt"
			continue
		fi
		if timeout 120 "$tmp/$p.$kind" > "$tmp/$p.out" 2>&1 && grep -q ' ok$' "$tmp/$p.out"; then
			ok "$p ($kind cudart 12)"
		else
			bad "$p ($kind cudart 12)"
			tail -n 20 "$tmp/$p.out"
		fi
	done
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
