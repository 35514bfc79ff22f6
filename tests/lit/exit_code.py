# Runs a command, passes its stdout and stderr through, then prints "exit: N" and exits 0, so a
# lit test can check the exact exit status with FileCheck. A command killed by a signal (a crash)
# prints "crashed: signal N" and makes the test fail.
import subprocess
import sys

result = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
sys.stdout.write(result.stdout.decode("utf-8", "replace"))
if result.returncode < 0:
    print(f"crashed: signal {-result.returncode}")
    sys.exit(1)
print(f"exit: {result.returncode}")
