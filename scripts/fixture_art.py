"""Drawing for generate_fixtures.py: character portraits, comic covers, the placeholder,
and the two broken images. Everything derives from sha1 of the entity id, so it is stable.

Thumbnails are what users see first, at a few dozen pixels per tile: strong silhouettes, a
bright emblem and a two-colour palette read well even at half-block resolution.
"""
import colorsys, hashlib, math, os, struct, zlib
from PIL import Image, ImageDraw, ImageFilter, ImageFont

W, H = 300, 450
FONT_FILES = ["/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
              "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"]


def font(size):
    for f in FONT_FILES:
        if os.path.exists(f):
            return ImageFont.truetype(f, size)
    return ImageFont.load_default(size=size)


def rnd(n, *parts):
    return int(hashlib.sha1("|".join(map(str, parts)).encode()).hexdigest()[:12], 16) % n


def rgb(hue, sat, val):
    r, g, b = colorsys.hsv_to_rgb(hue % 1.0, sat, val)
    return int(r * 255), int(g * 255), int(b * 255)


def palette(seed):
    hue = rnd(360, "hue", seed) / 360
    accent = hue + (0.5 if rnd(2, "comp", seed) else 0.13)
    return {"dark": rgb(hue, 0.85, 0.22), "mid": rgb(hue, 0.75, 0.62), "light": rgb(hue, 0.35, 0.95),
            "accent": rgb(accent, 0.9, 1.0), "suit": rgb(hue + 0.02, 0.7, 0.45),
            "shade": rgb(hue, 0.8, 0.12)}


def gradient(size, top, bottom):
    w, h = size
    col = Image.new("RGB", (1, h))
    for y in range(h):
        t = y / (h - 1)
        col.putpixel((0, y), tuple(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)))
    return col.resize((w, h))


def rays(draw, cx, cy, color, count, seed):
    for k in range(count):
        a0 = 2 * math.pi * k / count + rnd(100, "ray", seed) / 100
        a1 = a0 + math.pi / count * 0.55
        far = 900
        draw.polygon([(cx, cy), (cx + far * math.cos(a0), cy + far * math.sin(a0)),
                      (cx + far * math.cos(a1), cy + far * math.sin(a1))], fill=color)


def star(cx, cy, r_out, r_in, points=5, rot=-math.pi / 2):
    pts = []
    for k in range(points * 2):
        r = r_out if k % 2 == 0 else r_in
        a = rot + math.pi * k / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def emblem(draw, kind, cx, cy, s, color, outline):
    if kind == 0:
        draw.polygon(star(cx, cy, s, s * 0.45), fill=color, outline=outline)
    elif kind == 1:  # lightning bolt
        pts = [(cx - s * .2, cy - s), (cx + s * .5, cy - s), (cx + s * .05, cy - s * .1),
               (cx + s * .45, cy - s * .1), (cx - s * .35, cy + s), (cx - s * .05, cy + s * .05),
               (cx - s * .45, cy + s * .05)]
        draw.polygon(pts, fill=color, outline=outline)
    elif kind == 2:
        draw.polygon([(cx, cy - s), (cx + s * .75, cy), (cx, cy + s), (cx - s * .75, cy)], fill=color, outline=outline)
    elif kind == 3:
        draw.ellipse([cx - s, cy - s, cx + s, cy + s], fill=color, outline=outline, width=3)
        draw.ellipse([cx - s * .55, cy - s * .55, cx + s * .55, cy + s * .55], fill=outline)
        draw.ellipse([cx - s * .3, cy - s * .3, cx + s * .3, cy + s * .3], fill=color)
    elif kind == 4:  # chevron wings
        draw.polygon([(cx - s * 1.2, cy - s * .6), (cx, cy + s * .2), (cx + s * 1.2, cy - s * .6),
                      (cx + s * 1.2, cy), (cx, cy + s * .8), (cx - s * 1.2, cy)], fill=color, outline=outline)
    elif kind == 5:  # hexagon
        draw.polygon([(cx + s * math.cos(a), cy + s * math.sin(a))
                      for a in [math.pi / 3 * k + math.pi / 6 for k in range(6)]], fill=color, outline=outline)
    elif kind == 6:  # spider-ish
        draw.ellipse([cx - s * .3, cy - s * .55, cx + s * .3, cy + s * .55], fill=color)
        for side in (-1, 1):
            for k in range(4):
                y = cy - s * .4 + k * s * .27
                draw.line([(cx, y), (cx + side * s * .75, y - s * .35 + k * s * .22),
                           (cx + side * s, y + s * .1 + k * s * .1)], fill=color, width=4)
    else:  # triangle "A"
        draw.polygon([(cx, cy - s), (cx + s * .9, cy + s * .75), (cx - s * .9, cy + s * .75)], fill=color, outline=outline)
        draw.polygon([(cx, cy - s * .25), (cx + s * .35, cy + s * .45), (cx - s * .35, cy + s * .45)], fill=outline)


