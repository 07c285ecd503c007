#!/usr/bin/env python3
"""mutate.py — single-instruction mutants of clean PTX, judged by ptxas.

Takes the modules of tests/run, tests/isa and tests/corpus that ptxas
accepts, changes one instruction in one way at a time, and runs ptxas and
ptxas-lint on each mutant.  A mutant ptxas rejects must get an error from
ptxas-lint; one ptxas accepts must get none, except from the checks that
look for bugs ptxas lets through (alignment, bounds, pointer-space and
the other ones named in FINDINGS), which are counted apart.  The mutations:

  type    a type suffix swapped for another (.u32 -> .s64, .f32 -> .f16 ...)
  width   a register operand swapped for one of another declared type
  space   a state space swapped (.global -> .shared ...)
  drop    a modifier removed
  add     a modifier added (.ftz, .sat, .rn, .wide, .approx ...)
  kind    an operand of another kind: a register for an immediate and back
  vector  a vector width changed (.v2 <-> .v4, the braces to match or not)
  dupmod  a modifier or type written twice (.nc.nc, .u32.u32), or a second
          one of its class (.gpu.sys, .ca.cg, .rn.rz)
  brace   a {vector} operand changed: an element dropped or added, the
          braces around one register, an element made an immediate, a
          predicate or the sink _
  count   an operand dropped, or the last one written twice
  imm     an immediate out of range: 0, -1, 16, 32, 33, 255, 256, 1024,
          65536, 2**31, 2**32, 2**64 and a float for an integer
  target  the module's .target moved (sm_50 ... sm_100a), or its .version
          (6.0 ... 9.0): gating of instructions and modifiers
  direc   a directive added or changed: .maxnreg, .maxntid, .reqntid,
          .minnctapersm, .pragma, .file/.loc, .section, .alias, .weak,
          .noreturn, .explicitcluster, .reqnctapercluster
  call    a call form changed (the SYNTH modules carry calls): an argument
          dropped, added or retyped, the return dropped, the prototype or
          .uni, a callee's parameter list or return type
  regdecl  a register declaration's type changed, or made a vector
  align    an .align value changed (0, 3, 12, 256, 4096 ...)
  symbol   a declaration written twice, a used name made undeclared, a
           branch to a missing label
  guard    a guard that is no predicate (a .b32 register, 1, _)
  addrsize .address_size changed or removed
  param    a kernel parameter retyped, made .reg, aligned, given .ptr or
           made an array of unknown size
  bracket  an operand's brackets added ([%r1], [5]) or taken off a memory
           operand
  loc      a .loc's tail: function_name or inlined_at dropped, the two
           swapped, an unknown label, a location no .loc named, numbers
           past 32 bits
  oldver   an old .version and .target together (PTX 1.0-6.4, sm_10-sm_75)
  order    module directives swapped, a variable moved below its first
           user, a body's declaration below the first instruction
  proto    a .func's header written again as a prototype above the first
           function (as it is, a parameter retyped or dropped, a linkage or
           .noreturn added) or below the definition
  pair     a destination pair's half made the sink, a plain destination
           given a sink or a predicate half
  f16x2    a 32-bit register operand replaced by a .f16x2 register
The modules of SYNTH, written here, are added to the others: function
calls, prototypes, the cp.async and mbarrier forms, vectors, textures.

Usage: tests/lint/mutate.py [-j N] [-n FILES] [-m MUTANTS] [-s SEEDS] [-k KINDS] [-v] [-r RECORD] [DIR|FILE...]
       tests/lint/mutate.py [-v] -p RECORD
  -n   at most this many modules, the smallest first (default 60)
  -m   at most this many mutants per module and mutation (default 6)
  -s   the seeds of the mutations, comma separated (default 1): another
       seed, other mutants
  -k   only these mutations, comma separated (default: all)
  -v   print every disagreement (default: the first 3 per class)
  -r   write every mutant and ptxas's verdict to RECORD (the format is
       above record())
  -p   replay RECORD without ptxas: each mutant rebuilt and ptxas-lint's
       verdict compared with the recorded one (tests/lintmutate.test)
  $PTXAS (default /usr/local/cuda/bin/ptxas), $PTXAS_LINT (default ./ptxas-lint).
Prints the disagreements by class, the counts, and exits 1 when there are
any.  Deterministic for a given seed.  Not part of make check (make
lint-mutate): it needs ptxas and takes a few minutes; make check replays
the record tests/lint/mutants.txt.gz (make lint-mutate-record writes it).
"""
import collections
import hashlib
import concurrent.futures
import gzip
import io
import os
import random
import re
import subprocess
import sys
import tempfile

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
LINT = os.environ.get("PTXAS_LINT", "./ptxas-lint")
TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FINDINGS = {"alignment", "bounds", "pointer-space", "param-write", "barrier", "resources"}

TYPES = ["b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f16", "f16x2", "bf16",
         "f32", "f64", "pred"]
SPACES = ["global", "shared", "local", "const", "param"]
ADDS = ["ftz", "sat", "rn", "rz", "wide", "lo", "hi", "approx", "full", "cc", "volatile", "relaxed.gpu", "nc",
        "uni", "sync", "aligned", "noftz", "relu", "NaN"]
INSN = re.compile(r"^(\s*(?:@!?%\w+\s+)?)([a-z][\w.:]*)(\s+)([^;]*)(;.*)$")
REGDECL = re.compile(r"^\s*\.reg\s+\.(\w+)\s+(%\w+?)(<\d+>)?\s*;")
OPERAND = re.compile(r"%[A-Za-z_]\w*|(?<![\w.%])-?\d+(?![\w.])|0[fFdD][0-9a-fA-F]+")


def target(text):
    m = re.search(r"^\s*\.target\s+sm_(\d+)([af]?)", text, re.M)
    n = int(m.group(1)) if m else 75
    return "sm_%d%s" % (max(n, 75), m.group(2) if m and n >= 75 else "")


def registers(lines):
    """type -> a register name of that type (the first of a range)."""
    regs = {}
    for ln in lines:
        m = REGDECL.match(ln)
        if m and m.group(1) not in regs:
            regs[m.group(1)] = m.group(2) + ("1" if m.group(3) else "")
    return regs


