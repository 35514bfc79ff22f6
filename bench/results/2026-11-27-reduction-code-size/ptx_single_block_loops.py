#!/usr/bin/env python3
"""The single-block loops of each PTX entry (a block that branches back to its own label: the
inner loops of the contiguous, vector and tail paths), with register numbers and labels erased,
so that the inner loops two gpucc builds emit can be compared with diff.
Usage: ptx_single_block_loops.py FILE.ptx"""
import re, sys
entry = None; label = None; body = []; loops = []
for line in open(sys.argv[1]):
    s = line.strip()
    m = re.search(r'\.entry\s+(\S+)\(', s)
    if m: entry = m.group(1); label = None; continue
    m = re.match(r'^(\$L__BB\d+_\d+):', s)
    if m: label = m.group(1); body = []; continue
    if label is None or not s or s.startswith('//'): continue
    body.append(s)
    m = re.search(r'bra(?:\.uni)?\s+(\$L__BB\d+_\d+);', s)
    if m:
        if m.group(1) == label:
            norm = [re.sub(r'%(rd|r|p|f|fd|rs|h)\d+', r'%\1', b) for b in body]
            norm = [re.sub(r'\$L__BB\d+_\d+', 'L', b) for b in norm]
            loops.append((entry, len(body), '\n    '.join(norm)))
        if s.startswith('bra'): label = None
for e, n, text in loops:
    print('== %s: %d instructions\n    %s' % (e, n, text))
