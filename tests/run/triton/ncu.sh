#!/bin/sh
# ncu.sh JOB... -- runs the named jobs of gen.py (Triton's own launches:
# the cubin of Triton's ptxas) under Nsight Compute, for the memory
# counters that tests/counters compares; writes $OUT/ncu.csv.gz and
# $OUT/ncu.log.  Each job's kernel must have a name of its own.
cd "$(dirname "$0")" || exit 2
HW="l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
l1tex__t_requests_pipe_lsu_mem_global_op_st.sum l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum
l1tex__t_requests_pipe_lsu_mem_global_op_red.sum l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum
l1tex__t_requests_pipe_lsu_mem_local_op_st.sum l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum
smsp__sass_inst_executed_op_global_ld.sum smsp__sass_inst_executed_op_global_st.sum
smsp__sass_inst_executed_op_shared_ld.sum smsp__sass_inst_executed_op_shared_st.sum
smsp__sass_inst_executed_op_global_red.sum smsp__sass_inst_executed_op_global_atom.sum"
mkdir -p ncu_run
timeout 300 ncu --clock-control none --cache-control all --metrics "$(echo $HW | tr ' ' ',')" --csv \
    --print-units base -k "regex:${KRE:-_kernel\$}" python3 gen.py ncu_run "$@" > $OUT/ncu.csv 2> $OUT/ncu.log
echo "ncu exit $?" >> $OUT/ncu.log
gzip -f $OUT/ncu.csv
