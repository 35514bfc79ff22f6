#!/usr/bin/env python3
"""Which of the tools gpucc runs holds the most memory on a file of many kernels (issue 18, "Scale").

gpucc compiles a file's instances in parts, one ptxas per part, then joins the parts: nvlink (the
parts' relocatable cubins into one), fatbinary (the joined PTX and the cubin) and `ld -r` (the
parts' host objects). wait4 on gpucc reports only the largest resident set of gpucc or any one of
them. This script runs gpucc with a CUDA directory whose ptxas, nvlink and fatbinary are small
wrappers (and an `ld` wrapper first on PATH) that record each run's peak resident set, CPU and wall
time and the size of its inputs, so each tool's growth with the kernel count can be read apart.
gpucc's own peak comes from its GPUCC_MEMORY_TRACE lines.

Usage: compiler_tool_memory.py --gpucc PATH --work DIR [--kernels 1000,3000] [--jobs N]
       [--cuda-path DIR] [--gpucc-args=ARGS]
       (inputs from compiler_scale_inputs.py; writes DIR/tools.jsonl; --gpucc-args are passed to
       gpucc, e.g. --gpucc-args=--image-group-size=0 for one device image per file)
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

WRAPPER = r'''#!/usr/bin/env python3
import json, os, sys, time
real, log, name = {real!r}, {log!r}, {name!r}
inputs = 0
for a in sys.argv[1:]:
    for candidate in (a, a.split("file=")[-1]):
        if os.path.isfile(candidate):
            inputs += os.path.getsize(candidate)
            break
started = time.monotonic()
pid = os.fork()
if pid == 0:
    os.execv(real, [real] + sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
with open(log, "a") as out:
    out.write(json.dumps({{"tool": name, "max_rss_kb": usage.ru_maxrss,
                          "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
                          "wall_s": round(time.monotonic() - started, 3),
                          "args": len(sys.argv) - 1, "input_bytes": inputs}}) + "\n")
sys.exit(os.waitstatus_to_exitcode(status))
'''


def wrapped_toolkit(cuda_path, work, log):
    """A directory that looks like the toolkit, with the three tools and `ld` wrapped."""
    root = os.path.join(work, "toolkit")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "bin"))
    for entry in os.listdir(cuda_path):
        if entry != "bin":
            os.symlink(os.path.join(cuda_path, entry), os.path.join(root, entry))
    for entry in os.listdir(os.path.join(cuda_path, "bin")):
        os.symlink(os.path.join(cuda_path, "bin", entry), os.path.join(root, "bin", entry))
    wrappers = {name: os.path.join(cuda_path, "bin", name) for name in ("ptxas", "nvlink", "fatbinary")}
    ld_dir = os.path.join(work, "ld-wrapper")
    shutil.rmtree(ld_dir, ignore_errors=True)
    os.makedirs(ld_dir)
    wrappers["ld"] = shutil.which("ld")
    for name, real in wrappers.items():
        path = os.path.join(ld_dir if name == "ld" else os.path.join(root, "bin"), name)
        if os.path.lexists(path):
            os.remove(path)
        with open(path, "w") as out:
            out.write(WRAPPER.format(real=real, log=log, name="ld -r" if name == "ld" else name))
        os.chmod(path, 0o755)
    return root, ld_dir


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpucc", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--kernels", default="1000,3000")
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--cuda-path", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    parser.add_argument("--gpucc-args", default="")
    args = parser.parse_args()
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    counts = [int(k) for k in args.kernels.split(",") if k]
    subprocess.run([sys.executable, os.path.join(HERE, "compiler_scale_inputs.py"), work] +
                   [str(k) for k in counts], check=True, stdout=subprocess.DEVNULL)
    results_path = os.path.join(work, "tools.jsonl")
    with open(results_path, "w") as results:
        for count in counts:
            log = os.path.join(work, f"tools_{count}.jsonl")
            if os.path.exists(log):
                os.remove(log)
            toolkit, ld_dir = wrapped_toolkit(args.cuda_path, work, log)
            out_dir = os.path.join(work, f"out_{count}")
            shutil.rmtree(out_dir, ignore_errors=True)
            os.makedirs(out_dir)
            env = dict(os.environ, PATH=ld_dir + os.pathsep + os.environ["PATH"],
                       GPUCC_MEMORY_TRACE="1")
            command = [args.gpucc, f"--cuda-path={toolkit}", f"-j{args.jobs}", "--quiet", "-o",
                       out_dir, os.path.join(work, f"many_kernels_{count}.dsl")]
            command[1:1] = args.gpucc_args.split()
            started = time.monotonic()
            run = subprocess.run(command, env=env, capture_output=True, text=True)
            wall = time.monotonic() - started
            if run.returncode != 0:
                sys.exit(f"compiler_tool_memory: gpucc failed on {count} kernels:\n{run.stderr}")
            with open(os.path.join(work, f"trace_{count}.log"), "w") as trace:
                trace.write(run.stderr)
            tools = [json.loads(line) for line in open(log)]
            summary = {"kernels": count, "jobs": args.jobs, "gpucc_args": args.gpucc_args,
                       "wall_s": round(wall, 1),
                       "object_bytes": sum(os.path.getsize(os.path.join(out_dir, f))
                                           for f in os.listdir(out_dir) if f.endswith(".o"))}
            for name in ("ptxas", "nvlink", "fatbinary", "ld -r"):
                runs = [t for t in tools if t["tool"] == name]
                if runs:
                    peak = max(runs, key=lambda t: t["max_rss_kb"])
                    summary[name] = {"runs": len(runs), "max_rss_mb": round(peak["max_rss_kb"] / 1024, 1),
                                     "cpu_s": round(sum(t["cpu_s"] for t in runs), 1),
                                     "largest_run_wall_s": peak["wall_s"],
                                     "largest_run_input_mb": round(peak["input_bytes"] / 2**20, 1)}
            results.write(json.dumps(summary) + "\n")
            results.flush()
            print(json.dumps(summary), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
