#!/usr/bin/env python3
"""Counts per PTX entry of gpucc --emit=ptx output: lines and the instructions whose number
shows where a reduction kernel's size comes from (cvt, bra, div, mul, mad, ld.param, setp ...).
Usage: ptx_entry_stats.py FILE.ptx"""
import re, sys, collections
text = open(sys.argv[1]).read().splitlines()
entries = []
cur = None
for line in text:
    m = re.search(r'\.entry\s+(\S+)\(', line)
    if m:
        cur = [m.group(1), []]; entries.append(cur)
    if cur is not None:
        cur[1].append(line)
kinds = ['cvt', 'bra', 'div', 'rem', 'mul', 'mad', 'ld.param', 'ld.global', 'setp', 'selp', 'shfl', 'add']
print('%-40s %6s ' % ('entry', 'lines') + ' '.join('%8s' % k for k in kinds))
for name, lines in entries:
    c = collections.Counter()
    for l in lines:
        s = l.strip()
        if s.startswith('@'):
            s = s.split(None, 1)[1] if ' ' in s else s
        for k in kinds:
            if s.startswith(k + '.') or s.startswith(k + ' ') or s.startswith(k + '\t'):
                c[k] += 1
    print('%-40s %6d ' % (name[:40], len(lines)) + ' '.join('%8d' % c[k] for k in kinds))
