#!/usr/bin/env python3
"""Wall time of one gpucc compile against its -j (issue 18, "Scale": compile instances in parallel).

gpucc builds and optimizes a file's kernel instances in parts on -j threads, runs one ptxas per part
and joins the parts (compiler/target/ParallelModules.h, DeviceParts.h). This script compiles the
same inputs at several -j, each from scratch into a fresh folder, and prints per run: wall seconds,
CPU seconds of gpucc and its tools (user + system, from wait4), the largest resident set of gpucc or
any one tool, and the speed-up over -j1. The inputs come from compiler_scale_inputs.py
(many_kernels_N.dsl, and placeholders.dsl: 2,197 instances of one kernel). It needs a machine with
cores to spare: on a shared 2-core machine the wall figures measure the neighbours.

Usage: compiler_parallel_scale.py --gpucc PATH --work DIR [--kernels N] [--jobs 1,2,4,...]
       [--placeholder-jobs 4,16] [--cuda-path DIR]
Writes DIR/results.jsonl and prints a table.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def compile_once(gpucc, source, out_dir, jobs, cuda_path):
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    command = [gpucc, f"-j{jobs}", "--quiet", "-o", out_dir, source]
    if cuda_path:
        command.insert(1, f"--cuda-path={cuda_path}")
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.execv(gpucc, command)
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - started
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"compiler_parallel_scale: gpucc -j{jobs} failed on {source}")
    return {"wall_s": round(wall, 2), "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
            "max_rss_kb": usage.ru_maxrss}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpucc", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--kernels", type=int, default=400)
    parser.add_argument("--jobs", default="1,2,4,8,16")
    parser.add_argument("--placeholder-jobs", default="")
    parser.add_argument("--cuda-path", default="")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(HERE, "compiler_scale_inputs.py"), args.work,
                    str(args.kernels)], check=True, stdout=subprocess.DEVNULL)
    runs = [(f"many_kernels_{args.kernels}.dsl", int(j)) for j in args.jobs.split(",") if j]
    runs += [("placeholders.dsl", int(j)) for j in args.placeholder_jobs.split(",") if j]
    base = {}
    with open(os.path.join(args.work, "results.jsonl"), "w") as results:
        print(f"{'input':28} {'-j':>4} {'wall s':>8} {'CPU s':>8} {'max RSS MB':>11} {'speed-up':>9}")
        for name, jobs in runs:
            result = compile_once(args.gpucc, os.path.join(args.work, name),
                                  os.path.join(args.work, f"out_{jobs}"), jobs, args.cuda_path)
            result.update({"input": name, "jobs": jobs, "cores": os.cpu_count()})
            base.setdefault(name, (jobs, result["wall_s"]))
            speedup = base[name][1] / result["wall_s"]
            result["speedup_over_first"] = round(speedup, 2)
            results.write(json.dumps(result) + "\n")
            results.flush()
            print(f"{name:28} {jobs:>4} {result['wall_s']:>8.1f} {result['cpu_s']:>8.1f} "
                  f"{result['max_rss_kb'] / 1024:>11.0f} {speedup:>8.2f}x (over -j{base[name][0]})",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