def mutants(lines, rng, per):
    """(kind, line index, new line) for one module."""
    regs = registers(lines)
    out = collections.defaultdict(list)
    for i, ln in enumerate(lines):
        m = INSN.match(ln)
        if not m or ln.lstrip().startswith(".") or m.group(2).startswith(("ret", "bra", "exit", "call")):
            continue
        pre, op, sp, args, end = m.groups()
        words = op.split(".")
        for k, w in enumerate(words[1:], 1):
            if w in TYPES:
                t = rng.choice([x for x in TYPES if x != w])
                out["type"].append((i, pre + ".".join(words[:k] + [t] + words[k + 1:]) + sp + args + end))
            if w in SPACES:
                s = rng.choice([x for x in SPACES if x != w])
                out["space"].append((i, pre + ".".join(words[:k] + [s] + words[k + 1:]) + sp + args + end))
            if w.startswith("v") and w[1:] in ("2", "4"):
                nw = "v4" if w == "v2" else "v2"
                out["vector"].append((i, pre + ".".join(words[:k] + [nw] + words[k + 1:]) + sp + args + end))
            if w not in TYPES:
                out["drop"].append((i, pre + ".".join(words[:k] + words[k + 1:]) + sp + args + end))
        a = rng.choice(ADDS)
        out["add"].append((i, pre + ".".join(words[:1] + [a] + words[1:]) + sp + args + end))
        ops = list(OPERAND.finditer(args))
        if ops:
            o = rng.choice(ops)
            tok = o.group(0)
            if tok.startswith("%") and regs:
                alt = [r for r in regs.values() if r != tok and not r.startswith(tok.rstrip("0123456789"))]
                if alt:
                    out["width"].append((i, pre + op + sp + args[:o.start()] + rng.choice(alt) +
                                         args[o.end():] + end))
                out["kind"].append((i, pre + op + sp + args[:o.start()] + rng.choice(["1", "0f3f800000"]) +
                                    args[o.end():] + end))
            elif regs:
                out["kind"].append((i, pre + op + sp + args[:o.start()] + rng.choice(list(regs.values())) +
                                    args[o.end():] + end))
    for kind, lst in sorted(out.items()):
        rng.shuffle(lst)
        for i, new in lst[:per]:
            yield kind, i, new


EXCL = [["cta", "gpu", "sys", "cluster"], ["relaxed", "acquire", "release", "volatile"], ["ca", "cg", "cs", "lu", "cv"],
        ["wb", "wt", "cs"], ["rn", "rz", "rm", "rp"], ["rni", "rzi", "rmi", "rpi"], ["v2", "v4"],
        ["add", "min", "max", "and", "or", "xor", "exch", "inc", "dec"], ["up", "down", "bfly", "idx"],
        ["any", "all", "uni", "ballot"], ["wrap", "clamp"], ["L1::evict_last", "L1::evict_first", "L1::no_allocate"],
        ["L2::64B", "L2::128B", "L2::256B"], ["shared", "shared::cta", "shared::cluster"]]
IMMS = ["0", "-1", "16", "32", "33", "255", "256", "1024", "65536", "2147483648", "4294967296",
        "18446744073709551616", "1.5", "0x100000000", "-2147483649"]
TARGETS = ["sm_50", "sm_52", "sm_60", "sm_61", "sm_70", "sm_72", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a",
           "sm_100", "sm_100a", "sm_120"]
OLDPAIRS = [("1.4", "sm_13"), ("2.0", "sm_20"), ("2.3", "sm_20"), ("3.0", "sm_30"), ("3.1", "sm_35"), ("3.2", "sm_32"),
            ("4.0", "sm_52"), ("4.1", "sm_53"), ("4.2", "sm_60"), ("4.3", "sm_62"), ("5.0", "sm_70"), ("6.0", "sm_70"),
            ("6.3", "sm_75"), ("6.4", "sm_75"), ("1.0", "sm_10"), ("2.1", "sm_21"), ("3.0", "sm_35"), ("5.0", "sm_61")]
VERSIONS = ["6.0", "6.3", "6.4", "7.0", "7.3", "7.5", "7.8", "8.0", "8.3", "8.5", "8.6", "8.7", "8.8", "9.0"]
ENTRYDIR = [".maxnreg 0", ".maxnreg 16", ".maxnreg 255", ".maxnreg 300", ".maxntid 0", ".maxntid 1024",
            ".maxntid 1025", ".maxntid 32, 32, 2", ".maxntid 64, 64", ".reqntid 0", ".reqntid 128", ".reqntid 2048",
            ".reqntid 32, 2, 2", ".minnctapersm 0", ".minnctapersm 2", ".minnctapersm 64", ".noreturn",
            ".explicitcluster", ".reqnctapercluster 2, 1, 1", ".reqnctapercluster 0", ".maxclusterrank 8",
            ".maxclusterrank 0", ".pragma \"nounroll\";", ".maxntid 128\n.reqntid 128", ".maxntid 64\n.maxntid 64",
            ".maxnreg 32\n.maxnreg 32", ".blocksPerCluster 2"]
BODYDIR = [".pragma \"nounroll\";", ".pragma \"used_bytes_mask 0xf\";", ".pragma \"frobnicate\";", ".pragma nounroll;",
           ".loc 1 1 1", ".loc 9 1 1", ".maxnreg 32", ".reqntid 32", ".file 1 \"a.cu\"", ".pragma \"enable_smem_spilling\";"]
MODDIR = [".file 1 \"a.cu\"", ".file 1 \"a.cu\", 1700000000, 100", ".file 0 \"a.cu\"", ".file 1 \"a.cu\"\n.file 1 \"b.cu\"",
          ".section .debug_str { }", ".section .debug_info { .b8 1 }", ".section .text { }",
          ".pragma \"nounroll\";", ".weak .func wf();", ".weak .func wf()\n{\n\tret;\n}", ".extern .func ef();",
          ".alias k2, k;", ".visible .func vf()\n{\n\tret;\n}\n.alias af, vf;", ".global .u32 gv = 70000;",
          ".global .u8 gv[2] = {1, 300};", ".global .align 3 .b8 gv[4];", ".const .f32 cv = 0d3FF0000000000000;",
          ".maxnreg 32", ".global .u32 gv;\n.global .u32 gv;"]
CALL = re.compile(r"^(\s*call)(\.uni)?(\s+)(\(([^)]*)\)\s*,\s*)?([\w$%]+)(\s*,\s*\(([^)]*)\))?(\s*,\s*[\w$]+)?(\s*;.*)$")


def split_args(args):
    """Top-level operands of an argument string."""
    out, depth, cur = [], 0, ""
    for ch in args:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return out


