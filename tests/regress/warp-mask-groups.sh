#!/bin/sh
# Warp collectives group the lanes that execute them by equal membermask,
# as an H200 does: per tile where each lane's mask names its tile, and the
# whole warp where 32 lanes give 0x0000ffff (undefined: the mask leaves
# out lanes 16-31), which ptx-run answered over the mask's lanes only.
d=$top/tests/regress
"$PTX_RUN" -b 32 -a zeros:768 -o 0:got "$d/warp-mask-groups.ptx" 2>err || { cat err; exit 1; }
cmp got "$d/warp-mask-groups.want" || { echo "FAIL: the H200's words differ"; od -An -tx4 got | head; exit 1; }
