#!/bin/sh
# device.sh DIR -- on a machine with an H100, Triton and PyTorch: compiles
# the kernels of gen.py and records the H100's outputs of their cases.
# DIR holds gen.py and a `make dist` tarball of ptxkit; the results go to
# $OUT/res.tgz (triton/, tt_*.case, w/tt_*.want.N and w/tt_*.stdout, to be
# copied into tests/run; drop the empty .stdout and the .err files), logs
# to $OUT.  A case whose outputs differ from those of Triton's own launch
# is listed as DIFF in $OUT/log (Triton's launch runs the cubin of its own
# ptxas, the case the driver's: the fusions may differ).
cd "${1:-.}" || exit 2
D=$PWD L=$OUT/log
{ date +%s; nvidia-smi -L; python3 -c "import triton, torch; print(triton.__version__, torch.__version__)"; } > $L 2>&1
mkdir -p b && tar xzf ptxkit-*.tar.gz -C b --strip-components=1
( cd b && ./configure -q --disable-shared && make -j10 ptx-run ) > $OUT/build.log 2>&1 &
R=$D/b/tests/run
mkdir -p $R/triton
# six compiling processes: every sixth kernel each
for i in 0 1 2 3 4 5; do timeout 120 python3 gen.py $R @$i/6 > $D/gen.$i.log 2>&1 & done
wait
cat $D/gen.*.log > $OUT/gen.log
date +%s >> $L
grep -c ': ok' $OUT/gen.log >> $L
printf '#!/bin/sh\nexec timeout 30 %s/b/ptx-run "$@"\n' "$D" > ptxrun.sh && chmod +x ptxrun.sh
cd $R && ls tt_*.case | xargs -P 8 -n 3 sh gen.sh $D/ptxrun.sh $OUT/w > $OUT/ref.log 2>&1
date +%s >> $L
for f in triton/torch/*; do b=${f##*/}; cmp -s $f $OUT/w/$b || echo "DIFF $b" >> $L; done
cp $OUT/ref.log $OUT/w/
tar czf $OUT/res.tgz --exclude=gen.py --exclude=device.sh triton tt_*.case -C $OUT w
cat $L; grep -h FAILED $OUT/gen.log; tail -3 $OUT/build.log; grep -v 'exit 0' $OUT/ref.log | head -20
rm -rf $OUT/w $OUT/ref.log