def figure(img, p, seed, scale=1.0, cx=W / 2, base=H):
    """A hero bust: shoulders, neck, head with a mask band and white eyes, a chest emblem."""
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    s = scale
    hx, hy, hr = cx, base - 300 * s, 62 * s
    # glow behind the figure
    glow = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ImageDraw.Draw(glow).ellipse([cx - 140 * s, hy - 120 * s, cx + 140 * s, hy + 160 * s], fill=p["light"] + (140,))
    layer.alpha_composite(glow.filter(ImageFilter.GaussianBlur(28 * s)))
    d = ImageDraw.Draw(layer)
    cape = rnd(3, "cape", seed) == 0
    if cape:
        d.polygon([(cx - 70 * s, hy + 70 * s), (cx + 70 * s, hy + 70 * s), (cx + 150 * s, base),
                   (cx - 150 * s, base)], fill=p["accent"] + (255,))
    d.rounded_rectangle([cx - 125 * s, hy + 95 * s, cx + 125 * s, base + 40 * s], radius=int(70 * s), fill=p["suit"] + (255,))
    d.rectangle([cx - 26 * s, hy + 40 * s, cx + 26 * s, hy + 110 * s], fill=p["suit"] + (255,))
    d.ellipse([hx - hr, hy - hr * 1.15, hx + hr, hy + hr * 1.15], fill=p["suit"] + (255,))
    # rim light on the left edge of the head
    d.arc([hx - hr, hy - hr * 1.15, hx + hr, hy + hr * 1.15], 120, 240, fill=p["light"] + (255,), width=max(2, int(5 * s)))
    band = p["accent"] if rnd(2, "mask", seed) else p["shade"]
    d.rounded_rectangle([hx - hr * .98, hy - hr * .35, hx + hr * .98, hy + hr * .12], radius=int(12 * s), fill=band + (255,))
    for side in (-1, 1):
        ex = hx + side * hr * .42
        d.polygon([(ex - 20 * s, hy - hr * .18), (ex + 20 * s, hy - hr * .18 + side * 0), (ex + side * 14 * s, hy + hr * .02),
                   (ex - side * 10 * s, hy + hr * .02)], fill=(255, 255, 255, 255))
    if rnd(3, "ears", seed) == 0:  # pointed cowl ears
        for side in (-1, 1):
            d.polygon([(hx + side * hr * .45, hy - hr * .9), (hx + side * hr * .95, hy - hr * 1.75),
                       (hx + side * hr * .9, hy - hr * .5)], fill=p["suit"] + (255,))
    emblem(d, rnd(8, "emblem", seed), cx, hy + 190 * s, 48 * s, p["accent"] + (255,), p["shade"] + (255,))
    img.alpha_composite(layer)


def initials(name):
    words = [w for w in name.replace("-", " ").replace(".", " ").split() if w[:1].isalnum() and not w.startswith("(")]
    return "".join(w[0] for w in words[:2]).upper() or name[:1]


def fit_text(draw, text, width, start):
    size = start
    while size > 10:
        f = font(size)
        if draw.textlength(text, font=f) <= width:
            return f
        size -= 2
    return font(10)


def draw_character(path, name, seed, transparent):
    p = palette(seed)
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    if not transparent:
        img.alpha_composite(gradient((W, H), p["dark"], p["mid"]).convert("RGBA"))
        rl = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        rays(ImageDraw.Draw(rl), W / 2, 150, p["light"] + (38,), 14, seed)
        img.alpha_composite(rl)
    else:  # a round badge on transparency
        badge = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        ImageDraw.Draw(badge).ellipse([10, 40, W - 10, H - 60], fill=p["mid"] + (255,), outline=p["accent"] + (255,), width=8)
        img.alpha_composite(badge)
    figure(img, p, seed, 0.95 if not transparent else 0.8, base=H if not transparent else H - 70)
    d = ImageDraw.Draw(img)
    # initials watermark top-left, name strip at the bottom
    d.text((14, 10), initials(name), font=font(44), fill=p["accent"] + (255,), stroke_width=3, stroke_fill=p["shade"] + (255,))
    if not transparent:
        strip = Image.new("RGBA", (W, 56), p["shade"] + (200,))
        img.alpha_composite(strip, (0, H - 56))
        label = name.upper()
        f = fit_text(d, label, W - 20, 26)
        d.text((W / 2, H - 28), label, font=f, fill=(255, 255, 255, 255), anchor="mm")
    save(img, path, transparent)