def more_mutants(lines, rng, per):
    """(kind, line index, new line) of the newer mutations; a line index
    of -1 means the new text is the whole module."""
    regs = registers(lines)
    out = collections.defaultdict(list)
    text = "\n".join(lines)
    for i, ln in enumerate(lines):
        # .loc tails: the parts of `, function_name NAME, inlined_at F L C`
        # dropped, swapped or pointed elsewhere
        lt = re.match(r"^(\s*\.loc\s+\d+\s+\d+\s+\d+)(.*)$", ln)
        if lt:
            head, tail = lt.groups()
            f = re.search(r"function_name\s+([\w$]+)", tail)
            a = re.search(r"inlined_at\s+(\d+)\s+(\d+)\s+(\d+)", tail)
            if f and a:
                alts = [head + ", " + a.group(0), head + ", " + f.group(0), head + ", " + a.group(0) + ", " + f.group(0),
                        head + ", function_name nosuchlabel, " + a.group(0),
                        head + ", " + f.group(0) + ", inlined_at %s %s %d" % (a.group(1), a.group(2),
                                                                             int(a.group(3)) + 1000),
                        head + ", " + f.group(0) + ", inlined_at %s 4294967296 %s" % (a.group(1), a.group(3))]
            else:
                alts = [head + " 5", re.sub(r"\.loc\s+\d+", ".loc 4294967296", head),
                        re.sub(r"\.loc\s+(\d+)\s+\d+", r".loc \1 4294967295", head)]
            for x in alts:
                out["loc"].append((i, x))
        c = CALL.match(ln)
        if c:
            pre, uni, sp, ret, rets, fn, _, args, proto, end = c.groups()
            a = [x.strip() for x in args.split(",")] if args and args.strip() else []
            r = lambda **k: "".join([pre, k.get("uni", uni or ""), sp, k.get("ret", ret or ""), k.get("fn", fn),
                                     k.get("args", ", (%s)" % ", ".join(a) if args is not None else ""),
                                     k.get("proto", proto or ""), end])
            alts = [r(uni=".uni" if not uni else ""), r(ret=""), r(fn="nosuchfn")]
            if a:
                alts += [r(args=", (%s)" % ", ".join(a[:-1])), r(args=", (%s)" % ", ".join(a + [a[-1]])),
                         r(args="")]
            if ret:
                alts.append(r(ret="(%s, %s), " % (rets, rets)))
            if proto:
                alts += [r(proto=""), r(proto=", nosuchproto")]
            else:
                alts.append(r(proto=", " + fn))
            for x in alts:
                out["call"].append((i, x))
            continue
        if re.match(r"^\s*(\.visible\s+|\.extern\s+|\.weak\s+)?\.func\b", ln):
            for t, u in ((".b32", ".b64"), (".b64", ".b32"), (".u64", ".f64"), (".f32", ".b16")):
                if t in ln:
                    out["call"].append((i, ln.replace(t, u, 1)))
            out["call"].append((i, re.sub(r",[^,()]*\)", ")", ln, count=1)))
            continue
        m = INSN.match(ln)
        if not m or ln.lstrip().startswith(".") or m.group(2).startswith(("ret", "bra", "exit", "call")):
            continue
        pre, op, sp, args, end = m.groups()
        words = op.split(".")
        if len(words) > 1:
            k = rng.randrange(1, len(words))
            w = words[k]
            dup = words[:k + 1] + [w] + words[k + 1:]
            out["dupmod"].append((i, pre + ".".join(dup) + sp + args + end))
            grp = next((g for g in EXCL if w in g), None)
            if grp:
                o = rng.choice([x for x in grp if x != w])
                out["dupmod"].append((i, pre + ".".join(words[:k + 1] + [o] + words[k + 1:]) + sp + args + end))
        for b in re.finditer(r"\{([^{}]*)\}", args):
            el = [x.strip() for x in b.group(1).split(",")]
            subs = ["{%s}" % ", ".join(el[:-1]) if len(el) > 1 else "{}", "{%s}" % ", ".join(el + [el[-1]]), el[0],
                    "{%s}" % ", ".join(["1"] + el[1:]), "{%s}" % ", ".join(["_"] + el[1:])]
            if "pred" in regs:
                subs.append("{%s}" % ", ".join(el[:-1] + [regs["pred"]]))
            for x in subs:
                out["brace"].append((i, pre + op + sp + args[:b.start()] + x + args[b.end():] + end))
        ops = split_args(args)
        if ops:
            out["count"].append((i, pre + op + sp + ",".join(ops[:-1]) + end))
            out["count"].append((i, pre + op + sp + ",".join(ops + [ops[-1]]) + end))
        for o in re.finditer(r"(?<![\w.%$])-?(?:0[xX][0-9a-fA-F]+|\d+)(?![\w.])", args):
            out["imm"].append((i, pre + op + sp + args[:o.start()] + rng.choice(IMMS) + args[o.end():] + end))
        # an operand's kind in brackets: a value written as an address, an
        # address as a bare register or name
        if ops:
            k = rng.randrange(len(ops))
            o = ops[k].strip()
            if o.startswith("[") and o.endswith("]"):
                alt = o[1:-1].strip()
            elif re.match(r"^[%\w$]+$", o):
                alt = "[" + o + "]"
            else:
                alt = None
            if alt is not None:
                out["bracket"].append((i, pre + op + sp + ",".join(ops[:k] + [" " + alt] + ops[k + 1:]) + end))
    # module-level: .target, .version, directives
    if re.search(r"^\s*\.target\s", text, re.M):
        for t in rng.sample(TARGETS, 4):
            out["target"].append((-1, re.sub(r"^(\s*\.target\s+)sm_\w+", r"\g<1>" + t, text, count=1, flags=re.M)))
    if re.search(r"^\s*\.version\s", text, re.M):
        for v in rng.sample(VERSIONS, 4):
            out["target"].append((-1, re.sub(r"^(\s*\.version\s+)[\d.]+", r"\g<1>" + v, text, count=1, flags=re.M)))
    # the producers of PTX 1.x-5.x: an old .version with an old .target,
    # together (ptxas 13.0 still reads them for sm_75 and up)
    if re.search(r"^\s*\.version\s", text, re.M) and re.search(r"^\s*\.target\s", text, re.M):
        for v, t in rng.sample(OLDPAIRS, 4):
            x = re.sub(r"^(\s*\.version\s+)[\d.]+", r"\g<1>" + v, text, count=1, flags=re.M)
            out["oldver"].append((-1, re.sub(r"^(\s*\.target\s+)sm_\w+", r"\g<1>" + t, x, count=1, flags=re.M)))
    ent = next((i for i, ln in enumerate(lines) if re.match(r"^\s*(\.visible\s+)?\.entry\b", ln)), None)
    if ent is not None:
        brace = next((i for i in range(ent, min(ent + 40, len(lines))) if lines[i].strip() == "{"), None)
        if brace is not None:
            for d in rng.sample(ENTRYDIR, 4):
                out["direc"].append((-1, "\n".join(lines[:brace] + [d] + lines[brace:])))
            for d in rng.sample(BODYDIR, 3):
                out["direc"].append((-1, "\n".join(lines[:brace + 1] + ["\t" + d] + lines[brace + 1:])))
    # after the header (.version, .target, .address_size), the last of which ends it
    asz = max((i for i, ln in enumerate(lines[:40]) if re.match(r"^\s*\.(version|address_size|target)\b", ln)),
              default=None)
    if asz is not None:
        for d in rng.sample(MODDIR, 3):
            out["direc"].append((-1, "\n".join(lines[:asz + 1] + [d] + lines[asz + 1:])))
    for kind, lst in sorted(out.items()):
        rng.shuffle(lst)
        for i, new in lst[:per]:
            yield kind, i, new


