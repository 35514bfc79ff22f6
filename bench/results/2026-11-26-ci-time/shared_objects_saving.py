# Usage (in a build folder's source root): python3 shared_objects_saving.py OLD_NINJA_LOG
# The edge time an old .ninja_log spent on the GPU copies of the sources that tests/CpuGpuTests.cmake
# now compiles once (each <name>_shared.dir/<src>.o of build/build.ninja).
import re, sys
# edge seconds (first log) of the objects that the shared object libraries make redundant:
# for each <name>_shared.dir/<src>.o in the current build.ninja, the <name>_gpu.dir/<src>.o of the old log
def load(path):
    last = {}
    for line in open(path):
        if line.startswith('#'): continue
        s, e, m, out, h = line.rstrip('\n').split('\t')
        last[out] = (int(e) - int(s)) / 1000
    return last
old = load(sys.argv[1])
shared = set(re.findall(r'build (tests/\S+?_shared\.dir/\S+?\.o):', open('build/build.ninja').read()))
saved = cpu = 0; n = 0; miss = []
for o in sorted(shared):
    g = o.replace('_shared.dir', '_gpu.dir'); c = o.replace('_shared.dir', '_cpu.dir')
    if g in old: saved += old[g]; cpu += old.get(c, 0); n += 1
    else: miss.append(o)
total_pairs = sum(v for k, v in old.items() if re.search(r'_(cpu|gpu)\.dir/.*\.o$', k) and k.startswith('tests/'))
print(f'shared sources: {len(shared)}; in old log: {n}; old gpu-copy edge time {saved:.0f} s (cpu copy {cpu:.0f} s); all pair objects {total_pairs:.0f} s')
print('not in old log:', miss)
