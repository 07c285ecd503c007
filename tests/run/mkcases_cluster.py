#!/usr/bin/env python3
# mkcases_cluster.py -- the inputs and case files of the thread-block
# cluster kernels (cluster.ptx, and cluster_cg.ptx from cluster_cg.cu), in
# the format of mkcases.py: NAME.case holds the ptx-run options and the
# compared outputs ("outs:"), or "exit:" and "report:" for a fault.  The
# outputs were recorded on an H100 with gen.sh.  Run once, by hand.
import os, random, struct
os.chdir(os.path.dirname(os.path.abspath(__file__)))
R = random.Random(20261124)

def case(name, opts, outs, extra=""):
    open(name + ".case", "w").write(opts + "\nouts: " + outs + "\n" + extra)

K = "cluster.ptx -k "
# special registers: a 3-D grid in 2x2x1 clusters, without a cluster, with
# an explicit 1x1x1 cluster, in 1x2x3 clusters, and a kernel that fixes 2x1x1
case("cluster_sregs", K + "clu_sregs -g 4,2,3 -b 64 --cluster 2,2,1 -a zeros:3456", "0")
case("cluster_sregs_plain", K + "clu_sregs -g 4,2,3 -b 64 -a zeros:3456", "0")
case("cluster_sregs_one", K + "clu_sregs -g 4,2,3 -b 64 --cluster 1 -a zeros:3456", "0")
case("cluster_sregs_3d", K + "clu_sregs -g 2,4,3 -b 64 --cluster 1,2,3 -a zeros:3456", "0")
case("cluster_sregs_req", K + "clu_sregs_req -g 4,2 -b 32 -a zeros:192", "0")
# distributed shared memory
case("cluster_ring", K + "clu_ring -g 8 -b 128 --cluster 4 -a zeros:16384 -a zeros:4096", "0 1")
case("cluster_ring8", K + "clu_ring -g 16 -b 128 --cluster 8 -a zeros:32768 -a zeros:8192", "0 1")
case("cluster_ring2", K + "clu_ring -g 6 -b 96 --cluster 2 -a zeros:9216 -a zeros:3072", "0 1")
case("cluster_phases", K + "clu_phases -g 4,3 -b 128 --cluster 2,1 -a zeros:6144 -a u32:0", "0")
case("cluster_phases_y3", K + "clu_phases -g 2,3 -b 128 --cluster 1,3 -a zeros:3072 -a u32:0", "0")
case("cluster_atomics", K + "clu_atomics -g 8 -b 128 --cluster 4 -a zeros:512", "0")
case("cluster_atomics3", K + "clu_atomics -g 6 -b 96 --cluster 3 -a zeros:384", "0")
for n in ["cluster_atomics", "cluster_atomics3"]:   # red.max.u64 on other CTAs: see cluster_atom64
    os.replace(n + ".case", n + ".pending")
case("cluster_mbar", K + "clu_mbar -g 8 -b 64 --cluster 4 -a zeros:16384", "0")
open("cluster_bulk.in", "wb").write(bytes(R.randrange(256) for _ in range(512)))
case("cluster_bulk", K + "clu_bulk -g 4 -b 32 --cluster 4 -a file:cluster_bulk.in -a zeros:3072", "1")
case("cluster_async", K + "clu_async -g 4 -b 64 --cluster 2 -a zeros:1344", "0")
case("cluster_nowait", K + "clu_nowait -g 4 -b 64 --cluster 2 -a zeros:1024", "0")
# nvcc's code for cooperative_groups clusters
open("cg_ring.in", "wb").write(struct.pack("<768i", *[R.randint(-10**6, 10**6) for _ in range(768)]))
case("cg_ring", "cluster_cg.ptx -k cg_ring -g 6 -b 128 -a file:cg_ring.in -a zeros:3072", "1")
open("dsmem_hist.in", "wb").write(bytes(min(255, int(R.expovariate(1 / 60))) for _ in range(20000)))
case("dsmem_hist", "cluster_cg.ptx -k dsmem_hist -g 8 -b 128 --cluster 4 -s 256 "
     "-a file:dsmem_hist.in -a s32:20000 -a zeros:1024", "2")