ALIGNS = ["0", "1", "3", "6", "12", "32", "128", "256", "4096", "65536"]
PARAMTYPES = [".u8", ".s16", ".b32", ".u64", ".f16", ".bf16", ".f32", ".f64", ".pred", ".b128"]
DECLRE = re.compile(r"^(\s*\.reg\s+)(\.v[248]\s+)?\.(\w+)(\s+%\w+(?:<\d+>)?\s*;.*)$")


def decl_mutants(lines, rng, per):
    """(kind, line index, new line) of the declarations and symbols; a line
    index of -1 means the new text is the whole module.
      regdecl  a register declaration's type changed (.b32 -> .f64 ...), or
               a vector of registers
      align    an .align value changed (0, 3, 12, 4096 ...)
      symbol   a declaration written twice, a used name (register, variable,
               label, parameter) changed to one that is not declared
      guard    an instruction's guard a register of another type, or a
               constant, or the sink
      addrsize .address_size changed or removed
      param    a kernel parameter's type, space, alignment or .ptr changed"""
    regs = registers(lines)
    out = collections.defaultdict(list)
    text = "\n".join(lines)
    labels = set(re.findall(r"^\s*([\w$]+):", text, re.M))
    for i, ln in enumerate(lines):
        d = DECLRE.match(ln)
        if d:
            pre, vec, t, rest = d.groups()
            nt = rng.choice([x for x in TYPES if x != t] + ["b128", "u128"])
            out["regdecl"].append((i, pre + (vec or "") + "." + nt + rest))
            out["regdecl"].append((i, pre + rng.choice([".v2 ", ".v4 "]) + "." + t + rest))
            out["symbol"].append((-1, "\n".join(lines[:i + 1] + [ln] + lines[i + 1:])))
            continue
        a = re.search(r"\.align\s+(\d+)", ln)
        if a:
            out["align"].append((i, ln[:a.start(1)] + rng.choice([x for x in ALIGNS if x != a.group(1)]) +
                                 ln[a.end(1):]))
        if re.match(r"^\s*\.(global|shared|const)\s", ln) and ln.rstrip().endswith(";"):
            out["symbol"].append((-1, "\n".join(lines[:i + 1] + [ln] + lines[i + 1:])))
        if re.match(r"^\s*\.address_size\b", ln):
            for x in ("32", "16", "128"):
                out["addrsize"].append((i, re.sub(r"\d+", x, ln, count=1)))
            out["addrsize"].append((-1, "\n".join(lines[:i] + lines[i + 1:])))
        p = re.match(r"^(\s*(?:\.visible\s+)?\.entry\s+\w+\s*\(|\s*)(\.param\s+)((?:\.align\s+\d+\s+)?)(\.\w+)"
                     r"((?:\s+\.ptr(?:\.\w+)*)?)(\s+[\w$]+)(\[\d+\])?(.*)$", ln)
        if p and any(re.match(r"^\s*(\.visible\s+)?\.entry\b", lines[j]) for j in range(max(0, i - 40), i + 1)):
            head, sp, al, t, ptr, name, arr, tail = p.groups()
            alts = [head + sp + al + rng.choice([x for x in PARAMTYPES if x != t]) + ptr + name + (arr or "") + tail,
                    head + ".reg " + al + t + ptr + name + (arr or "") + tail,
                    head + sp + ".align " + rng.choice(ALIGNS) + " " + t + ptr + name + (arr or "") + tail,
                    head + sp + al + t + rng.choice([" .ptr", " .ptr.global", " .ptr.shared", " .ptr.global.align 3",
                                                     " .ptr.local.align 16", " .ptr.const"]) + name + (arr or "") +
                    tail]
            if not arr:
                alts.append(head + sp + al + t + ptr + name + "[0]" + tail)
            for x in alts:
                out["param"].append((i, x))
        m = INSN.match(ln)
        if not m or ln.lstrip().startswith("."):
            continue
        pre, op, sp, args, end = m.groups()
        g = re.match(r"^(\s*@!?)(%\w+)(\s+)$", pre)
        if g:
            alt = [r for t, r in regs.items() if t != "pred"] + ["1", "_", "%nosuchpred"]
            out["guard"].append((i, g.group(1) + rng.choice(alt) + g.group(3) + op + sp + args + end))
        names = [o for o in re.finditer(r"(?<![\w.$%])(%?[A-Za-z_$][\w$]*)", args)
                 if not re.match(r"^%(tid|ntid|ctaid|nctaid|laneid|warpid|clock|globaltimer|smid|lanemask)", o.group(1))]
        if names:
            o = rng.choice(names)
            nm = o.group(1)
            new = (nm + "_undeclared") if not nm[-1].isdigit() else nm + "99999"
            out["symbol"].append((i, pre + op + sp + args[:o.start(1)] + new + args[o.end(1):] + end))
        if op.startswith("bra") and labels:
            out["symbol"].append((i, pre + op + sp + "$nosuchlabel" + end))
    for kind, lst in sorted(out.items()):
        rng.shuffle(lst)
        for i, new in lst[:per]:
            yield kind, i, new


def run(argv, src):
    fd, path = tempfile.mkstemp(suffix=".ptx")
    try:
        os.write(fd, src.encode())
        os.close(fd)
        r = subprocess.run(argv + [path], capture_output=True, text=True, timeout=60)
        return r.returncode, r.stderr.replace(path, "<mutant>")
    except subprocess.TimeoutExpired:
        return None, "timeout"
    finally:
        os.unlink(path)


