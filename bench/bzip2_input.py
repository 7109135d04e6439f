#!/usr/bin/env python3
# The bzip2 workload's input (bench/run.sh): deterministic, made once and cached.
#   bzip2_input.py OUT MIB TEXT-FILE...
# Half text (the given source files, concatenated in the order given and
# repeated), a quarter pseudo-random bytes skewed towards a few values (what
# Huffman coding and the sort see in binary data), a quarter uniform
# pseudo-random bytes (incompressible); fixed seed, interleaved in 1 MiB
# pieces so that every 900 kB bzip2 block is mostly one kind.
import random, sys

out, mib, texts = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
if not texts or mib < 4:
    sys.exit("usage: bzip2_input.py OUT MIB(>=4) TEXT-FILE...")
M = 1 << 20
text = b"".join(open(f, "rb").read() for f in texts)
rng = random.Random(17)
# skewed: 64 byte values, the first ones far more often
skew_table = bytes(min(63, int(64 * (i / 256.0) ** 3)) + 0x20 for i in range(256))
pieces = []
tpos = 0
for i in range(mib):
    kind = ("text", "skewed", "text", "uniform")[i % 4]
    if kind == "text":
        chunk = b""
        while len(chunk) < M:
            take = text[tpos:tpos + M - len(chunk)]
            chunk += take
            tpos = (tpos + len(take)) % len(text)
    elif kind == "skewed":
        chunk = rng.randbytes(M).translate(skew_table)
    else:
        chunk = rng.randbytes(M)
    pieces.append(chunk)
with open(out + ".tmp", "wb") as f:
    for p in pieces:
        f.write(p)
import os
os.replace(out + ".tmp", out)
