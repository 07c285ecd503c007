#!/usr/bin/env bash
# Regenerate the PTX corpus in ptx/ from the sources in cuda/ and c/, then
# rebuild ptx/MANIFEST by running ptxas over every .ptx file in ptx/
# (including the Triton and Numba files, which gen.sh does not regenerate:
# see triton/gen_triton.py and numba/gen_numba.py).
#
# Usage: tests/corpus/gen.sh [--manifest-only [DIR]]
#   DIR: another folder of PTX with a MANIFEST (tests/corpus/old, tests/corpus/llvm14)
# Environment: NVCC, PTXAS, CLANG, LLC (tool paths), JOBS (parallel jobs, default 2).
#
# Per-source directives, as comment lines in a .cu file:
#   // corpus: rdc               compile with -rdc=true (extern device symbols, grid sync, device launches)
#   // corpus: archs sm_80 ...   compile only for these targets instead of the default list
#   // corpus: no-debug          skip the -G variants
#   // corpus: debug-archs sm_90 build the -G variant only for these targets
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$HERE/ptx
[ "${1:-}" = --manifest-only ] && [ -n "${2:-}" ] && OUT=$(cd "$2" && pwd)
NVCC=${NVCC:-nvcc}
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
CLANG=${CLANG:-clang}
LLC=${LLC:-llc}
JOBS=${JOBS:-2}

ARCHS="sm_75 sm_80 sm_86 sm_89 sm_90 sm_90a sm_100"
DEBUG_ARCHS="sm_75 sm_90"
# mcpu:ptx-version pairs for the LLVM (clang + llc) builds
LLVM_TARGETS="sm_75:ptx64 sm_80:ptx70 sm_86:ptx72"

export HERE OUT NVCC PTXAS CLANG LLC

directive() {  # file key -> value of "// corpus: key value" (empty if absent)
  sed -n "s|^// corpus: $2 *||p" "$1" | head -1
}
has_directive() { grep -q "^// corpus: $2\$" "$1"; }

build_cuda() {  # src arch mode(O3|G)
  local src=$1 arch=$2 mode=$3 name flags out
  name=$(basename "$src" .cu)
  flags=(-ptx -std=c++17 --extended-lambda -Wno-deprecated-gpu-targets -arch="$arch")
  grep -q '^// corpus: rdc$' "$src" && flags+=(-rdc=true)
  if [ "$mode" = G ]; then
    flags+=(-G)
    out=$OUT/$name.$arch.G.ptx
  else
    flags+=(-O3)
    out=$OUT/$name.$arch.ptx
  fi
  if ! (cd "$HERE/cuda" && "$NVCC" "${flags[@]}" "$name.cu" -o "$out.tmp" 2>"$out.log"); then
    echo "FAILED: nvcc ${flags[*]} $name.cu" >&2
    cat "$out.log" >&2
    rm -f "$out.tmp" "$out.log"
    return 1
  fi
  # keep source paths in .file directives relative to cuda/
  sed -e "s|\"$HERE/cuda/|\"|" "$out.tmp" >"$out"
  rm -f "$out.tmp" "$out.log"
  echo "  $(basename "$out")"
}

build_llvm() {  # src mcpu ptxver
  local src=$1 mcpu=$2 ptxv=$3 name ext ll out
  ext=${src##*.}
  name=$(basename "$src" ".$ext")
  ll=$(mktemp --suffix=.ll)
  out=$OUT/llvm.$name.$mcpu.ptx
  if [ "$ext" = cl ]; then
    "$CLANG" -x cl -cl-std=CL2.0 -target nvptx64-nvidia-nvcl -Xclang -finclude-default-header \
      -Xclang -cl-ext=+cl_khr_fp16,+cl_khr_fp64 -I"$HERE/c" -O2 -S -emit-llvm "$src" -o "$ll"
  else
    "$CLANG" -x c -std=c11 -ffreestanding -target nvptx64-nvidia-cuda -I"$HERE/c" -O2 -S -emit-llvm "$src" -o "$ll"
  fi
  "$LLC" -march=nvptx64 -mcpu="$mcpu" -mattr=+"$ptxv" -O3 "$ll" -o "$out"
  rm -f "$ll"
  echo "  $(basename "$out")"
}

manifest_one() {  # ptx file -> "name arch verdict [-c]"
  local f=$1 target arch num
  target=$(sed -n 's/^[[:space:]]*\.target[[:space:]]*\([a-z0-9_]*\).*/\1/p' "$f" | head -1)
  num=${target#sm_}
  num=${num%a}
  num=${num%f}
  arch=$target
  # ptxas from CUDA 13 accepts sm_75 and newer; older targets are assembled for sm_75
  # and a module without .target (PTX 2.0 allowed that) for sm_75 too
  if [ -z "$target" ] || [ "${num:-0}" -lt 75 ] 2>/dev/null; then arch=sm_75; fi
  if "$PTXAS" -arch="$arch" "$f" -o /dev/null >/dev/null 2>&1; then
    echo "$(basename "$f") $arch ok"
  elif "$PTXAS" -c -arch="$arch" "$f" -o /dev/null >/dev/null 2>&1; then
    # valid PTX whose extern symbols resolve only at link time (-rdc, libraries)
    echo "$(basename "$f") $arch ok -c"
  else
    echo "$(basename "$f") $arch fail"
  fi
}
export -f build_cuda build_llvm manifest_one

if [ "${1:-}" != --manifest-only ]; then
  mkdir -p "$OUT"
  # remove only what this script produces (Triton/Numba files stay)
  for src in "$HERE"/cuda/*.cu; do rm -f "$OUT/$(basename "$src" .cu)".sm_*.ptx; done
  rm -f "$OUT"/llvm.*.ptx
  jobs=()
  for src in "$HERE"/cuda/*.cu; do
    archs=$(directive "$src" archs)
    [ -n "$archs" ] || archs=$ARCHS
    for a in $archs; do jobs+=("build_cuda $src $a O3"); done
    if ! has_directive "$src" no-debug; then
      dbg=$(directive "$src" debug-archs)
      [ -n "$dbg" ] || dbg=$DEBUG_ARCHS
      for a in $dbg; do
        case " $archs " in *" $a "*) jobs+=("build_cuda $src $a G") ;; esac
      done
    fi
  done
  for src in "$HERE"/c/*.cl "$HERE"/c/*.c; do
    for t in $LLVM_TARGETS; do jobs+=("build_llvm $src ${t%%:*} ${t##*:}"); done
  done
  echo "building ${#jobs[@]} PTX files with $JOBS jobs"
  printf '%s\n' "${jobs[@]}" | xargs -P "$JOBS" -I{} bash -c '{}'
fi

echo "running ptxas over $OUT"
ls "$OUT"/*.ptx | sort | xargs -P "$JOBS" -I{} bash -c 'manifest_one {}' | sort >"$OUT/MANIFEST"
echo "MANIFEST: $(wc -l <"$OUT/MANIFEST") files, $(grep -c ' fail' "$OUT/MANIFEST" || true) failing"
du -sh "$OUT"