def compare(ptxas_ok, lrc, errs):
    """The verdict on one mutant: ptxas's (accepted or not) against
    ptxas-lint's exit status and error lines."""
    if lrc is None or lrc < 0 or lrc >= 2:
        return "crash"
    if not ptxas_ok and not errs:
        return "miss"
    if ptxas_ok and errs:
        # an error without a -W name is the parser's, never a finding
        checks = {m.group(1) for m in (re.search(r"\[-W([\w-]+)\]$", e) for e in errs) if m}
        tagged = all(re.search(r"\[-W[\w-]+\]$", e) for e in errs)
        return "finding" if tagged and checks <= FINDINGS else "false"
    return "agree"


def source(case):
    path, arch, kind, i, lines, new = case[:6]
    src = new + "\n" if i < 0 else "\n".join(lines[:i] + [new] + lines[i + 1:]) + "\n"
    return src, target(src) if i < 0 else arch


def judge(case):
    src, arch = source(case)
    prc, pout = run([PTXAS, "-arch=" + arch, "-o", os.devnull], src)
    perr = next((ln for ln in pout.splitlines() if "error" in ln or "fatal" in ln), pout.strip())
    if prc is None or prc < 0:
        return case, "ptxas-crash", pout, None  # ptxas itself dies on a few mutants: no verdict
    lrc, lout = run([LINT, "-arch=" + arch], src)
    errs = [ln for ln in lout.splitlines() if ": error: " in ln]
    verdict = compare(prc == 0, lrc, errs)
    why = {"crash": lout, "miss": perr, "agree": ""}.get(verdict, errs[0] if errs else "")
    return case, verdict, why, (prc == 0, perr)


# Clean modules for the forms the recorded kernels seldom have: calls and
# prototypes, the memory forms of every space, vectors, async copies,
# mbarriers, textures and the performance directives.
SYNTH = {
    "calls": """.version 8.7
.target sm_90
.address_size 64
.func (.param .b32 r) add2(.param .b32 a, .param .b32 b)
{
	.reg .b32 %r<4>;
	ld.param.b32 %r1, [a];
	ld.param.b32 %r2, [b];
	add.s32 %r3, %r1, %r2;
	st.param.b32 [r], %r3;
	ret;
}
.func noop(.param .b64 q)
{
	ret;
}
.func (.param .align 8 .b8 rv[16]) pair(.param .f64 x)
{
	.reg .f64 %fd<2>;
	ld.param.f64 %fd1, [x];
	st.param.f64 [rv], %fd1;
	st.param.f64 [rv+8], %fd1;
	ret;
}
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.reg .f64 %fd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	{
	.param .b32 pa;
	.param .b32 pb;
	.param .b32 pr;
	st.param.b32 [pa], %r1;
	st.param.b32 [pb], %r2;
	call.uni (pr), add2, (pa, pb);
	ld.param.b32 %r3, [pr];
	}
	{
	.param .b64 pp;
	st.param.b64 [pp], %rd1;
	call noop, (pp);
	}
	{
	.param .b64 pp;
	.reg .b64 %fp;
	st.param.b64 [pp], %rd1;
	mov.u64 %fp, noop;
	proto: .callprototype _ (.param .b64 _);
	call %fp, (pp), proto;
	}
	{
	.param .f64 px;
	.param .align 8 .b8 pv[16];
	cvt.rn.f64.u32 %fd1, %r3;
	st.param.f64 [px], %fd1;
	call (pv), pair, (px);
	ld.param.f64 %fd2, [pv+8];
	}
	cvt.rzi.u32.f64 %r4, %fd2;
	st.global.u32 [%rd1], %r4;
	ret;
}
""",
    "memory": """.version 8.7
.target sm_90
.address_size 64
.global .align 16 .b8 gbuf[256];
.const .align 16 .b8 cbuf[64];
.visible .entry k(.param .u64 out, .param .u64 in)
.maxntid 128
.minnctapersm 2
{
	.reg .pred %p<4>;
	.reg .b16 %rs<4>;
	.reg .b32 %r<16>;
	.reg .f32 %f<8>;
	.reg .b64 %rd<8>;
	.shared .align 16 .b8 sbuf[512];
	.shared .align 8 .b64 mbar;
	.local .align 8 .b8 lbuf[32];
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [in];
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 4;
	cvt.u64.u32 %rd3, %r2;
	add.s64 %rd4, %rd2, %rd3;
	ld.global.v4.u32 {%r3, %r4, %r5, %r6}, [%rd4];
	ld.global.nc.v2.f32 {%f1, %f2}, [%rd4+8];
	ld.const.v2.u32 {%r7, %r8}, [cbuf+8];
	mov.u32 %r9, sbuf;
	add.s32 %r10, %r9, %r2;
	st.shared.v4.u32 [%r10], {%r3, %r4, %r5, %r6};
	st.local.v2.f32 [lbuf+8], {%f1, %f2};
	ld.local.v2.f32 {%f3, %f4}, [lbuf+8];
	atom.shared.cas.b32 %r11, [%r10], %r3, %r4;
	atom.global.add.u64 %rd5, [%rd1], 1;
	red.global.add.f32 [%rd1+8], %f3;
	atom.global.relaxed.gpu.exch.b32 %r12, [%rd1+16], %r5;
	ld.acquire.gpu.global.u32 %r13, [%rd1+20];
	st.release.gpu.global.u32 [%rd1+24], %r13;
	ld.volatile.shared.u16 %rs1, [%r10];
	st.global.cs.u16 [%rd1+28], %rs1;
	mov.b64 {%r14, %r15}, %rd5;
	mov.b32 %f5, %r14;
	st.global.v2.f32 [%rd1+32], {%f4, %f5};
	setp.eq.u32 %p1, %r1, 0;
	@%p1 mbarrier.init.shared.b64 [mbar], 128;
	bar.sync 0;
	cp.async.ca.shared.global [sbuf+256], [%rd4], 16;
	cp.async.cg.shared.global [sbuf+272], [%rd4], 16, 8;
	cp.async.commit_group;
	cp.async.wait_group 0;
	mbarrier.arrive.shared.b64 %rd6, [mbar];
$W:
	mbarrier.test_wait.shared.b64 %p2, [mbar], %rd6;
	@!%p2 bra $W;
	ld.shared.v4.f32 {%f1, %f2, %f3, %f4}, [sbuf+256];
	add.f32 %f6, %f1, %f4;
	prefetch.global.L2 [%rd4];
	st.global.f32 [%rd1+40], %f6;
	ret;
}
""",
    "texture": """.version 8.7
.target sm_90
.address_size 64
.global .texref tex0;
.visible .entry k(.param .u64 out, .param .u64 tobj)
.reqntid 64, 1, 1
{
	.reg .b32 %r<8>;
	.reg .f32 %f<8>;
	.reg .b64 %rd<4>;
	.pragma "nounroll";
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [tobj];
	mov.u32 %r1, %tid.x;
	cvt.rn.f32.u32 %f1, %r1;
	tex.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [tex0, {%f1, %f1}];
	tex.1d.v4.s32.s32 {%r2, %r3, %r4, %r5}, [%rd2, {%r1}];
	tld4.r.2d.v4.f32.f32 {%f2, %f3, %f4, %f6}, [tex0, {%f1, %f1}];
	txq.width.b32 %r6, [tex0];
	add.f32 %f7, %f2, %f6;
	add.s32 %r7, %r2, %r6;
	st.global.f32 [%rd1], %f7;
	st.global.u32 [%rd1+4], %r7;
	ret;
}
""",
    "warp": """.version 8.7
.target sm_90
.address_size 64
.file 1 "k.cu"
.visible .entry k(.param .u64 out)
.maxnreg 64
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .f32 %f<4>;
	.reg .b64 %rd<4>;
	.loc 1 3 0
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, 0;
$L:
	.pragma "nounroll";
	shfl.sync.bfly.b32 %r3|%p1, %r1, 1, 31, -1;
	vote.sync.ballot.b32 %r4, %p1, -1;
	match.any.sync.b32 %r5, %r3, -1;
	redux.sync.add.u32 %r6, %r1, -1;
	activemask.b32 %r7;
	bar.warp.sync -1;
	prmt.b32 %r8, %r4, %r5, 0x3210;
	bfe.u32 %r9, %r8, 4, 8;
	bfi.b32 %r10, %r9, %r6, 8, 4;
	shf.l.wrap.b32 %r11, %r10, %r7, 3;
	lop3.b32 %r12, %r11, %r9, %r8, 0x96;
	dp4a.u32.u32 %r13, %r12, %r11, %r10;
	add.s32 %r2, %r2, %r13;
	add.s32 %r1, %r1, 32;
	setp.lt.u32 %p2, %r1, 1024;
	@%p2 bra.uni $L;
	cvt.rn.f32.s32 %f1, %r2;
	sqrt.approx.ftz.f32 %f2, %f1;
	st.global.f32 [%rd1], %f2;
	ret;
}
""",
}


