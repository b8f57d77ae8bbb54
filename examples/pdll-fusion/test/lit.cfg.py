# The PDLL example plugin's tests: the installed ng-opt loads the plugin.
import os

import lit.formats

config.name = "ng-pdll-fusion"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".mlir"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.example_obj_root
# FileCheck and not come with LLVM's tools.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.substitutions.append(
    ("%ng-opt-plugin", f"{config.ng_opt} --load-pass-plugin={config.plugin}"))
config.substitutions.append(("%ng-opt", config.ng_opt))
config.substitutions.append(
    ("%ng-translate", os.path.join(config.ng_tools_dir, "ng-translate")))
config.substitutions.append(
    ("%ng-run", os.path.join(config.ng_tools_dir, "ng-run")))
config.substitutions.append(("%plugin", config.plugin))
