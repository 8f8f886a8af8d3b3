#!/usr/bin/env python3
"""Every target declares what it imports, and nothing more.

Reads Package.swift's targets (name, path, dependencies) and each Swift target's `import` lines,
and fails when a target imports a module of this package or of a declared package product that
it does not declare, or declares a dependency it never imports. System modules (Foundation,
Glibc, XCTest, ...) are not dependencies and are ignored. Run by scripts/test.sh.
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
    print(f"check-imports: {sum(k not in ('systemLibrary', 'plugin') for k, *_ in all_targets)} targets declare exactly what they import")
    return 0


if __name__ == "__main__":
    sys.exit(main())