def changed(lines, i, new):
    """The mutated line, or the lines a module-level mutation changed."""
    if i >= 0:
        return new.strip()
    old = set(lines)
    return " | ".join(ln.strip() for ln in new.split("\n") if ln not in old) or "(lines removed)"


def synth():
    """The modules of SYNTH that ptxas accepts, as modules() gives them."""
    out = []
    for name, text in SYNTH.items():
        if run([PTXAS, "-arch=" + target(text), "-o", os.devnull], text)[0] == 0:
            out.append((os.path.join(TOP, "tests", "lint", "mutate.py:" + name), target(text), text.split("\n")))
        else:
            print("mutate.py: ptxas refuses SYNTH module %s" % name, file=sys.stderr)
    return out


def modules(args, limit):
    roots = args or [os.path.join(TOP, "tests", d) for d in ("run", "isa", "corpus")]
    files = []
    for r in roots:
        if os.path.isfile(r):
            files.append(r)
        for d, _, names in os.walk(r):
            files += [os.path.join(d, n) for n in names if n.endswith(".ptx")]
    files = sorted(set(files), key=lambda f: (os.path.getsize(f), f))
    # clean modules only: what ptxas accepts
    out = []
    for f in files:
        if len(out) >= limit:
            break
        text = open(f, encoding="utf-8", errors="replace").read()
        arch = target(text)
        if run([PTXAS, "-arch=" + arch, "-o", os.devnull], text)[0] == 0:
            out.append((f, arch, text.split("\n")))
    return out


# The record (-r, replayed by -p): one mutant a line, tab-separated,
#   ok|fail  mutation  seed  module  arch  sha1  line  count  text  ptxas's error
# ptxas's verdict, how the mutant was made, and the mutant itself as the
# module (a path under the top folder, or mutate.py:NAME of SYNTH, whose
# text hashes to sha1) with its lines line .. line+count-1 (from 1)
# replaced by text (\n between lines, \t and \\ escaped; \- for no lines).  The mutant is in
# the record, not only its seed: a later change to the mutations leaves the
# recorded ones as they were.
def escape(t):
    return t.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def unescape(t):
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n"}.get(m.group(1), m.group(1)), t)


def sha(text):
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def delta(lines, src):
    """(first changed line index, how many, the new lines): src against lines."""
    new = src[:-1].split("\n")
    a = 0
    while a < min(len(lines), len(new)) and lines[a] == new[a]:
        a += 1
    b = 0
    while b < min(len(lines), len(new)) - a and lines[-1 - b] == new[-1 - b]:
        b += 1
    return a, len(lines) - a - b, new[a:len(new) - b]


def module_name(f):
    return os.path.relpath(f, TOP) if f.startswith(TOP + os.sep) and ".py:" not in f else \
        "tests/lint/mutate.py:" + f.rsplit(":", 1)[1] if ".py:" in f else f


def textfile(path, mode):
    """path opened as text; a .gz one through gzip, with no time stamp in
    it, so that the same record writes the same bytes."""
    if path.endswith(".gz"):
        return io.TextIOWrapper(gzip.GzipFile(path, mode + "b", mtime=0), encoding="utf-8")
    return open(path, mode, encoding="utf-8")


def record(path, results):
    with textfile(path, "w") as out:
        out.write("# tests/lint/mutate.py -r: mutants with ptxas %s's verdicts, replayed by tests/lintmutate.test\n"
                  % ptxas_version())
        for case, verdict, why, pv in results:
            if pv is None:
                continue  # ptxas crashed: no verdict to keep
            f, arch, kind, i, lines, new, seed = case
            src, arch = source(case)
            a, n, repl = delta(lines, src)
            ok, perr = pv
            perr = "" if ok else re.sub(r"^.*?(error|fatal)", r"\1", perr.strip())[:160]
            out.write("\t".join([("ok" if ok else "fail"), kind, str(seed), module_name(f), arch,
                                 sha("\n".join(lines)), str(a + 1), str(n), escape("\n".join(repl)) if repl else "\\-",
                                 escape(perr)]) + "\n")


