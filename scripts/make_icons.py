#!/usr/bin/env python3
"""Draw the app icons of the web app manifest into static/icons/.

Writes, from one description of the picture (two playing cards and a crown on
a green tile, the favicon ``static/icon.svg`` on a background):

  static/icons/icon.svg            the tile as SVG (any size)
  static/icons/icon-192.png        the tile, rounded corners transparent
  static/icons/icon-512.png
  static/icons/icon-maskable-512.png
                                   full-bleed green square, the picture inside
                                   the central circle that launchers keep

The PNGs are rasterised here in pure Python (signed distances, so edges are
anti-aliased without supersampling) and committed; build.py only copies them.
Run again after changing the picture:  python scripts/make_icons.py
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"

GREEN = (0x2B, 0x66, 0x4A)
DARK = (0x1C, 0x45, 0x32)
CARD = (0xFF, 0xFD, 0xF7)

# The picture of static/icon.svg, in its 64 x 64 units.
BACK_CARD = {"x": 6, "y": 4, "w": 40, "h": 54, "r": 7, "angle": -8, "cx": 26, "cy": 31}
FRONT_CARD = {"x": 18, "y": 6, "w": 40, "h": 54, "r": 7, "angle": 0, "cx": 38, "cy": 33}
CROWN = [(24, 44), (23, 24), (31, 31), (38, 19), (45, 31), (53, 24), (52, 44)]
CROWN_BAR = {"x": 24, "y": 46, "w": 29, "h": 4, "r": 2, "angle": 0, "cx": 38.5, "cy": 48}
STROKE = 3
# Where the picture's centre is, in its own units.
CENTER = (32, 32)

# Per variant: tile corner radius (64 units; None: square) and the picture's scale.
VARIANTS = {
    "any": {"radius": 14, "scale": 0.74},
    "maskable": {"radius": None, "scale": 0.60},
}


# --------------------------------------------------------------------------
# Signed distances (negative inside), in the picture's units


def _rounded_rect(px, py, rect):
    # into the rectangle's frame: rotate by -angle about its rotation centre
    a = math.radians(-rect["angle"])
    dx, dy = px - rect["cx"], py - rect["cy"]
    qx = rect["cx"] + dx * math.cos(a) - dy * math.sin(a)
    qy = rect["cy"] + dx * math.sin(a) + dy * math.cos(a)
    hx, hy, r = rect["w"] / 2, rect["h"] / 2, rect["r"]
    mx, my = rect["x"] + hx, rect["y"] + hy
    ex = abs(qx - mx) - (hx - r)
    ey = abs(qy - my) - (hy - r)
    outside = math.hypot(max(ex, 0.0), max(ey, 0.0))
    return outside + min(max(ex, ey), 0.0) - r


def _polygon(px, py, points):
    best = float("inf")
    inside = False
    n = len(points)
    for i in range(n):
        (ax, ay), (bx, by) = points[i], points[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)))
        best = min(best, math.hypot(px - ax - t * ex, py - ay - t * ey))
        if (ay > py) != (by > py) and px < ax + (py - ay) * ex / ey:
            inside = not inside
    return -best if inside else best


def _layers():
    """(distance function, colour) from bottom to top, in picture units."""
    layers = []
    for card in (BACK_CARD, FRONT_CARD):
        layers.append((lambda x, y, c=card: _rounded_rect(x, y, c) - STROKE / 2, DARK))
        layers.append((lambda x, y, c=card: _rounded_rect(x, y, c) + STROKE / 2, CARD))
    layers.append((lambda x, y: _polygon(x, y, CROWN), GREEN))
    layers.append((lambda x, y: _rounded_rect(x, y, CROWN_BAR), GREEN))
    return layers


def _tile(radius):
    if radius is None:
        return None
    tile = {"x": 0, "y": 0, "w": 64, "h": 64, "r": radius, "angle": 0, "cx": 32, "cy": 32}
    return lambda x, y: _rounded_rect(x, y, tile)


# --------------------------------------------------------------------------
# Raster


def render(size: int, variant: str) -> bytes:
    """RGBA rows of the icon, ``size`` x ``size``."""
    spec = VARIANTS[variant]
    unit = 64 / size  # tile units per pixel
    scale = spec["scale"]
    tile = _tile(spec["radius"])
    layers = _layers()
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # PNG filter: none
        ty = (j + 0.5) * unit
        py = CENTER[1] + (ty - 32) / scale
        for i in range(size):
            tx = (i + 0.5) * unit
            # tile coverage
            alpha = 1.0 if tile is None else min(1.0, max(0.0, 0.5 - tile(tx, ty) / unit))
            if alpha <= 0.0:
                rows += b"\0\0\0\0"
                continue
            r, g, b = GREEN
            px = CENTER[0] + (tx - 32) / scale
            pixel = unit / scale  # picture units per pixel
            for distance, colour in layers:
                cover = min(1.0, max(0.0, 0.5 - distance(px, py) / pixel))
                if cover > 0.0:
                    r += (colour[0] - r) * cover
                    g += (colour[1] - g) * cover
                    b += (colour[2] - b) * cover
            rows += bytes((round(r), round(g), round(b), round(255 * alpha)))
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rgba_rows, 9)) + chunk(b"IEND", b""))


# --------------------------------------------------------------------------
# SVG


def _hex(colour):
    return "#%02x%02x%02x" % colour


def svg(variant: str) -> str:
    spec = VARIANTS[variant]
    s = spec["scale"]
    tile = (f'<rect width="64" height="64" rx="{spec["radius"]}" fill="{_hex(GREEN)}"/>'
            if spec["radius"] is not None else f'<rect width="64" height="64" fill="{_hex(GREEN)}"/>')
    cards = "".join(
        f'<rect x="{c["x"]}" y="{c["y"]}" width="{c["w"]}" height="{c["h"]}" rx="{c["r"]}" '
        f'fill="{_hex(CARD)}" stroke="{_hex(DARK)}" stroke-width="{STROKE}"'
        + (f' transform="rotate({c["angle"]} {c["cx"]} {c["cy"]})"' if c["angle"] else "") + "/>"
        for c in (BACK_CARD, FRONT_CARD)
    )
    crown = "M" + " ".join(f"{x} {y}" for x, y in CROWN) + "z"
    bar = CROWN_BAR
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">\n'
        f"  {tile}\n"
        f'  <g transform="translate(32 32) scale({s}) translate({-CENTER[0]} {-CENTER[1]})">\n'
        f"    {cards}\n"
        f'    <path d="{crown}" fill="{_hex(GREEN)}"/>\n'
        f'    <rect x="{bar["x"]}" y="{bar["y"]}" width="{bar["w"]}" height="{bar["h"]}" rx="{bar["r"]}" '
        f'fill="{_hex(GREEN)}"/>\n'
        "  </g>\n"
        "</svg>\n"
    )


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg("any"), "utf-8")
    for name, size, variant in (
        ("icon-192.png", 192, "any"),
        ("icon-512.png", 512, "any"),
        ("icon-maskable-512.png", 512, "maskable"),
    ):
        (OUT / name).write_bytes(png(size, render(size, variant)))
        print(f"wrote {OUT / name}")
    print(f"wrote {OUT / 'icon.svg'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
