#!/usr/bin/env python3
"""draw-icon.py - draws sklab's icon: four 64-byte cache lines of a struct's
memory map, its members in the layout view's colours and its padding
hatched, on the caption bar's dark slate. Writes hicolor/scalable/apps/
sklab.svg and hicolor/NxN/apps/sklab.png (48, 128, 256) beside this file;
Python's standard library only. Run it again after changing the shapes.
"""
import os
import struct
import zlib

BG = 0x1f2630
PAD_INK, PAD_BG = 0xc47a4a, 0xfbeee4
# (row, first 16th of the line, 16ths, colour or None = padding)
FIELDS = [
    (0, 0, 8, 0x3a9ad6), (0, 8, 4, 0x009e73), (0, 12, 4, 0x009e73),
    (1, 0, 10, 0xe69f00), (1, 10, 2, None), (1, 12, 4, 0xcc79a7),
    (2, 0, 6, 0x0072b2), (2, 6, 6, 0xe69f00), (2, 12, 4, 0x009e73),
    (3, 0, 6, 0xcc79a7), (3, 6, 10, None),
]
X0, X1, Y0, ROW_H, ROW_GAP, GAP = 36.0, 220.0, 50.0, 34.0, 12.0, 4.0
HATCH = 9.0  # stripe period of the padding, along x


def shapes():
    """(x, y, w, h, r, colour or None) in a 256 x 256 canvas, painted in order."""
    out = [(8.0, 8.0, 240.0, 240.0, 44.0, BG)]
    unit = (X1 - X0) / 16
    for row, first, n, colour in FIELDS:
        x = X0 + first * unit + (GAP / 2 if first else 0)
        w = n * unit - (GAP / 2 if first else 0) - (GAP / 2 if first + n < 16 else 0)
        out.append((x, Y0 + row * (ROW_H + ROW_GAP), w, ROW_H, 6.0, colour))
    return out


def inside(px, py, s):
    x, y, w, h, r, _ = s
    if px < x or py < y or px >= x + w or py >= y + h:
        return False
    cx = min(max(px, x + r), x + w - r)
    cy = min(max(py, y + r), y + h - r)
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r


def colour_at(px, py, ss):
    c = None
    for s in ss:
        if inside(px, py, s):
            if s[5] is None:  # padding: diagonal stripes
                c = PAD_INK if (px + py) % HATCH < HATCH * 0.38 else PAD_BG
            else:
                c = s[5]
    return c


def png(size, path):
    ss, n, scale = shapes(), 4, 256.0 / size
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            r = g = b = a = 0
            for sj in range(n):
                for si in range(n):
                    c = colour_at((i + (si + 0.5) / n) * scale, (j + (sj + 0.5) / n) * scale, ss)
                    if c is not None:
                        r, g, b, a = r + (c >> 16), g + (c >> 8 & 255), b + (c & 255), a + 1
            k = n * n
            row += bytes([r // a, g // a, b // a, 255 * a // k] if a else [0, 0, 0, 0])
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(b"".join(rows), 9)))
        f.write(chunk(b"IEND", b""))


def svg(path):
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
           '<title>sklab</title>',
           '<defs><pattern id="pad" width="%g" height="%g" patternUnits="userSpaceOnUse" '
           'patternTransform="rotate(45)"><rect width="%g" height="%g" fill="#%06x"/>'
           '<rect width="%g" height="%g" fill="#%06x"/></pattern></defs>'
           % (HATCH / 2 ** 0.5, HATCH, HATCH / 2 ** 0.5, HATCH, PAD_BG,
              HATCH / 2 ** 0.5 * 0.38, HATCH, PAD_INK)]
    for x, y, w, h, r, c in shapes():
        fill = "url(#pad)" if c is None else "#%06x" % c
        out.append('<rect x="%g" y="%g" width="%g" height="%g" rx="%g" fill="%s"/>' % (x, y, w, h, r, fill))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hicolor")
    os.makedirs(os.path.join(here, "scalable", "apps"), exist_ok=True)
    svg(os.path.join(here, "scalable", "apps", "sklab.svg"))
    for size in (48, 128, 256):
        d = os.path.join(here, "%dx%d" % (size, size), "apps")
        os.makedirs(d, exist_ok=True)
        png(size, os.path.join(d, "sklab.png"))
