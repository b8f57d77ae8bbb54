"""Checks that the storage rules' work grows linearly with the program.

Usage: storage-work-linear.py SMALL LARGE

Each file holds what one `ng-opt --pass-pipeline=...` run printed: the
`--ng-print-summary` lines ("method 'forward': N nodes ...") and, after
each measured pass, `--ng-test-storage-work`'s "storage work: Q questions,
S steps" (the first report, before any pass, is the parse's). The passes'
names are given on the first line of each file, as "passes: a b c".

For each pass, prints "<pass>: linear" when the questions and the steps per
node of LARGE are at most 1.25 times SMALL's, else "<pass>: NOT linear"
with the figures, and exits 1.
"""

import re
import sys

LIMIT = 1.25


def read(path):
    text = open(path).read()
    passes = re.search(r"^passes: (.*)$", text, re.M).group(1).split()
    nodes = sum(int(n) for n in re.findall(r"^method '[^']*': (\d+) nodes", text, re.M))
    work = [(int(q), int(s)) for q, s in
            re.findall(r"^storage work: (\d+) questions, (\d+) steps$", text, re.M)]
    # The first report is the parse's (and the summary's): not a pass.
    if len(work) != len(passes) + 1:
        sys.exit(f"{path}: {len(work)} work reports for {len(passes)} passes")
    return passes, nodes, dict(zip(passes, work[1:]))


small_passes, small_nodes, small = read(sys.argv[1])
large_passes, large_nodes, large = read(sys.argv[2])
if small_passes != large_passes:
    sys.exit("the two runs ran different passes")
if large_nodes < 5 * small_nodes:
    sys.exit(f"the large program ({large_nodes} nodes) is not 5x the small one "
             f"({small_nodes})")

failed = False
for name in small_passes:
    (sq, ss), (lq, ls) = small[name], large[name]
    if ss == 0 or sq == 0:
        print(f"{name}: no work measured")
        failed = True
        continue
    growth_q = (lq / large_nodes) / (sq / small_nodes)
    growth_s = (ls / large_nodes) / (ss / small_nodes)
    if growth_q <= LIMIT and growth_s <= LIMIT:
        print(f"{name}: linear")
    else:
        print(f"{name}: NOT linear: {sq} -> {lq} questions, {ss} -> {ls} steps "
              f"for {small_nodes} -> {large_nodes} nodes (per node x{growth_q:.2f}, "
              f"x{growth_s:.2f})")
        failed = True
sys.exit(1 if failed else 0)
