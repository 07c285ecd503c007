#!/bin/sh
# run.sh -- NVIDIA's CUDA samples (github.com/NVIDIA/cuda-samples), built by
# the toolkit's nvcc as each sample's CMakeLists.txt builds it, for sm_90
# with its PTX, and run on whatever libcuda.so.1 the loader finds (make
# check-samples puts the shim first); each passes when it exits 0 and
# prints what it prints on a GPU when its own check of its results passes.
#
#   run.sh -s SAMPLES -w WORKDIR [-j JOBS] [-n] [NAME...]
#
#   -s   a cuda-samples tree (its Samples/ and Common/)
#   -w   where the samples are built and run (each in WORKDIR/NAME)
#   -j   parallel builds (default 2)
#   -n   run what an earlier run.sh built in WORKDIR, without building
#   NAME: samples of the list (default: all)
#
# The build follows the CMakeLists.txt without CMake: the sources of its
# add_executable, its CUDA:: libraries, the kernel it compiles to a fatbin
# or PTX file for the driver API to load, the toolkit headers it copies
# beside the program for NVRTC; nvcc -rdc=true (CUDA_SEPARABLE_COMPILATION)
# -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90
# (the machine code is not run: the shim runs the PTX).  A sample runs in
# WORKDIR/NAME, which links its folder's files (data/ included), so that
# the files it looks for beside it are found.
# Environment: PTX_CUDA_SHIM (libptxcuda.so, loaded as libcuda.so.1; unset:
# the loader's libcuda.so.1), PTX_NVRTC (the shim's libnvrtc.so.13,
# preloaded when set), NVCC (default nvcc on PATH, else
# /usr/local/cuda/bin/nvcc), SAMPLES_TIMEOUT (seconds per run, default 300).
# Prints one line per sample: NAME, its status (ok; FAIL: exit 0 without
# the line the list expects; EXIT n; TIMEOUT; BUILD: nvcc failed), the
# seconds it ran.  Exit 0 when every one is ok, 77 without nvcc, 1 else.

here=$(cd "$(dirname "$0")" && pwd)
smp='' work='' jobs=2 nobuild=''
while getopts s:w:j:n o; do
	case $o in
	s) smp=$OPTARG ;; w) work=$OPTARG ;; j) jobs=$OPTARG ;;
	n) nobuild=1 ;; *) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ -z "$smp" ] || [ ! -d "$smp/Samples" ] || [ ! -d "$smp/Common" ] || [ -z "$work" ]; then
	echo "usage: run.sh -s SAMPLES -w WORKDIR [-j JOBS] [-n] [NAME...]" >&2
	exit 2
fi
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || { echo "SKIP: no nvcc"; exit 77; }
smp=$(cd "$smp" && pwd)
mkdir -p "$work" || exit 1
work=$(cd "$work" && pwd)
tk=$(cd "$(dirname "$nvcc")/.." && pwd)
arch="-gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90"

list() {
	grep -v '^#' "$here/list" | while IFS='|' read -r name dir args want; do
		[ -n "$name" ] || continue
		if [ $# -gt 0 ]; then
			case " $* " in *" $name "*) ;; *) continue ;; esac
		fi
		echo "$name|$dir|$args|$want"
	done
}

