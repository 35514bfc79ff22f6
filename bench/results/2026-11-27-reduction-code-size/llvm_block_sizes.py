#!/usr/bin/env python3
"""LLVM instructions per basic-block name family (numeric suffixes and loop-pass suffixes
dropped) of each function of gpucc --emit=llvm output: which part of the reduction emitter
(decompose.*, scalars.*, vectors.*, block.*) the code comes from. Usage: llvm_block_sizes.py FILE.ll"""
import re, sys, collections
fn = None; block = None; counts = collections.OrderedDict()
for line in open(sys.argv[1]):
    m = re.match(r'define .*@([\w.]+)\(', line)
    if m: fn = m.group(1); counts[fn] = collections.Counter(); block = 'entry'; continue
    if fn is None: continue
    if line.startswith('}'): fn = None; continue
    m = re.match(r'^([\w.\-]+):', line)
    if m:
        block = re.sub(r'\d+$', '', m.group(1)); block = re.sub(r'\.(preheader|lr\.ph|loopexit|split|thread|crit_edge)', '', block); continue
    if line.startswith('  ') and not line.strip().startswith(';'):
        counts[fn][block] += 1
for fn, c in counts.items():
    print(fn, sum(c.values()))
    for b, n in c.most_common(8): print('   %5d %s' % (n, b))
