#!/bin/sh
# nvcc as Rodinia's Makefiles call it, for a toolkit of today: their arch
# flags (sm_13, sm_20, compute_20 ...) give way to $RODINIA_ARCH, the
# output switches of the programs are on (-DOUTPUT -DTRACEBACK
# -DBENCH_PRINT: results are printed or written, to be compared), and
# compat.h stands in for what CUDA 12 removed.
real=${RODINIA_NVCC:?}

skip=0
for a in "$@"; do
	shift
	if [ $skip = 1 ]; then
		skip=0
		continue
	fi
	case $a in
	-arch | --gpu-name | -gencode | -code | --gpu-architecture | --gpu-code | -Xopencc)
		skip=1
		continue
		;;
	-arch=* | --gpu-architecture=* | --gpu-code=* | -code=* | -gencode=* | --generate-code=*)
		continue
		;;
	esac
	set -- "$@" "$a"
done
# shellcheck disable=SC2086
exec "$real" ${RODINIA_ARCH:--gencode arch=compute_90,code=compute_90} \
	-DOUTPUT -DTRACEBACK -DBENCH_PRINT -include "${RODINIA_COMPAT:?}" "$@"
