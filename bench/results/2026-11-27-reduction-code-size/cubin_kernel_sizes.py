#!/usr/bin/env python3
"""SASS size of each kernel of a cubin written by ptxas: the bytes of its .text.<kernel>
section and, at 16 bytes an instruction on sm_90, the instruction count. For machines without
cuobjdump / nvdisasm. Usage: cubin_kernel_sizes.py FILE.cubin"""
import re, subprocess, sys
out = subprocess.run(['readelf', '-SW', sys.argv[1]], capture_output=True, text=True).stdout
for line in out.splitlines():
    m = re.search(r'\s\.text\.(\S+)\s+PROGBITS\s+\S+\s+\S+\s+([0-9a-f]+)', line)
    if m:
        size = int(m.group(2), 16)
        print('%-40s %7d bytes %6d instructions' % (m.group(1), size, size // 16))
