#!/usr/bin/env python3
"""tests/isa/sfu/collect.py -- plans, packs and unpacks the SFU measurements.

  collect.py plan DIR        writes DIR/plan.txt and the input lists for collect.cu
  collect.py pack DIR RAW OUT  compresses RAW/*.bin into at most 8 files under OUT
  collect.py unpack PACKDIR DEST  restores DEST/NAME.bin (and .in for lists)

The raw outputs are large (a binade of f32 inputs is 2^23 results), so each
region travels as its difference from a reference: the f32 rounding of the
exact function computed in double precision on the host (numpy).  Both ends
compute the reference with numpy; where the double lies so close to an f32
rounding boundary that another libm could round it the other way, the raw
output travels too.  Every region carries a SHA-1 of its raw outputs so
that unpack proves the reconstruction exact.
"""
import hashlib
import json
import lzma
import os
import struct
import sys
from multiprocessing import Pool

import numpy as np

F32 = ("rcp", "rsq", "sqrt", "lg2", "ex2", "sin", "cos", "tanh")
C2PI = np.float32(0.15915493667125701904)      # ptxas's FMUL.RZ constant before MUFU.SIN/COS


def binade(k, neg=False):
    """First bit pattern of the f32 binade [2^k, 2^(k+1)) (or its negative)."""
    return (1 << 31 if neg else 0) | ((127 + k) << 23)