def draw_cover(path, title, series, issue, fmt, lead_seed, variant, seed, transparent):
    p = palette(lead_seed)
    q = palette(("cover", seed))
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    if variant:  # variant covers: the lead on a flat light field, a corner banner
        img.alpha_composite(Image.new("RGBA", (W, H), p["light"] + (255,)))
    else:
        img.alpha_composite(gradient((W, H), q["mid"], q["dark"]).convert("RGBA"))
        rl = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        rays(ImageDraw.Draw(rl), W / 2, 250, q["light"] + (50,), 18, seed)
        img.alpha_composite(rl)
    if transparent:  # die-cut corners: transparency outside a rounded cover
        mask = Image.new("L", (W, H), 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, W - 1, H - 1], radius=36, fill=255)
        img.putalpha(mask)
    figure(img, p, lead_seed, 0.78, base=H - 20)
    d = ImageDraw.Draw(img)
    # masthead
    d.rectangle([0, 0, W, 92], fill=q["shade"] + (235,) if not variant else p["dark"] + (235,))
    name = series.rsplit(" (", 1)[0].upper()
    f = fit_text(d, name, W - 84, 34)
    d.text((12, 30), name, font=f, fill=q["accent"] + (255,) if not variant else (255, 255, 255, 255), anchor="lm",
           stroke_width=2, stroke_fill=(0, 0, 0, 255))
    d.text((12, 70), (fmt or "PREVIEW").upper(), font=font(16), fill=(235, 235, 235, 255), anchor="lm")
    # issue box
    d.rectangle([W - 66, 8, W - 8, 84], fill=(250, 250, 245, 255), outline=(0, 0, 0, 255), width=3)
    d.text((W - 37, 34), "#", font=font(18), fill=(0, 0, 0, 255), anchor="mm")
    d.text((W - 37, 62), str(issue), font=fit_text(d, str(issue), 50, 30), fill=(0, 0, 0, 255), anchor="mm")
    if variant:
        d.polygon([(W - 150, H), (W, H - 150), (W, H - 95), (W - 95, H)], fill=q["accent"] + (255,))
        d.text((W - 62, H - 62), "VARIANT", font=font(18), fill=(0, 0, 0, 255), anchor="mm")
    save(img, path, transparent)


def save(img, path, transparent):
    if transparent:
        # a 96-colour palette keeps PNGs small; the octree quantizer keeps the alpha channel
        img.quantize(colors=96, method=Image.Quantize.FASTOCTREE).save(path, "PNG", optimize=True)
    else:
        img.convert("RGB").save(path, "JPEG", quality=72, optimize=True, progressive=False)


def write_placeholder(folder):
    """Marvel's "image not available" picture."""
    img = Image.new("RGB", (W, H), (32, 32, 36))
    d = ImageDraw.Draw(img)
    d.rectangle([20, 20, W - 20, H - 20], outline=(90, 90, 96), width=4)
    d.line([(20, 20), (W - 20, H - 20)], fill=(60, 60, 66), width=3)
    d.line([(W - 20, 20), (20, H - 20)], fill=(60, 60, 66), width=3)
    d.rectangle([40, H / 2 - 50, W - 40, H / 2 + 50], fill=(32, 32, 36))
    d.text((W / 2, H / 2 - 18), "IMAGE NOT", font=font(30), fill=(200, 200, 205), anchor="mm")
    d.text((W / 2, H / 2 + 20), "AVAILABLE", font=font(30), fill=(200, 200, 205), anchor="mm")
    img.save(os.path.join(folder, "image_not_available.jpg"), "JPEG", quality=80)


def write_hostile_images(folder):
    """A corrupt JPEG (valid header, garbage scan, no EOI) and an oversized PNG (a valid
    65000x65000 header whose pixels would need 12 GB: decoders must refuse it)."""
    good = os.path.join(folder, "_tmp.jpg")
    Image.new("RGB", (W, H), (200, 30, 30)).save(good, "JPEG", quality=80)
    data = open(good, "rb").read()
    os.remove(good)
    sos = data.index(b"\xff\xda")
    junk = bytes((rnd(256, "junk", i) for i in range(600)))
    with open(os.path.join(folder, "corrupt_cover.jpg"), "wb") as f:
        f.write(data[:sos + 20] + junk)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    ihdr = struct.pack(">IIBBBBB", 65000, 65000, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" + b"\x80" * 3 * 64, 9)
    with open(os.path.join(folder, "oversized_cover.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