case("dsmem_hist2", "cluster_cg.ptx -k dsmem_hist -g 6 -b 64 --cluster 2 -s 512 "
     "-a file:dsmem_hist.in -a s32:20000 -a zeros:1024", "2")
# the H100 hung when the lanes of a warp arrived from two branches: the
# barrier counts warps (cluster.c)
case("cluster_phases_div", K + "clu_phases -g 4,3 -b 128 --cluster 2,1 -a zeros:6144 -a u32:1", "",
     "exit: 4\nreport: barrier.cluster.arrive again before a wait\n")
# a tensor map's boxes multicast to both CTAs of a cluster
open("cluster_tma.in", "wb").write(struct.pack("<240f", *[R.uniform(-8, 8) for _ in range(240)]))
case("cluster_tma_mcast", K + "clu_tma_mcast -g 4 -b 32 --cluster 2 -a tensormap:file:cluster_tma.in:f32:24x10:16x8 "
     "-a zeros:4096", "1")
# 64-bit min/max on other CTAs' shared memory: the H100 lost the other
# CTAs' updates (ptxas makes them ATOM.E.64 with an ATOMS.CAST.SPIN.64
# fallback); the interpreter does what the PTX ISA says, so these stay
# pending (the outputs are the H100's)
case("cluster_atom64", K + "clu_atom64 -g 8 -b 128 --cluster 4 -a zeros:512", "0")
os.replace("cluster_atom64.case", "cluster_atom64.pending")
case("cluster_mbar_tx", K + "clu_mbar_tx -g 4 -b 64 --cluster 2 -a zeros:1024", "0")
case("cg_split", "cluster_cg.ptx -k cg_split -g 3,4 -b 64 -a zeros:3072", "0")
w = [R.uniform(-1, 1) for _ in range(30000)]
open("cluster_sum.in", "wb").write(struct.pack("<30000f", *w))
case("cluster_sum", "cluster_cg.ptx -k cluster_sum -g 16 -b 256 --cluster 4 -a file:cluster_sum.in -a s32:30000 "
     "-a zeros:16", "2")
case("cluster_sum8", "cluster_cg.ptx -k cluster_sum -g 16 -b 96 --cluster 8 -a file:cluster_sum.in -a s32:30000 "
     "-a zeros:8", "2")
case("cluster_maxrank", K + "clu_maxrank -g 4 -b 32 --cluster 2 -a zeros:4", "0")
# faults and refused launches (the interpreter only); the H100 stopped
# clu_bulk in clusters of 2 too ("unspecified launch failure")
case("cluster_bulk2", K + "clu_bulk -g 4 -b 32 --cluster 2 -a file:cluster_bulk.in -a zeros:3072", "",
     "exit: 4\nreport: names CTAs outside the cluster (of 2 CTAs)\n")
case("cluster_bad_rank", K + "clu_bad_rank -g 4 -b 32 --cluster 2 -a zeros:4", "",
     "exit: 4\nreport: rank 2, outside the cluster of 2 CTAs\n")
case("cluster_bad_off", K + "clu_bad_off -g 2 -b 32 --cluster 2 -a zeros:4", "",
     "exit: 4\nreport: outside the shared memory of CTA rank 1\n")
case("cluster_deadlock", K + "clu_deadlock -g 2 -b 64 --cluster 2 -a zeros:4", "",
     "exit: 4\nreport: waits at the cluster barrier\n")
case("cluster_bad_grid", K + "clu_sregs -g 3 -b 32 --cluster 2 -a zeros:4", "",
     "exit: 4\nreport: not a multiple of the cluster\n")
case("cluster_too_big", K + "clu_sregs -g 16 -b 32 --cluster 16 -a zeros:4", "",
     "exit: 4\nreport: more than 8\n")
case("cluster_maxrank4", K + "clu_maxrank -g 4 -b 32 --cluster 4 -a zeros:4", "",
     "exit: 4\nreport: .maxclusterrank 2\n")   # the H100: cluster misconfiguration (912)
case("cluster_req_other", K + "clu_sregs_req -g 4 -b 32 --cluster 4 -a zeros:4", "",
     "exit: 4\nreport: .reqnctapercluster\n")
