#!/usr/bin/env python3
# divbar.py -- writes the expected outputs of divbar.cu's cases that run
# through (../cu_bar_*.want.1) from the kernels' own semantics: each
# thread's result is a function of the input alone once every barrier lets
# no thread past it before all non-exited threads of the block arrived.
# An H200 gave the same bytes.  It hangs on bar_arms (-O3 and -G) and on
# bar_loop at -O3, whose warps reach one barrier at different bar.sync
# instructions (.aligned: a warp's threads must execute the same one):
# those cases are faults (exit: 4), and this writes nothing for them.
# Two blocks of 128 threads, n = 256 words of in.u32.
import os, struct
os.chdir(os.path.dirname(os.path.abspath(__file__)))
M = 0xffffffff
N = 256
a = struct.unpack("<1024I", open("in.u32", "rb").read())


def block(kind, xs):
    if kind == "bar_arms":
        s = [(x * 3 + 1) & M if t & 1 else x ^ 0x5a5a for t, x in enumerate(xs)]
        return [(s[t ^ 1] + 7) & M if t & 1 else (s[t ^ 1] * 5) & M for t in range(128)]
    if kind == "bar_after_if":
        s = []
        for x in xs:
            y = x
            for _ in range(x & 7 if x & 1 else 0):
                y = (y * 1664525 + 1013904223) & M
            s.append(y)
        return [s[(t + 33) & 127] for t in range(128)]
    if kind == "bar_loop":
        # every iteration's stores come before its loads (a barrier between),
        # and a thread that left the loop keeps its last value
        s, acc, trips = list(xs), [0] * 128, [x % 5 for x in xs]
        for k in range(max(trips)):
            for t in range(128):
                if trips[t] > k:
                    s[t] = (s[t] * 31 + k) & M
            for t in range(128):
                if trips[t] > k:
                    acc[t] = (acc[t] + (s[(t + 1) & 127] ^ k)) & M
        return acc
    if kind == "bar_return":
        s = [0] * 16
        for t, x in enumerate(xs):
            if x % 3:
                s[t & 15] = (s[t & 15] + x) & M
        return [s[t & 15] if x % 3 else 0 for t, x in enumerate(xs)]
    raise ValueError(kind)


for name in ("bar_after_if", "bar_after_if_G", "bar_loop_G", "bar_return", "bar_return_G"):
    kind = name[:-2] if name.endswith("_G") else name
    out = []
    for b in range(2):
        out += block(kind, [a[(b * 128 + t) % N] for t in range(128)])
    open("../cu_%s.want.1" % name, "wb").write(struct.pack("<%dI" % len(out), *out))