def ptxas_version():
    try:
        r = subprocess.run([PTXAS, "--version"], capture_output=True, text=True, timeout=60)
        m = re.search(r"release ([\d.]+)", r.stdout)
        return m.group(1) if m else "?"
    except OSError:
        return "?"


def replay(path, verbose):
    """Rebuild every recorded mutant and run ptxas-lint on them, many files
    a run; ptxas-lint's verdict must be the recorded one.  Needs no ptxas."""
    texts, rows, stale = {}, [], 0
    for n, ln in enumerate(textfile(path, "r"), 1):
        if ln.startswith("#") or not ln.strip():
            continue
        want, kind, seed, mod, arch, h, a, cnt, repl, perr = ln.rstrip("\n").split("\t")
        if mod not in texts:
            if ".py:" in mod:
                t = SYNTH.get(mod.rsplit(":", 1)[1])
            else:
                fp = os.path.join(TOP, mod)
                t = open(fp, encoding="utf-8", errors="replace").read() if os.path.isfile(fp) else None
            texts[mod] = t
        t = texts[mod]
        if t is None or sha(t) != h:
            stale += 1  # the module changed since the record was made
            continue
        lines = t.split("\n")
        a, cnt = int(a) - 1, int(cnt)
        src = "\n".join(lines[:a] + ([] if repl == "\\-" else unescape(repl).split("\n")) + lines[a + cnt:]) + "\n"
        rows.append((n, want, kind, mod, arch, src, unescape(perr), (mod, a + 1, repl)))
    known = {}
    kp = re.sub(r"\.txt(\.gz)?$", ".known", path)
    if os.path.isfile(kp):
        for ln in open(kp, encoding="utf-8"):
            f = ln.rstrip("\n").split("\t")
            if len(f) == 4 and not ln.startswith("#"):
                known[f[0], int(f[1]), f[2]] = f[3]
    count = collections.Counter()
    bad = []
    with tempfile.TemporaryDirectory() as d:
        byarch = collections.defaultdict(list)
        for r in rows:
            fp = os.path.join(d, "m%d.ptx" % r[0])
            with open(fp, "w") as o:
                o.write(r[5])
            byarch[r[4]].append((fp, r))
        for arch, lst in sorted(byarch.items()):
            for k in range(0, len(lst), 256):
                chunk = lst[k:k + 256]
                p = subprocess.run([LINT, "-arch=" + arch] + [fp for fp, _ in chunk], capture_output=True,
                                   text=True, timeout=600)
                single = p.returncode not in (0, 1)  # a crash: find whose, one file a run
                errs = collections.defaultdict(list)
                for e in p.stderr.splitlines():
                    m = re.match(r"^(.*?\.ptx):\d+:\d+: error: ", e)
                    if m:
                        errs[m.group(1)].append(e)
                for fp, r in chunk:
                    lrc = 0
                    if single:
                        q = subprocess.run([LINT, "-arch=" + arch, fp], capture_output=True, text=True, timeout=60)
                        lrc = q.returncode
                        errs[fp] = [e for e in q.stderr.splitlines() if re.match(r"^.*?\.ptx:\d+:\d+: error: ", e)]
                    v = compare(r[1] == "ok", lrc, errs[fp])
                    if v not in ("agree", "finding") and r[7] in known:
                        v = "known"
                    count[v] += 1
                    count[v, r[2]] += 1
                    if v not in ("agree", "finding", "known"):
                        bad.append((v, r, errs[fp]))
    for v, (n, want, kind, mod, arch, src, perr, key), e in bad[:None if verbose else 40]:
        print("%s %s %s (record line %d, -arch=%s): ptxas %s" % (v.upper(), kind, mod, n, arch,
              "accepts it" if want == "ok" else "says " + perr))
        if e:
            print("\t" + e[0].split(": ", 1)[1])
        if verbose:
            print("\tknown line: %s\t%d\t%s\t" % key)
    kinds = sorted({k for x in count if isinstance(x, tuple) for k in [x[1]]})
    print("%-8s %6s %6s %6s %6s %6s %6s" % ("mutation", "agree", "miss", "false", "finding", "crash", "known"))
    for k in kinds:
        print("%-8s %6d %6d %6d %6d %6d %6d" % (k, count["agree", k], count["miss", k], count["false", k],
                                                count["finding", k], count["crash", k], count["known", k]))
    print("%d mutants replayed, %d stale (their module changed: record again with -r), %d disagreements, "
          "%d known (%s)" % (len(rows), stale, len(bad), count["known"], os.path.basename(kp)))
    return 1 if bad else 0


FUNCHEAD = re.compile(r"^\s*((?:\.visible|\.weak|\.extern)\s+)?\.func\b")
PARAMTY = re.compile(r"(\.(?:param|reg)\s+(?:\.align\s+\d+\s+)?)\.(b8|b16|b32|b64|u32|u64|s32|f32|f64|pred)\b")