# build NAME DIR: the sample's program in $work/NAME, as its CMakeLists says
build() {
	sd=$smp/Samples/$2
	cm=$sd/CMakeLists.txt
	w=$work/$1
	rm -rf "$w"
	mkdir -p "$w" || return 1
	for f in "$sd"/*; do
		ln -s "$f" "$w/"
	done
	# the toolkit's headers a sample copies beside itself for NVRTC
	for h in $(grep -o 'CUDA_INCLUDE_DIR}/[A-Za-z_/.]*' "$cm"); do
		h=${h#CUDA_INCLUDE_DIR\}/}
		ln -s "$tk/include/$h" "$w/$(basename "$h")"
	done
	libs=
	for l in $(grep -o 'CUDA::[A-Za-z_]*' "$cm" | sort -u); do
		case $l in
		CUDA::cudart) ;;
		CUDA::cuda_driver) libs="$libs -lcuda" ;;
		*) libs="$libs -l${l#CUDA::}" ;;
		esac
	done
	srcs=
	for t in $(awk '/add_executable\(/ { p = 1 } p { printf "%s ", $0 } p && /\)/ { exit }' "$cm" |
	    sed 's/.*add_executable(//; s/).*//'); do
		case $t in *.cu | *.cpp | *.c) srcs="$srcs $sd/$t" ;; esac
	done
	(
		cd "$w" || exit 1
		# a kernel the program loads itself, through the driver API
		ks=$(sed -n 's/.*set(CUDA_KERNEL_SOURCE.*\/\([^/]*\.cu\)").*/\1/p' "$cm")
		if [ -n "$ks" ]; then
			kf=$(sed -n 's/.*set(CUDA_\(FATBIN\|PTX\)_FILE.*\/\([^/]*\)").*/\1 \2/p' "$cm")
			case $kf in
			FATBIN*) "$nvcc" -I"$smp/Common" $arch -o "${kf#* }" -fatbin "$sd/$ks" ;;
			PTX*) "$nvcc" -I"$smp/Common" -arch=sm_90 -o "${kf#* }" -ptx "$sd/$ks" ;;
			*) false ;;
			esac || exit 1
		fi
		# shellcheck disable=SC2086
		exec "$nvcc" -std=c++17 -rdc=true $arch --extended-lambda -lineinfo \
		    -Wno-deprecated-gpu-targets -I"$smp/Common" -I"$sd" -I"$sd/inc" \
		    -o "$1" $srcs -L"$tk/lib64/stubs" $libs
	) > "$w/build.log" 2>&1
}

list "$@" > "$work/list"
if [ -z "$nobuild" ]; then
	n=0
	while IFS='|' read -r name dir args want; do
		build "$name" "$dir" &
		n=$((n + 1))
		[ $((n % jobs)) -eq 0 ] && wait
	done < "$work/list"
	wait
fi

LD_LIBRARY_PATH=$tk/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
pre=${LD_PRELOAD:-}
if [ -n "${PTX_CUDA_SHIM:-}" ]; then
	mkdir -p "$work/lib"
	ln -sf "$(cd "$(dirname "$PTX_CUDA_SHIM")" && pwd)/$(basename "$PTX_CUDA_SHIM")" "$work/lib/libcuda.so.1"
	LD_LIBRARY_PATH=$work/lib:$LD_LIBRARY_PATH
fi
# NVRTC's samples compile for the device's sm_90, which only the shim's
# libnvrtc turns into PTX
[ -n "${PTX_NVRTC:-}" ] && pre=$PTX_NVRTC${pre:+:$pre}
export LD_LIBRARY_PATH
bad=0 good=0
while IFS='|' read -r name dir args want; do
	w=$work/$name
	s=$(date +%s)
	if [ ! -x "$w/$name" ]; then
		st=BUILD
	else
		# shellcheck disable=SC2086
		(cd "$w" && LD_PRELOAD=$pre exec timeout "${SAMPLES_TIMEOUT:-300}" "./$name" $args) \
		    > "$w/stdout" 2> "$w/stderr" < /dev/null
		rc=$?
		if [ $rc -eq 124 ]; then
			st=TIMEOUT
		elif [ $rc -ne 0 ]; then
			st="EXIT $rc"
		elif [ -n "$want" ] && ! grep -Eq "$want" "$w/stdout"; then
			st=FAIL
		else
			st=ok
		fi
	fi
	if [ "$st" = ok ]; then
		good=$((good + 1))
	else
		bad=$((bad + 1))
	fi
	printf '%-30s %-8s %5ds\n' "$name" "$st" $(($(date +%s) - s))
done < "$work/list"
echo "$good passed, $bad failed"
[ $bad -eq 0 ]
