"""Compare two sim_identity_record.py outputs array by array (record column 15, the table
number, ignored; record columns one tree has past the other's last, added to the record since,
ignored): prints how many arrays differ."""
import sys

import numpy as np

a = np.load(sys.argv[1]); b = np.load(sys.argv[2])
assert set(a.files) == set(b.files), set(a.files) ^ set(b.files)
bad = 0
for k in sorted(a.files):
    x, y = a[k], b[k]
    if k.endswith("|records") and x.size:
        m = min(x.shape[1], y.shape[1])
        x = x[:, :m].copy(); y = y[:, :m].copy(); x[:, 15] = 0; y[:, 15] = 0
    if x.shape != y.shape or not np.array_equal(x, y, equal_nan=True):
        bad += 1
        if bad < 10:
            print("DIFF", k, x.shape, y.shape)
print(len(a.files), "arrays;", bad, "differ")
