#!/usr/bin/env python3
"""The rules of tools/extract_snippets.py, on small made-up documents: an unlabelled code block,
an unknown option, a directive that is not followed by a code block and a cpp snippet with no
kernels above it are errors with the document's line; a fragment is wrapped in a main with its
prelude and epilogue, an include is hoisted, and a run=no snippet is built but not listed to run.
Usage: extract_snippets_test.py PATH/TO/extract_snippets.py"""

import os
import subprocess
import sys
import tempfile

EXTRACTOR = sys.argv[1]
failures = []


def extract(doc_text):
    with tempfile.TemporaryDirectory() as tmp:
        doc = os.path.join(tmp, "doc.md")
        with open(doc, "w") as f:
            f.write(doc_text)
        out = os.path.join(tmp, "out")
        run = subprocess.run([sys.executable, EXTRACTOR, out, doc], capture_output=True, text=True)
        files = {}
        for folder, _, names in os.walk(out):
            for name in names:
                path = os.path.join(folder, name)
                files[os.path.relpath(path, out)] = open(path).read()
        return run.returncode, run.stderr, files


def expect_error(doc_text, *parts):
    code, stderr, _ = extract(doc_text)
    if code == 0 or not all(p in stderr for p in parts):
        failures.append(f"expected an error with {parts}, got code {code}: {stderr!r}")


expect_error("text\n\n```\nplain\n```\n", "doc.md:3", "must say what it holds")
expect_error("<!-- snippet: colour=red -->\n```cpp\nint a;\n```\n", "doc.md:1",
             "unknown snippet option 'colour'")
expect_error("<!-- snippet: run=no -->\nprose\n```cpp\nint a;\n```\n", "doc.md:2",
             "just before a code block")
expect_error("```cpp\nint a = 1;\n```\n", "doc.md:2", "no dsl block above")
expect_error("```dsl\nmodule demo;\n```\n<!-- snippet: dsl=other -->\n```cpp\nint a;\n```\n",
             "no dsl snippet named other")
expect_error("```cpp\nint a;\n", "never ends")

code, stderr, files = extract(
    "```dsl\n// kernels.dsl\nmodule demo;\n```\n"
    "<!-- snippet-prelude:\n  int n = 3;\n-->\n<!-- snippet-epilogue:\nSNIPPET_CHECK(m == 4);\n-->\n"
    "```cpp\n#include \"kernels.gpucc.h\"\nint m = n + 1;\n```\n"
    "<!-- snippet: run=no -->\n```cpp\nint k = 2;\n```\n"
    "```text\nnot checked\n```\n")
if code != 0:
    failures.append(f"a good document failed: {stderr}")
else:
    source = files.get("cpp/doc_12.cpp", "")
    for part in ['#include "kernels.gpucc.h"', "int n = 3;", '#line 12 "doc.md"', "int m = n + 1;",
                 "SNIPPET_CHECK(m == 4);", "int main()"]:
        if part not in source:
            failures.append(f"the wrapped fragment lacks {part!r}:\n{source}")
    if source.count('#include "kernels.gpucc.h"') != 1:
        failures.append("the include is not hoisted exactly once")
    if files.get("programs.txt") != "doc_12\n":
        failures.append(f"programs.txt: {files.get('programs.txt')!r}")
    if "dsl/doc_2/kernels.dsl" not in files:
        failures.append(f"no kernels.dsl written: {sorted(files)}")
    if "add_executable(doc_17 cpp/doc_17.cpp)" not in files.get("CMakeLists.txt", ""):
        failures.append("the run=no snippet is not built:\n" + files.get("CMakeLists.txt", ""))

for failure in failures:
    print("FAIL:", failure)
print("extract_snippets rules:", "ok" if not failures else f"{len(failures)} failures")
sys.exit(1 if failures else 0)