def order_mutants(lines, rng, per):
    """(kind, line index, new line) of the module's order and of function
    headers; a line index of -1 means the new text is the whole module.
      order    two module directives swapped (.version, .target,
               .address_size), a module variable moved below its first user,
               a body's declaration moved below the first instruction
      proto    a .func's header written again as a prototype, above the
               module's first function or below the definition: as it is,
               or with a parameter retyped or dropped, a linkage or .noreturn
               added
      pair     a destination pair's half made the sink (d|_, _|p), a plain
               destination given one (d|_, d|%p)
      f16x2    a 32-bit register operand replaced by a .f16x2 register"""
    out = collections.defaultdict(list)
    heads = [i for i, ln in enumerate(lines) if re.match(r"^\s*\.(version|target|address_size)\b", ln)]
    for a in range(len(heads)):
        for b in range(a + 1, len(heads)):
            x = list(lines)
            x[heads[a]], x[heads[b]] = x[heads[b]], x[heads[a]]
            out["order"].append((-1, "\n".join(x)))
    first = next((i for i, ln in enumerate(lines) if re.match(r"^\s*(\.visible\s+|\.weak\s+)?\.(entry|func)\b", ln)),
                 None)
    for i, ln in enumerate(lines):
        v = re.match(r"^\s*\.(global|shared|const)\s.*?([\w$]+)(\[\d*\])?\s*(=.*)?;\s*$", ln)
        if v and first is not None and i < first:
            use = next((j for j in range(first, len(lines)) if re.search(r"\b%s\b" % re.escape(v.group(2)),
                                                                          lines[j])), None)
            if use is not None:
                x = lines[:i] + lines[i + 1:use] + [lines[use], ln] + lines[use + 1:]
                out["order"].append((-1, "\n".join(x)))
        if re.match(r"^\s*\.reg\s", ln) and i + 1 < len(lines):
            nxt = next((j for j in range(i + 1, min(len(lines), i + 40)) if INSN.match(lines[j]) and
                        not lines[j].lstrip().startswith(".")), None)
            if nxt is not None:
                x = lines[:i] + lines[i + 1:nxt + 1] + [ln] + lines[nxt + 1:]
                out["order"].append((-1, "\n".join(x)))
    # function headers: from the .func line to the one before its body
    for i, ln in enumerate(lines):
        if not FUNCHEAD.match(ln) or first is None:
            continue
        j = i
        while j < len(lines) and "{" not in lines[j] and ";" not in lines[j]:
            j += 1
        if j >= len(lines) or ";" in lines[j] and "{" not in lines[j]:
            continue
        head = lines[i:j] + ([lines[j].split("{")[0]] if lines[j].split("{")[0].strip() else [])
        end = next((k for k in range(j, len(lines)) if lines[k].strip() == "}"), None)
        proto = "\n".join(head) + ";"
        variants = [proto]
        m = list(PARAMTY.finditer(proto))
        if m:
            o = rng.choice(m)
            variants.append(proto[:o.start(2)] + rng.choice([t for t in ("b16", "b32", "b64", "f32", "u64")
                                                             if t != o.group(2)]) + proto[o.end(2):])
            variants.append(re.sub(r",?\s*\.(?:param|reg)\s+[^,()]*\)\s*;$", ")\n;", proto, count=1))
        bare = re.sub(r"^(\s*)(?:\.visible\s+|\.weak\s+|\.extern\s+)?", r"\1", proto, count=1)
        variants.append(rng.choice([".visible ", ".weak ", ".extern "]) + bare.lstrip())
        variants.append(proto[:-1] + " .noreturn;")
        for v in variants:
            out["proto"].append((-1, "\n".join(lines[:first] + [v] + lines[first:])))
        if end is not None:
            out["proto"].append((-1, "\n".join(lines[:end + 1] + [proto] + lines[end + 1:])))
    brace = next((i for i, ln in enumerate(lines) if ln.strip() == "{"), None)
    preds = registers(lines)
    for i, ln in enumerate(lines):
        m = INSN.match(ln)
        if not m or ln.lstrip().startswith("."):
            continue
        pre, op, sp, args, end = m.groups()
        ops = split_args(args)
        if not ops:
            continue
        d = ops[0].strip()
        pair = re.match(r"^(%\w+)\|(%\w+)$", d)
        if pair:
            for x in (pair.group(1) + "|_", "_|" + pair.group(2)):
                out["pair"].append((i, pre + op + sp + ",".join([x] + ops[1:]) + end))
        elif re.match(r"^%\w+$", d) and not op.startswith(("st", "red", "call", "bar", "fence", "prefetch")):
            for x in (d + "|_",) + ((d + "|" + preds["pred"],) if "pred" in preds else ()):
                out["pair"].append((i, pre + op + sp + ",".join([" " + x] + ops[1:]) + end))
        if brace is not None and i > brace:
            regs32 = [k for k, o in enumerate(ops) if re.match(r"^\s*%r\d+\s*$", o)]
            if regs32:
                k = rng.choice(regs32)
                x = ops[:k] + [" %h_mut"] + ops[k + 1:]
                new = pre + op + sp + ",".join(x).lstrip() + end
                out["f16x2"].append((-1, "\n".join(lines[:brace + 1] + ["\t.reg .f16x2 %h_mut;",
                                                                         "\t.reg .pred %p_mut;"] +
                                                   lines[brace + 1:i] + [new] + lines[i + 1:])))
    for kind, lst in sorted(out.items()):
        rng.shuffle(lst)
        for i, new in lst[:per]:
            yield kind, i, new


def main(argv):
    jobs, limit, per, seeds, verbose, args, only, rec = 2, 60, 6, [1], False, [], None, None
    it = iter(argv)
    for a in it:
        if a == "-j":
            jobs = int(next(it))
        elif a == "-n":
            limit = int(next(it))
        elif a == "-m":
            per = int(next(it))
        elif a == "-s":
            seeds = [int(x) for x in next(it).split(",")]
        elif a == "-k":
            only = set(next(it).split(","))
        elif a == "-v":
            verbose = True
        elif a == "-r":
            rec = next(it)
        elif a == "-p":
            return replay(next(it), verbose)
        else:
            args.append(a)
    cases = []
    mods = modules(args, limit) + ([] if args else synth())
    for seed in seeds:
        rng = random.Random(seed)
        for f, arch, lines in mods:
            for gen in (mutants, more_mutants, decl_mutants, order_mutants):
                for kind, i, new in gen(lines, rng, per):
                    if only is None or kind in only:
                        cases.append((f, arch, kind, i, lines, new, seed))
    count = collections.Counter()
    shown = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(judge, cases))
        for (f, arch, kind, i, lines, new, seed), verdict, why, _ in results:
            count[verdict] += 1
            count[verdict, kind] += 1
            if verdict in ("agree", "finding", "ptxas-crash"):
                continue
            shown[verdict, kind] += 1
            if verbose or shown[verdict, kind] <= 3:
                print("%s %-6s %s:%d (-arch=%s)\n\t%s\n\t# %s" % (verdict.upper(), kind, os.path.relpath(f, TOP),
                      i + 1, target(new) if i < 0 else arch, changed(lines, i, new),
                      why.strip().splitlines()[0] if why.strip() else ""))
    kinds = sorted({k for v, k in (x for x in count if isinstance(x, tuple))})
    print("%-8s %6s %6s %6s %6s %6s" % ("mutation", "agree", "miss", "false", "finding", "crash"))
    for k in kinds:
        print("%-8s %6d %6d %6d %6d %6d" % (k, count["agree", k], count["miss", k], count["false", k],
                                            count["finding", k], count["crash", k]))
    print("%-8s %6d %6d %6d %6d %6d" % ("total", count["agree"], count["miss"], count["false"], count["finding"],
                                        count["crash"]))
    print("%d mutants (%d crash ptxas), %d disagreements (miss: ptxas rejects, ptxas-lint accepts; false: the"
          " reverse; crash: ptxas-lint's)" % (len(cases), count["ptxas-crash"],
                                              count["miss"] + count["false"] + count["crash"]))
    if rec:
        record(rec, results)
    return 1 if count["miss"] or count["false"] or count["crash"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
