#!/usr/bin/env python3
"""One pass pipeline through ng's Python module, timed as run_passes.sh times
ng-opt: one thread, no verifier, the pass manager's run alone.

    python_passes.py PROGRAM [--constants FILE] PIPELINE

PROGRAM is an .nptg or .ptn (ng.load); PIPELINE a textual pipeline on the
module ("cse", "ng.method(ng-collapse-view-copy)"). Prints "seconds S".
bench/run_passes.sh --bindings runs it beside ng-opt on the same program.
"""
import argparse
import time

import ng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program")
    parser.add_argument("--constants")
    parser.add_argument("pipeline")
    args = parser.parse_args()
    program = ng.load(args.program, constants=args.constants)
    start = time.perf_counter()
    program.run_passes(args.pipeline, verify=False)
    print(f"seconds {time.perf_counter() - start:.6f}")


if __name__ == "__main__":
    main()