def plan_regions():
    """(priority, name, fn, lo, stride, n): lower priority numbers are kept first."""
    R = []
    full = 1 << 23

    def reg(p, fn, k, neg=False, stride=1):
        R.append((p, "%s_%s%d%s" % (fn, "m" if neg else "p", k, "" if stride == 1 else "s%d" % stride),
                  fn, binade(k, neg), stride, full // stride))
    reg(0, "rcp", 0)
    for k in (0, 1):
        reg(0, "rsq", k)
        reg(0, "sqrt", k)
    for k in (-1, 0, 1):
        reg(0, "lg2", k)
    for k in (-1, 0):
        reg(0, "ex2", k)
        reg(0, "ex2", k, True)
    for fn in ("sin", "cos", "tanh"):
        for k in range(-3, 3):
            reg(0, fn, k)
    R.append((0, "rcp64h_p0", "rcp64h", 1023 << 20, 1, 1 << 20))
    R.append((0, "rsq64h_p0", "rsq64h", 1023 << 20, 1, 1 << 21))
    for fn in ("ex2h", "tanhh", "ex2b", "tanhb"):
        R.append((0, fn + "_all", fn, 0, 1, 1 << 16))
    for k in list(range(-12, -1)) + list(range(1, 7)):
        reg(1, "ex2", k)
        reg(1, "ex2", k, True)
    for fn in ("sin", "cos"):
        for k in list(range(-12, -3)) + list(range(3, 9)):
            reg(1, fn, k)
        for k in range(-2, 2):
            reg(1, fn, k, True, 4)
    for k in list(range(-12, -3)) + [3, 4]:
        reg(1, "tanh", k)
    for k in range(-3, 3):
        reg(1, "tanh", k, True, 4)
    for k in (2, 3):
        reg(1, "lg2", k)
    for k in (-2, -3, -10, 10, 64, -125, 126, 127):
        reg(1, "lg2", k, False, 4)
    for k in range(-26, -12):
        reg(2, "ex2", k, False, 4)
        reg(2, "ex2", k, True, 4)
        reg(2, "sin", k, False, 4)
        reg(2, "cos", k, False, 4)
        reg(2, "tanh", k, False, 4)
    for k in (9, 10, 12, 16, 20, 23, 24, 30):
        reg(2, "sin", k, False, 4)
        reg(2, "cos", k, False, 4)
    for k in (5, 8):
        reg(2, "tanh", k, False, 4)
    return R


def special_inputs(fn, seed):
    r = np.random.default_rng(seed)
    if fn in ("rcp64h", "rsq64h"):
        hi = np.arange(4096, dtype=np.uint64) << 20
        ms = [0, 1, 2, 0xFFFFF, 0xFFFFE, 0x80000, 0x7FFFF]
        m = np.concatenate([np.array(ms, np.uint64), r.integers(0, 1 << 20, 9, dtype=np.uint64)])
        return (hi[:, None] | m[None, :]).ravel().astype(np.uint32)
    hi = np.arange(512, dtype=np.uint64) << 23
    ms = [0, 1, 2, 3, 0x7FFFFF, 0x7FFFFE, 0x400000, 0x400001, 0x3FFFFF]
    m = np.concatenate([np.array(ms, np.uint64), r.integers(0, 1 << 23, 55, dtype=np.uint64)])
    return (hi[:, None] | m[None, :]).ravel().astype(np.uint32)


def half_inputs(bf):
    h = np.arange(1 << 16, dtype=np.uint32)
    if bf:
        return h << 16
    return np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float32).view(np.uint32)


def plan(d):
    os.makedirs(d, exist_ok=True)
    L = []
    for i, fn in enumerate(F32 + ("rcp64h", "rsq64h")):
        x = special_inputs(fn, 1000 + i)
        x.tofile(os.path.join(d, "spec_%s.in" % fn))
        L.append((0, "spec_%s" % fn, fn, "spec_%s.in" % fn, len(x)))
    for fn in ("ex2", "tanh"):
        for bf in (0, 1):
            x = half_inputs(bf)
            nm = "%s_on%s" % (fn, "bf16" if bf else "f16")
            x.tofile(os.path.join(d, nm + ".in"))
            L.append((0, nm, fn, nm + ".in", len(x)))
    with open(os.path.join(d, "plan.txt"), "w") as f:
        for p, nm, fn, lo, st, n in plan_regions():
            f.write("R %s %s %d %d %d\n" % (nm, fn, lo, st, n))
        for p, nm, fn, path, n in L:
            f.write("L %s %s %s %d\n" % (nm, fn, os.path.join(d, path), n))
        f.write("I inv_rcp rcp rcp_p0\n")
        f.write("I inv_rcp64h rcp64h rcp64h_p0\n")
        f.write("I inv_rsq64h rsq64h rsq64h_p0\n")
    # rsq/sqrt scale checks need [1,4) as one table
    with open(os.path.join(d, "plan.txt"), "a") as f:
        f.write("R rsq_t rsq %d 1 %d\n" % (binade(0), 1 << 24))
        f.write("R sqrt_t sqrt %d 1 %d\n" % (binade(0), 1 << 24))
        f.write("I inv_rsq rsq rsq_t\nI inv_sqrt sqrt sqrt_t\n")


# ------------------------------------------------------------- references

def rz_mul(x, c):
    """f32 product rounded toward zero (exact in double, then truncated)."""
    p = x.astype(np.float64) * np.float64(c)
    b = p.view(np.uint64)
    e = (b >> np.uint64(52)) & np.uint64(0x7FF)
    ok = (e >= 1023 - 126) & (e <= 1023 + 127)
    s = (b >> np.uint64(63)).astype(np.uint32)
    m = ((b >> np.uint64(29)) & np.uint64(0x7FFFFF)).astype(np.uint32)
    ee = (e.astype(np.int64) - 1023 + 127).clip(0, 255).astype(np.uint32)
    t = (s << 31) | (ee << 23) | m
    fallback = p.astype(np.float32).view(np.uint32)
    return np.where(ok, t, fallback).view(np.float32)


def sin2pi(t, cos):
    t = t.astype(np.float64)
    with np.errstate(invalid="ignore"):
        r = t - np.rint(t)
        if cos:
            u = 0.25 - np.abs(r)
        else:
            u = np.where(np.abs(r) > 0.25, np.copysign(0.5, r) - r, r)
        return np.sin(2 * np.pi * u)


def exact(fn, xb):
    """The function in double precision for input bit patterns xb (uint32)."""
    with np.errstate(all="ignore"):
        if fn in ("rcp64h", "rsq64h"):
            x = (xb.astype(np.uint64) << np.uint64(32)).view(np.float64)
            return 1 / x if fn == "rcp64h" else 1 / np.sqrt(x)
        x = xb.view(np.float32).astype(np.float64)
        if fn == "rcp": return 1 / x
        if fn == "rsq": return 1 / np.sqrt(x)
        if fn == "sqrt": return np.sqrt(x)
        if fn == "lg2": return np.log2(x)
        if fn == "ex2": return np.exp2(x)
        if fn == "tanh": return np.tanh(x)
        t = rz_mul(xb.view(np.float32), C2PI)
        return sin2pi(t, fn == "cos")


def reference(fn, xb):
    """(reference bit patterns, mask of inputs whose rounding is in doubt)."""
    d = exact(fn, xb)
    b = d.view(np.uint64)
    if fn in ("rcp64h", "rsq64h"):
        lo = b & np.uint64(0xFFFFFFFF)
        ref = ((b + np.uint64(1 << 31)) >> np.uint64(32)).astype(np.uint32)
        doubt = np.abs(lo.astype(np.int64) - (1 << 31)) < (1 << 12)
    else:
        ref = d.astype(np.float32).view(np.uint32)
        low = (b & np.uint64((1 << 29) - 1)).astype(np.int64)
        doubt = np.abs(low - (1 << 28)) < (1 << 9)
        doubt |= np.abs(d) < 2.0 ** -125
    nan = np.isnan(d)
    ref = np.where(nan, np.uint32(0x7FFFFFFF), ref)
    doubt &= ~nan
    return ref.astype(np.uint32), doubt


def inputs_of(meta, listdir=None):
    if meta["kind"] == "R":
        return (np.uint32(meta["lo"]) + np.arange(meta["n"], dtype=np.uint32) * np.uint32(meta["stride"])).astype(np.uint32)
    return np.frombuffer(meta["inputs"], dtype=np.uint32)


def planes(d):
    z = ((d.view(np.int32) << 1) ^ (d.view(np.int32) >> 31)).view(np.uint32)
    return b"".join(((z >> np.uint32(8 * k)) & np.uint32(0xFF)).astype(np.uint8).tobytes() for k in range(4))


def unplanes(b, n):
    p = np.frombuffer(b, dtype=np.uint8).reshape(4, n).astype(np.uint32)
    z = p[0] | p[1] << 8 | p[2] << 16 | p[3] << 24
    return ((z >> 1) ^ (np.uint32(0) - (z & 1))).astype(np.uint32)


def pack_one(args):
    meta, raw = args
    out = np.fromfile(os.path.join(raw, meta["name"] + ".bin"), dtype=np.uint32)
    meta["sha1"] = hashlib.sha1(out.tobytes()).hexdigest()
    if meta["kind"] == "L":
        x = np.fromfile(meta["inpath"], dtype=np.uint32)
        blob = lzma.compress(x.tobytes() + out.tobytes(), preset=6)
        meta["enc"] = "raw"
        return meta, blob
    x = inputs_of(meta)
    if meta["fn"] in F32 + ("rcp64h", "rsq64h"):
        ref, doubt = reference(meta["fn"], x)
        d = (out - ref).astype(np.uint32)
        idx = np.nonzero(doubt)[0].astype(np.uint32)
        d[idx] = 0
        body = planes(d)
        exc = idx.tobytes() + out[idx].tobytes()
        meta["enc"] = "delta"
        meta["nexc"] = int(len(idx))
        blob = lzma.compress(exc + body, preset=6)
    else:
        meta["enc"] = "plain"
        blob = lzma.compress(out.tobytes(), preset=6)
    return meta, blob


def pack(d, raw, outdir):
    metas = []
    for p, nm, fn, lo, st, n in plan_regions():
        metas.append(dict(kind="R", prio=p, name=nm, fn=fn, lo=lo, stride=st, n=n))
    with open(os.path.join(d, "plan.txt")) as f:
        for line in f:
            w = line.split()
            if w[0] == "L":
                metas.append(dict(kind="L", prio=0, name=w[1], fn=w[2], inpath=w[3], n=int(w[4])))
    with Pool(16) as pool:
        done = pool.map(pack_one, [(m, raw) for m in metas], chunksize=1)
    done.sort(key=lambda mb: (mb[0]["prio"], mb[0]["name"]))
    cap, files, index, dropped = 16 * 1024 * 1024 - 4096, [], [], []
    for meta, blob in done:
        for k in range(len(files)):
            if len(files[k]) + len(blob) <= cap:
                break
        else:
            if len(files) < 6 and len(blob) <= cap:
                files.append(bytearray())
                k = len(files) - 1
            else:
                dropped.append(meta["name"])
                continue
        meta["file"], meta["off"], meta["len"] = k, len(files[k]), len(blob)
        meta.pop("inpath", None)
        files[k] += blob
        index.append(meta)
    for k, b in enumerate(files):
        with open(os.path.join(outdir, "sfu%d.bin" % k), "wb") as f:
            f.write(b)
    inv = {}
    for nm in os.listdir(raw):
        if nm.endswith(".inv"):
            inv[nm[:-4]] = np.fromfile(os.path.join(raw, nm), dtype=np.uint32).tolist()
    with open(os.path.join(outdir, "index.json"), "w") as f:
        json.dump(dict(regions=index, dropped=dropped, inv=inv), f)
    print("packed %d regions into %d files (%d bytes), dropped %s" %
          (len(index), len(files), sum(len(b) for b in files), dropped))


def unpack(pk, dest):
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(pk, "index.json")) as f:
        ix = json.load(f)
    bad = 0
    for meta in ix["regions"]:
        with open(os.path.join(pk, "sfu%d.bin" % meta["file"]), "rb") as f:
            f.seek(meta["off"])
            blob = lzma.decompress(f.read(meta["len"]))
        n = meta["n"]
        if meta["enc"] == "raw":
            x = np.frombuffer(blob[:4 * n], dtype=np.uint32)
            out = np.frombuffer(blob[4 * n:], dtype=np.uint32)
            x.tofile(os.path.join(dest, meta["name"] + ".in"))
        elif meta["enc"] == "plain":
            out = np.frombuffer(blob, dtype=np.uint32)
        else:
            ne = meta["nexc"]
            idx = np.frombuffer(blob[:4 * ne], dtype=np.uint32)
            ev = np.frombuffer(blob[4 * ne:8 * ne], dtype=np.uint32)
            d = unplanes(blob[8 * ne:], n)
            ref, _ = reference(meta["fn"], inputs_of(meta))
            out = (ref + d).astype(np.uint32)
            out[idx] = ev
        if hashlib.sha1(out.tobytes()).hexdigest() != meta["sha1"]:
            print("hash mismatch:", meta["name"])
            bad += 1
        out.tofile(os.path.join(dest, meta["name"] + ".bin"))
    json.dump(ix, open(os.path.join(dest, "index.json"), "w"))
    print("%d regions, %d bad, dropped %s" % (len(ix["regions"]), bad, ix["dropped"]))


if __name__ == "__main__":
    if sys.argv[1] == "plan":
        plan(sys.argv[2])
    elif sys.argv[1] == "pack":
        pack(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        unpack(sys.argv[2], sys.argv[3])
