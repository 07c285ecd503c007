#!/usr/bin/env python3
# sanitizer-table.py -- prints doc/checks.md's table of the check cases:
# for each line of cases, what compute-sanitizer reported for it on the GPU
# (sanitizer.txt, case N = the Nth case line) beside what --check=all must
# report (the line's last field).  Run from tests/check:
#   python3 sanitizer-table.py > /tmp/table.md
import re
import sys

TOOLS = ("memcheck", "racecheck", "initcheck", "synccheck")


def cases():
    out = []
    for line in open("cases"):
        if line.startswith("#") or not line.strip():
            continue
        f, opts, want = (x.strip() for x in line.split("|"))
        out.append((f, opts, want))
    return out


def sanitizer():
    """{(case, tool): summary} from sanitizer.txt"""
    res, cur, lines = {}, None, []
    for line in open("sanitizer.txt", errors="replace"):   # kernels write their bytes
        if line.startswith(("# ", "program: ")):   # a comment, a run of no case: no record
            cur = None
            continue
        m = re.match(r"case (\d+): .* \((\w+)\)$", line)
        if m:
            cur = (int(m.group(1)), m.group(2))
            res[cur] = []
            continue
        if cur is not None:
            res[cur].append(line.rstrip("\n"))
    return {k: summary(v) for k, v in res.items()}


def summary(lines):
    kinds, total, failed = {}, None, None
    if "exit 124" in lines:
        return "does not finish (killed)"
    for j, ln in enumerate(lines):
        if "kernel launch failed" in ln:
            failed = ln.split("kernel launch failed: ", 1)[1]
        if "========= " not in ln:   # the kernel's own output may precede it on the line
            continue
        t = ln[ln.index("========= ") + 10:].strip()
        m = re.match(r"ERROR SUMMARY: (\d+) errors?$", t)
        if m:
            total = int(m.group(1))
            continue
        m = re.match(r"RACECHECK SUMMARY: (\d+) hazards? displayed \((\d+) errors?, (\d+) warnings?\)", t)
        if m:
            total = int(m.group(2)) + int(m.group(3))
            continue
        m = re.match(r"(Error|Warning): Race reported between (\w+) access", t)
        if m:
            nxt = lines[j + 1] if j + 1 < len(lines) else ""
            m2 = re.search(r"and (\w+) access .*\[(\d+) hazards?\]", nxt)
            t = "race %sbetween %s and %s" % ("(a warning) " if m.group(1) == "Warning" else "", m.group(2).lower(),
                                             m2.group(1).lower() if m2 else "?")
            if m2:
                t += " (%s hazards)" % m2.group(2)
        if "Dynamic Parallelism is not supported" in t:
            kinds["no dynamic parallelism"] = 1
            continue
        if t.startswith(("Uninitialized", "Illegal", "Invalid", "Barrier", "Race", "race", "Divergent",
                         "Memory leak", "Leaked", "Misaligned", "Out of bounds", "Program hit", "Malloc/Free")) or \
                t.startswith("Error"):
            t = re.sub(r" of size \d+ bytes?", "", t)
            t = re.sub(r"^(Leaked [\d,]+ bytes) at 0x[0-9a-f]+", r"\1", t)   # one a block
            kinds[t] = kinds.get(t, 0) + 1
    parts = []
    for k, n in kinds.items():
        parts.append(k)
    s = "; ".join(parts)
    if total:
        s = "%s (%d)" % (s or "errors", total)
    if failed:
        s = (s + "; " if s else "") + "the launch fails: " + failed.replace(" was encountered", "")
    if total is None and "exit 139" in lines:   # the tool itself crashed, before its summary
        s = (s + "; " if s else "") + "no summary: the run crashes (exit 139)"
    return s or "-"


def main():
    san = sanitizer()
    print("| # | case | compute-sanitizer memcheck | racecheck | initcheck | synccheck | `--check=all` |")
    print("|---|---|---|---|---|---|---|")
    for i, (f, opts, want) in enumerate(cases(), 1):
        k = re.search(r"-k (\w+)", opts)
        name = f + (" " + k.group(1) if k else "")
        cols = []
        for t in TOOLS:
            cols.append(san.get((i, t), "not recorded"))
        w = "clean" if want == "clean" else ", ".join("`%s`" % x for x in want.split())
        print("| %d | %s | %s | %s |" % (i, name, " | ".join(cols), w))


if __name__ == "__main__":
    sys.exit(main())
