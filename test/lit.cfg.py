# -*- Python -*-
# The ng lit suite. Tests are self-contained: foreign inputs are flatc JSON
# compiled in the RUN line with the project's schema (%flatc -b %schema ...).

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "NG"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "ng-capi-test.c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ng_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%schema", config.ng_schema))
config.substitutions.append(("%flatc", config.flatc))
config.substitutions.append(("%ng_src_root", config.ng_src_root))
config.substitutions.append(("%ng_obj_root", config.ng_obj_root))
# The Python bindings' tests (test/Python) run with the interpreter the
# bindings were built for, the build tree's package first on its path.
# ngtest.py finds the tools and the sources through the environment.
config.substitutions.append(
    ("%ng_python_env",
     "env PYTHONPATH=%s NG_TOOLS_DIR=%s NG_SRC_ROOT=%s" %
     (config.ng_python_packages_dir, config.ng_tools_dir, config.ng_src_root)))
config.substitutions.append(("%python", config.ng_python or "python3"))
if config.ng_build_python:
    config.available_features.add("python")
# numpy (Debian's python3-numpy, scripts/install-deps.sh): ng-run's
# reference tests (test/Interpreter) say `REQUIRES: numpy`.
import subprocess

if subprocess.run([config.ng_python or "python3", "-c", "import numpy"],
                  stdout=subprocess.DEVNULL,
                  stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("numpy")

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tool_dirs = [config.ng_tools_dir, config.llvm_tools_dir]
# `--param ng_threads=always`: ng-translate uses its threaded paths (which
# it otherwise takes only for inputs of several MB) on every test input.
if lit_config.params.get("ng_threads") == "always":
    tools = ["ng-opt", ToolSubst("ng-translate", extra_args=["--always-thread"])]
else:
    tools = ["ng-opt", "ng-translate"]
tools += ["ng-capi-test", "ng-capi-doc-example", "ng-run"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Graphviz's `dot` (Debian's graphviz, scripts/install-deps.sh): the tests
# that render --to-dot's output say `REQUIRES: dot`.
import shutil

if shutil.which("dot"):
    config.available_features.add("dot")
