# Per kernel of an nvdisasm listing: instructions to the first EXIT (the path every thread runs,
# without the sqrt slow path placed after it) and in all, NOPs left out.
import re, sys
kernel, counts = None, {}
for line in open(sys.argv[1]):
    m = re.match(r'\s*\.text\.(\S+):', line)
    if m:
        kernel = m.group(1); counts[kernel] = [0, 0, False]; continue
    m = re.search(r'/\*[0-9a-f]{4,}\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)', line)
    if kernel and m:
        op = m.group(2)
        if op.startswith('NOP'):
            continue
        c = counts[kernel]
        c[1] += 1
        if not c[2]:
            c[0] += 1
            if op.startswith('EXIT'):
                c[2] = True
for k, (main, total, _) in sorted(counts.items()):
    print(f'{k} {main} {total}')
