#!/bin/sh
# nvcc -- the toolkit's nvcc, with --cubin (what pycuda's SourceModule
# runs: nvcc --cubin -arch sm_NN [options] kernel.cu) made into --ptx and
# libptxcuda's ptxas, so the ".cubin" written carries the PTX, which
# libptxcuda runs.  Every other command goes to nvcc unchanged.
#
# The toolkit's nvcc: $PTXKIT_NVCC, else the first nvcc on PATH that is not
# this script, else $CUDA_HOME/bin/nvcc, else
# /usr/local/cuda/bin/nvcc.  Exit status: nvcc's, or ptxas's.

here=$(cd "$(dirname "$0")" && pwd)
real=${PTXKIT_NVCC:-}
if [ -z "$real" ]; then
	oldifs=$IFS
	IFS=:
	for d in $PATH; do
		[ -n "$d" ] && [ -x "$d/nvcc" ] || continue
		[ "$(cd "$d" && pwd)" = "$here" ] && continue
		real=$d/nvcc
		break
	done
	IFS=$oldifs
fi
[ -n "$real" ] || real=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
if [ ! -x "$real" ]; then
	echo "nvcc: libptxcuda's wrapper found no CUDA toolkit nvcc (set PTXKIT_NVCC)" >&2
	exit 127
fi

cubin=0
for a in "$@"; do
	case $a in --cubin|-cubin) cubin=1 ;; esac
done
[ $cubin -eq 1 ] || exec "$real" "$@"

# Rebuild the arguments: --cubin becomes --ptx, the output goes to a
# temporary PTX file; note the output, the input and the architecture
# (-arch, or the code= of -gencode arch=compute_NN,code=sm_NN, as CuPy
# writes it).
gencode() {
	case $1 in
	*code=sm_*) arch=sm_${1##*code=sm_}; arch=${arch%%[,\]]*} ;;
	*code=compute_*) arch=compute_${1##*code=compute_}; arch=${arch%%[,\]]*} ;;
	esac
}
out= in= arch= prev=
n=$#
i=0
while [ $i -lt $n ]; do
	a=$1
	shift
	i=$((i + 1))
	case $prev in
	-o|--output-file) out=$a; prev=; continue ;;
	-arch|--gpu-architecture) arch=$a ;;
	-gencode|--generate-code) gencode "$a" ;;
	esac
	prev=
	case $a in
	--cubin|-cubin) set -- "$@" --ptx ;;
	-o|--output-file) prev=$a ;;
	-o=*|--output-file=*) out=${a#*=} ;;
	-arch|--gpu-architecture) prev=$a; set -- "$@" "$a" ;;
	-arch=*|--gpu-architecture=*) arch=${a#*=}; set -- "$@" "$a" ;;
	-gencode=*|--generate-code=*) gencode "${a#*=}"; set -- "$@" "$a" ;;
	-*) set -- "$@" "$a"; prev=$a ;;
	*.cu|*.c|*.cc|*.cpp|*.cxx|*.gpu|*.ptx) in=$a; set -- "$@" "$a" ;;
	*) set -- "$@" "$a" ;;
	esac
done
if [ -z "$out" ]; then
	[ -n "$in" ] || { echo "nvcc: --cubin with no input file" >&2; exit 1; }
	b=$(basename "$in")
	out=${b%.*}.cubin
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ptxkit-nvcc.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$real" "$@" -o "$tmp/k.ptx" || exit $?
case $arch in
sm_*|compute_*) set -- "-arch=sm_${arch#*_}" ;;
*) set -- ;;
esac
"$here/ptxas" "$@" -o "$out" "$tmp/k.ptx"
