# Interrupts gpucc while ptxas runs and checks what it leaves: nothing. A stand-in toolkit's
# ptxas writes its process id and sleeps; when it has started, gpucc gets SIGTERM (or SIGINT), and
# then neither that ptxas nor a temporary file of gpucc's may be left. With more gpucc arguments
# (`-j2` on a file of several parts) several ptxas run at once: none of them may be left.
# Usage: interrupt.py <gpucc> <scratch dir> <input.dsl> TERM|INT [gpucc arguments...]
import os
import signal
import stat
import subprocess
import sys
import time

gpucc, scratch, source, which = sys.argv[1:5]
extra = sys.argv[5:]
toolkit = os.path.join(scratch, "toolkit")
tmp = os.path.join(scratch, "tmp")
os.makedirs(os.path.join(toolkit, "bin"))
os.makedirs(tmp)
pidfile = os.path.join(scratch, "ptxas.pid")
pids = os.path.join(scratch, "pids")  # one file per ptxas started
os.makedirs(pids)
ptxas = os.path.join(toolkit, "bin", "ptxas")
with open(ptxas, "w") as out:
    out.write('#!/bin/sh\ntouch "%s/$$"\necho $$ > "%s.tmp.$$" && mv "%s.tmp.$$" "%s"\n'
              'exec sleep 120\n' % (pids, pidfile, pidfile, pidfile))
os.chmod(ptxas, stat.S_IRWXU)

env = dict(os.environ, TMPDIR=tmp)
process = subprocess.Popen([gpucc, "-o", os.path.join(scratch, "out"), "--cuda-path=" + toolkit,
                            source] + extra, env=env)
deadline = time.time() + 120
while not os.path.exists(pidfile):
    if process.poll() is not None or time.time() > deadline:
        print("ptxas never started; gpucc exited with", process.returncode)
        sys.exit(1)
    time.sleep(0.05)
while extra and len(os.listdir(pids)) < 2 and process.poll() is None and time.time() < deadline:
    time.sleep(0.05)  # with more arguments (-j2), wait for a second worker's ptxas too
process.send_signal(signal.SIGTERM if which == "TERM" else signal.SIGINT)
status = process.wait(timeout=60)
print("gpucc exit:", status)


def running(pid):
    try:
        with open("/proc/%d/stat" % pid) as stat_file:
            return stat_file.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


children = [int(name) for name in os.listdir(pids)]
for _ in range(100):
    if not any(running(child) for child in children):
        break
    time.sleep(0.05)
left = [child for child in children if running(child)]
print("ptxas still running:", bool(left))
if extra:
    print("several ptxas were started:", len(children) > 1)
for child in left:
    os.kill(child, signal.SIGKILL)
print("temporary files left:", sorted(os.listdir(tmp)))
