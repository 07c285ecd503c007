#!/bin/sh
# want.sh -- the want: lines of a launch from a measurement:
#	sh want.sh NCU.TSV NAME [KEY...]
# prints every interpreter key that Nsight Compute's metrics in NCU.TSV
# (measure.sh's name, metric, value rows) give for launch NAME, but the
# KEYs named, as NAME.want holds them: global and local requests and
# sectors (atomics are atom and red together, as ptx-run counts them),
# shared requests (executed LDS/STS/ATOMS), wavefronts and bank conflicts.
tsv=$1 name=$2
shift 2
awk -F '\t' -v n="$name" -v skip=" $* " '
BEGIN {
	nk = split("global_load_requests l1tex__t_requests_pipe_lsu_mem_global_op_ld " \
	    "global_load_sectors l1tex__t_sectors_pipe_lsu_mem_global_op_ld " \
	    "global_store_requests l1tex__t_requests_pipe_lsu_mem_global_op_st " \
	    "global_store_sectors l1tex__t_sectors_pipe_lsu_mem_global_op_st " \
	    "global_atomic_requests l1tex__t_requests_pipe_lsu_mem_global_op_atom+l1tex__t_requests_pipe_lsu_mem_global_op_red " \
	    "global_atomic_sectors l1tex__t_sectors_pipe_lsu_mem_global_op_atom+l1tex__t_sectors_pipe_lsu_mem_global_op_red " \
	    "global_red_requests l1tex__t_requests_pipe_lsu_mem_global_op_red " \
	    "global_red_sectors l1tex__t_sectors_pipe_lsu_mem_global_op_red " \
	    "local_load_requests l1tex__t_requests_pipe_lsu_mem_local_op_ld " \
	    "local_load_sectors l1tex__t_sectors_pipe_lsu_mem_local_op_ld " \
	    "local_store_requests l1tex__t_requests_pipe_lsu_mem_local_op_st " \
	    "local_store_sectors l1tex__t_sectors_pipe_lsu_mem_local_op_st " \
	    "shared_load_requests smsp__sass_inst_executed_op_shared_ld " \
	    "shared_load_wavefronts l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld " \
	    "shared_load_bank_conflicts l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld " \
	    "shared_store_requests smsp__sass_inst_executed_op_shared_st " \
	    "shared_store_wavefronts l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st " \
	    "shared_store_bank_conflicts l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st " \
	    "shared_atomic_requests smsp__sass_inst_executed_op_shared_atom " \
	    "shared_atomic_wavefronts l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom " \
	    "shared_atomic_bank_conflicts l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom", w, " ")
}
$1 == n { v[$2] = $3; seen = 1 }
END {
	if (!seen) { print "want.sh: no " n > "/dev/stderr"; exit 1 }
	line = ""
	for (i = 1; i < nk; i += 2) {
		if (index(skip, " " w[i] " "))
			continue
		nm = split(w[i + 1], ms, "+")
		s = 0
		for (j = 1; j <= nm; j++) {
			if (!((ms[j] ".sum") in v)) { print "want.sh: " n ": no " ms[j] > "/dev/stderr"; exit 1 }
			s += v[ms[j] ".sum"]
		}
		kv = w[i] "=" s
		if (length(line) + length(kv) > 90) { print "want: " line; line = "" }
		line = line (line == "" ? "" : " ") kv
	}
	if (line != "")
		print "want: " line
}' "$tsv"
