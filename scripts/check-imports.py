#!/usr/bin/env python3
"""Every target declares what it imports, nothing more, and imports only from lower layers.

Reads Package.swift's targets (name, path, dependencies) and each Swift target's `import` lines,
and fails when a target imports a module of this package or of a declared package product that
it does not declare, or declares a dependency it never imports. System modules (Foundation,
Glibc, XCTest, ...) are not dependencies and are ignored.

Layers: every target of the package has a rank (`RANK`, the layers of Package.swift's header
comment), and a target may import only targets of a lower rank: nothing imports sideways or up,
unless the pair is in `SIDEWAYS` with its reason. A target missing from `RANK` fails too, so a
new target is placed in a layer when it is added. Run by scripts/test.sh.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Modules a Swift file may import without declaring them: the toolchain's own.
SYSTEM = {"Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "XCTest", "Testing",
          "Synchronization", "_Concurrency", "os", "PackagePlugin", "Musl"}
# A declared dependency a target may hold without importing it, and why.
DECLARED_UNIMPORTED = {
    # Links giflib's shim objects into every product that contains CImageCodecs (Package.swift).
    ("CImageCodecs", "CGIF"), ("CImageCodecs", "CJPEG"), ("CImageCodecs", "CPNG"),
}


# The layers, lowest first: a target imports only targets of a lower rank. External package
# products (GRDB, Hummingbird, ...) lie below all of them.
LAYERS = [
    # C: system libraries (pkg-config module maps)
    ["CCurl", "CJPEG", "CPNG", "COpenSSL", "CSixel", "CGIF", "CMalloc"],
    # C shims, one per domain
    ["CTerminal", "CDeflate", "CImageCodecs"],
    # Swift foundations that know no other target of the package but C
    ["TerminalUI", "HTTPTransport", "UserDirectories", "Digests", "CivilCalendar", "MarvelContract"],
    # The one memory cache and the one disk cache engine (over Digests), below everything that keeps
    ["CacheKit"],
    # The pixel protocols' bytes over the pure terminal core; the REST contract; the catalog;
    # the settings of a run
    ["PictureProtocols", "MarvelAPI", "Catalog", "Settings"],
    # The terminal's POSIX glue; pictures; the catalog's builder; the source seam
    ["TerminalIO", "ImageCore", "EmbeddedCatalogBuilder", "ContractServing"],
    # Picture loading and caching; what every live source needs; the built catalog file
    ["ImagePipeline", "LiveSourceKit", "EmbeddedCatalogFile"],
    # The loopback server, each live source, the app core, the tests' helpers
    ["CatalogServer", "MetronSource", "ComicVineSource", "GalleryApp", "TestSupport"],
    # The executables
    ["marvel-gallery", "MarvelBench"],
]
RANK = {name: rank for rank, layer in enumerate(LAYERS) for name in layer}
# Test targets sit above everything they test.
TEST_RANK = len(LAYERS)
# (importer, imported) pairs allowed at the same rank or upward, and why. Empty: none is.
SIDEWAYS = set()


def targets(manifest):
    """(kind, name, path, [dependency module names]) of every target in the manifest."""
    found = []
    for match in re.finditer(r"\.(target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*\"([^\"]+)\"",
                             manifest):
        kind, name = match.group(1), match.group(2)
        # The target's arguments: up to the parenthesis that closes this call.
        depth, i = 0, match.start()
        while True:
            c = manifest[i]
            depth += c == "("
            depth -= c == ")"
            i += 1
            if depth == 0 and c == ")":
                break
        body = manifest[match.start():i]
        path = re.search(r"path:\s*\"([^\"]+)\"", body)
        deps = []
        deps_match = re.search(r"dependencies:\s*\[", body)
        if deps_match:
            j, depth = deps_match.end(), 1
            while depth:
                depth += body[j] == "["
                depth -= body[j] == "]"
                j += 1
            listed = body[deps_match.end():j - 1]
            deps += re.findall(r"\.product\(name:\s*\"([^\"]+)\"", listed)
            listed = re.sub(r"\.product\([^)]*\)", "", listed)
            deps += re.findall(r"\"([^\"]+)\"", listed)
        found.append((kind, name, path.group(1) if path else None, deps))
    return found


def module_name(target):
    return re.sub(r"[^A-Za-z0-9_]", "_", target)


def imports(folder):
    """Modules imported by the Swift files under `folder` (`@testable`, `@_exported` included)."""
    seen = {}
    for directory, _, files in os.walk(folder):
        for file in files:
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            with open(path, encoding="utf-8") as handle:
                for line in handle:
                    m = re.match(r"\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
                                 line)
                    if m:
                        seen.setdefault(m.group(1), os.path.relpath(path, ROOT))
    return seen


def main():
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
        manifest = handle.read()
    all_targets = targets(manifest)
    # What a target may import: its declared targets and products, as module names.
    problems = []
    local = {module_name(name): name for kind, name, *_ in all_targets if kind != "plugin"}
    for kind, name, path, deps in all_targets:
        if kind == "plugin":
            continue
        rank = TEST_RANK if kind == "testTarget" else RANK.get(name)
        if rank is None:
            problems.append(f"{name}: has no layer (add it to LAYERS in scripts/check-imports.py)")
            continue
        for dep in deps:
            if dep == "BuildInfo" or module_name(dep) not in local:
                continue
            other = local[module_name(dep)]
            other_rank = RANK.get(other, TEST_RANK)
            if other_rank >= rank and (name, other) not in SIDEWAYS:
                way = "sideways" if other_rank == rank else "up"
                problems.append(f"{name} (layer {rank}): depends on {other} (layer {other_rank}), {way}")
    for kind, name, path, deps in all_targets:
        if kind in ("systemLibrary", "plugin"):
            continue
        if path is None:
            path = os.path.join("Tests" if kind == "testTarget" else "Sources", name)
        folder = os.path.join(ROOT, path)
        used = imports(folder)
        declared = {module_name(d) for d in deps if d != "BuildInfo"}
        for module, where in sorted(used.items()):
            if module in SYSTEM or module == module_name(name):
                continue
            if module not in declared:
                problems.append(f"{name}: imports {module} ({where}) without declaring it")
        for module in sorted(declared - set(used)):
            if (name, module) not in DECLARED_UNIMPORTED:
                problems.append(f"{name}: declares {module} but never imports it")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-imports: {len(problems)} target(s) out of step with Package.swift", file=sys.stderr)
        return 1
    print(f"check-imports: {sum(k not in ('systemLibrary', 'plugin') for k, *_ in all_targets)} targets declare exactly what they import, "
          f"each only from layers below its own ({len(LAYERS)} layers, tests above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
