"""Walks the running app's accessibility tree over AT-SPI (what Orca reads) and checks that the
window is named, a section title is a heading and the TTL slider's value reads with its unit.
Started by tests/atspi/run.sh, which provides the display, the buses and the app."""

import re
import sys
import time
from pathlib import Path

import pyatspi

WINDOW_TITLE = "Distributed locks — lesson 8"
DEADLINE = time.monotonic() + 40


def titles():
    """Every section's title: assets/lesson.ron's and each simulation section's own file's."""
    assets = Path(__file__).resolve().parents[2].joinpath("assets")
    files = [assets / "lesson.ron", *sorted((assets / "sections").glob("*.ron"))]
    return {t for f in files for t in re.findall(r'^\s*title:\s*"([^"]+)"', f.read_text(), re.M)}


def find_frame():
    """The app's frame, once AccessKit has published the tree."""
    while time.monotonic() < DEADLINE:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is None:
                continue
            for child in app:
                if child is not None and child.getRole() == pyatspi.ROLE_FRAME:
                    if child.childCount > 0:
                        return child
        time.sleep(0.5)
    return None


def walk(node, depth=0, limit=20000):
    """Every node under `node`, depth first (bounded, in case of a cycle)."""
    stack = [node]
    seen = 0
    while stack and seen < limit:
        n = stack.pop()
        seen += 1
        yield n
        try:
            stack.extend(c for c in reversed(list(n)) if c is not None)
        except Exception:  # a node that went away while walking
            pass


def main():
    failures = []
    frame = find_frame()
    if frame is None:
        print("AT-SPI: no frame of the app appeared", file=sys.stderr)
        return 1
    print(f"frame: {frame.name!r}")
    if frame.name != WINDOW_TITLE:
        failures.append(f"the window is named {frame.name!r}, not {WINDOW_TITLE!r}")

    section_titles = titles()
    heading = slider = None
    # The tree fills in over the first frames: look again until both are there.
    while time.monotonic() < DEADLINE and (heading is None or slider is None):
        for n in walk(frame):
            role = n.getRole()
            if role == pyatspi.ROLE_HEADING and n.name in section_titles:
                heading = n
            if role == pyatspi.ROLE_SLIDER and n.name == "Lock TTL":
                slider = n
        if heading is None or slider is None:
            time.sleep(0.5)

    if heading is None:
        failures.append("no section title with the heading role")
    else:
        print(f"heading: {heading.name!r}")
    if slider is None:
        failures.append("no slider named 'Lock TTL'")
    else:
        value = slider.queryValue().currentValue
        text = slider.description
        print(f"slider: {slider.name!r}, value {value}, value text {text!r}")
        if abs(value - 10.0) > 1e-9:
            failures.append(f"the TTL slider's value is {value}, not 10")
        # As on screen: the number and its unit joined by a no-break space.
        if text != "10\u00a0s":
            failures.append(f"the TTL slider's value reads {text!r}, not '10\\u00a0s'")

    for f in failures:
        print(f"AT-SPI check failed: {f}", file=sys.stderr)
    if not failures:
        print("AT-SPI check passed: named window, heading, slider value with its unit")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
