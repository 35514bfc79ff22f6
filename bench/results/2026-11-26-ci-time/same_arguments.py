# The gpucc argument lists (output folder normalised) of every cached .dsl edge of each tree's
# build.ninja: the sanitizer trees' must all be among the main tree's, so each is a cache hit
# once the main build has run (same gpucc executable, same sources).
import re, sys
def keys(tree):
    text = open(tree + '/build.ninja').read()
    out = {}
    for m in re.finditer(r'GpuccKernelCache\.cmake (\S+) (\S+) (\S+) (.*?) && ', text):
        outdir, stem, gpucc, args = m.groups()
        out[args.replace(outdir, '<output>')] = stem
    return out
main = keys(sys.argv[1])
print(f'{sys.argv[1]}: {len(main)} .dsl edges')
for tree in sys.argv[2:]:
    k = keys(tree)
    missing = [s for a, s in k.items() if a not in main]
    print(f'{tree}: {len(k)} .dsl edges, {len(k) - len(missing)} with the same arguments as a main-tree edge; not in the main tree: {missing}')
