"""Compare the machine code two source trees compiled, from Numba's on-disk cache: a
layout change that moves modules (or names constants) should leave every kernel the same
instructions, so its steady speed is the same whatever a noisy timing says.

    PYTHONPATH=<tree A> python bench/numba_cache_code.py dump <cache folder of A> a/ [GLOB]
    PYTHONPATH=<tree B> python bench/numba_cache_code.py dump <cache folder of B> b/ [GLOB]
    python bench/numba_cache_code.py compare a/ b/

``<cache folder>``: the folder Numba keeps a source folder's compiled code in (under
``NUMBA_CACHE_DIR``: ``<folder name>_<sha1 of its path>``); GLOB picks the functions
(default ``*.nbc``). ``dump`` needs the tree's modules importable (the cache names them);
``compare`` disassembles each object with ``objdump`` and compares the instructions with
their operands, leaving out only addresses and symbol names (which carry module paths).
"""
import glob
import os
import pickle
import subprocess
import sys


def _objects(x, out):
    """The object-code bytes in an unpickled cache entry (Numba's library serialised as
    ``(name, "object", (code, ...))``)."""
    if isinstance(x, tuple) and len(x) == 3 and x[1] == "object":
        out.append(x[2][0])
    elif isinstance(x, (tuple, list)):
        for y in x:
            _objects(y, out)
    elif isinstance(x, dict):
        for y in x.values():
            _objects(y, out)


def dump(cache, dest, pattern="*.nbc"):
    os.makedirs(dest, exist_ok=True)
    for path in sorted(glob.glob(os.path.join(cache, pattern))):
        found = []
        with open(path, "rb") as f:
            _objects(pickle.load(f), found)
        # the function's line number is in the file name; drop it so trees compare by name
        name, _, rest = os.path.basename(path).partition("-")
        tail = rest.split(".", 1)[1]
        for i, code in enumerate(found):
            with open(os.path.join(dest, f"{name}.{tail}.{i}.o"), "wb") as f:
                f.write(code)


def instructions(obj):
    text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-M", "intel", obj],
                          capture_output=True, text=True, check=True).stdout
    out = []
    for line in text.splitlines():
        head, tab, insn = line.partition(":\t")
        if tab and head.strip() and all(c in "0123456789abcdef" for c in head.strip()):
            out.append(insn.split(" <")[0].rstrip())
    return out


def compare(a, b):
    names = sorted(os.listdir(a))
    differ = 0
    total = 0
    for name in names:
        other = os.path.join(b, name)
        if not os.path.exists(other):
            print("only in", a, name)
            differ += 1
            continue
        x, y = instructions(os.path.join(a, name)), instructions(other)
        total += len(x)
        if x != y:
            differ += 1
            print("DIFF", name, len(x), len(y))
    print(f"{len(names)} objects, {total:,} instructions; {differ} differ")


if __name__ == "__main__":
    if sys.argv[1] == "dump":
        dump(*sys.argv[2:])
    else:
        compare(sys.argv[2], sys.argv[3])
