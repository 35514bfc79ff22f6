# lit configuration of gpucc's per-phase test suites (Lexer, Parser, Sema, IR, Driver, CodeGen,
# HeaderGen, RawCuda).
# The build writes lit.site.cfg.py (paths of the gpucc binary and of LLVM's tools) and passes it
# with `--param gpucc_site_config=<path>`; CTest does this for every suite (tests/CMakeLists.txt).
# By hand: lit -sv --param gpucc_site_config=build/tests/lit/lit.site.cfg.py tests/lit/Sema
import os
import sys

import lit.formats

config.name = "gpucc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".dsl", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "exit_code.py"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

if not hasattr(config, "gpucc_binary"):
    site = lit_config.params.get("gpucc_site_config")
    if not site:
        lit_config.fatal("pass --param gpucc_site_config=<build>/tests/lit/lit.site.cfg.py")
    lit_config.load_config(config, site)

config.test_exec_root = config.gpucc_lit_exec_root
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.substitutions.append(("%gpucc", config.gpucc_binary))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(
    ("%exit_code", sys.executable + " " + os.path.join(config.test_source_root, "exit_code.py")))
config.substitutions.append(("%ptxas", config.ptxas))
config.substitutions.append(("%cxx", config.cxx))
config.substitutions.append(("%runtime_include", config.runtime_include))
# Both compilers a user may build generated headers with (HeaderGen/warnings_both_compilers.test):
# Clang warns at a template's definition where GCC waits for its instantiation.
config.substitutions.append(("%clang_cxx", os.path.join(config.llvm_tools_dir, "clang++")))
config.substitutions.append(("%gnu_cxx", "g++"))
