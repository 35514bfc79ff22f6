# Interrupts gpucc while ptxas runs and checks what it leaves: nothing. A stand-in toolkit's
# ptxas writes its process id and sleeps; when it has started, gpucc gets SIGTERM (or SIGINT), and
# then neither that ptxas nor a temporary file of gpucc's may be left.
# Usage: interrupt.py <gpucc> <scratch dir> <input.dsl> TERM|INT
import os
import signal
import stat
import subprocess
import sys
import time

gpucc, scratch, source, which = sys.argv[1:5]
toolkit = os.path.join(scratch, "toolkit")
tmp = os.path.join(scratch, "tmp")
os.makedirs(os.path.join(toolkit, "bin"))
os.makedirs(tmp)
pidfile = os.path.join(scratch, "ptxas.pid")
ptxas = os.path.join(toolkit, "bin", "ptxas")
with open(ptxas, "w") as out:
    out.write('#!/bin/sh\necho $$ > "%s.tmp" && mv "%s.tmp" "%s"\nexec sleep 120\n'
              % (pidfile, pidfile, pidfile))
os.chmod(ptxas, stat.S_IRWXU)

env = dict(os.environ, TMPDIR=tmp)
process = subprocess.Popen([gpucc, "-o", os.path.join(scratch, "out"), "--cuda-path=" + toolkit,
                            source], env=env)
deadline = time.time() + 120
while not os.path.exists(pidfile):
    if process.poll() is not None or time.time() > deadline:
        print("ptxas never started; gpucc exited with", process.returncode)
        sys.exit(1)
    time.sleep(0.05)
child = int(open(pidfile).read())
process.send_signal(signal.SIGTERM if which == "TERM" else signal.SIGINT)
status = process.wait(timeout=60)
print("gpucc exit:", status)


def running(pid):
    try:
        with open("/proc/%d/stat" % pid) as stat_file:
            return stat_file.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


for _ in range(100):
    if not running(child):
        break
    time.sleep(0.05)
print("ptxas still running:", running(child))
if running(child):
    os.kill(child, signal.SIGKILL)
print("temporary files left:", sorted(os.listdir(tmp)))
