#!/usr/bin/env python3
# The compiler's phases form a DAG: a folder of compiler/ may include only folders that come
# before it in the pipeline order below (the same order compiler/CMakeLists.txt documents). This
# script rejects an `#include "compiler/<later>/..."` from an earlier phase, so an include cycle
# between phases cannot come back unnoticed; tools/check.sh runs it before building. Subfolders
# count as their top folder (codegen/common is codegen). Of the runtime, the compiler may include
# gpucc/abi/ only: the contract both sides share, plain constexpr headers that depend on nothing.
# Exits 1 and names every violation.
import pathlib
import re
import sys

ORDER = ["basic", "diag", "lex", "ast", "parse", "kir", "sema", "abi", "codegen", "rawcuda",
         "target", "headergen", "driver"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"compiler/([^/"]+)/')
RUNTIME_INCLUDE = re.compile(r'^\s*#\s*include\s+["<]gpucc/(?!abi/)')


def main() -> int:
    root = pathlib.Path(__file__).resolve().parent.parent / "compiler"
    rank = {phase: index for index, phase in enumerate(ORDER)}
    errors = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".h", ".cpp", ".def", ".inc") or not path.is_file():
            continue
        phase = path.relative_to(root).parts[0]
        if phase not in rank:
            errors.append(f"{path.relative_to(root.parent)}: folder '{phase}' is not in the "
                          "phase order of tools/check_layering.py")
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if RUNTIME_INCLUDE.match(line):
                errors.append(f"{path.relative_to(root.parent)}:{number}: includes a runtime "
                              "header other than gpucc/abi/")
                continue
            match = INCLUDE.match(line)
            if not match:
                continue
            target = match.group(1)
            if target not in rank:
                errors.append(f"{path.relative_to(root.parent)}:{number}: includes unknown "
                              f"folder compiler/{target}/")
            elif rank[target] > rank[phase]:
                errors.append(f"{path.relative_to(root.parent)}:{number}: {phase}/ includes "
                              f"compiler/{target}/, a later phase")
    for error in errors:
        print(f"check_layering: {error}", file=sys.stderr)
    if errors:
        print("check_layering: phase order: " + ", ".join(ORDER), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
