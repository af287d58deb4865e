"""The executable of a bench target, shared by the scripts that run one directly.

Used as `sys.path.insert(0, os.path.dirname(__file__))` then `import benchexe`.
"""
import json
import subprocess
import sys


def executable(root, bench):
    """Builds bench target BENCH of the workspace at ROOT (`cargo bench --no-run`) and
    returns its executable's path; exits naming the target when cargo lists none."""
    out = subprocess.run(["cargo", "bench", "--no-run", "--bench", bench,
                          "--message-format=json"], cwd=root, capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg.get("executable") \
                and msg["target"]["name"] == bench:
            return msg["executable"]
    sys.exit(f"no executable for bench `{bench}`")
