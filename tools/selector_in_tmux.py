"""Time from launching the game in a terminal to its selector on screen (a benchmark to run by hand,
not a test). From the repository root:

    .venv/bin/python tools/selector_in_tmux.py [RUNS] [--vs PYTHON]

Starts ``PYTHON -m hanafuda_tui`` (this interpreter's by default) in a detached 120×36 tmux session
with empty data and settings directories and English screen text, and polls the pane every 5 ms
until the selector's last row (its Quit button) shows; the seconds from the launch to then. With
``--vs`` the second interpreter (another checkout's virtual environment) runs in turn with this
one, run by run, and the ratio of each pair is printed as well: pairing keeps the ratio meaningful
when the machine's load drifts. Needs tmux; the machine's load is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TMUX = ["tmux", "-L", "hanafuda-selector-bench"]
"""A tmux server of its own: the user's sessions are not touched."""
SHOWN = "Quit"
TIMEOUT = 60.0


def launch_to_selector(python: str) -> float:
    """Seconds from launching the game with ``python`` to its selector shown in the pane."""
    directory = tempfile.mkdtemp()
    env = [f"HANAFUDA_DATA_DIR={directory}", f"HANAFUDA_CONFIG_DIR={directory}", "LANG=en_US.UTF-8"]
    command = ["env", *env, python, "-m", "hanafuda_tui"]
    started = time.perf_counter()
    subprocess.run(
        [*TMUX, "new-session", "-d", "-s", "selector", "-x", "120", "-y", "36", *command]
    )
    try:
        while time.perf_counter() - started < TIMEOUT:
            pane = [*TMUX, "capture-pane", "-p", "-t", "selector"]
            if SHOWN in subprocess.run(pane, capture_output=True, text=True).stdout:
                return time.perf_counter() - started
            time.sleep(0.005)
        raise SystemExit(f"selector_in_tmux: the selector did not show within {TIMEOUT:.0f} s")
    finally:
        subprocess.run([*TMUX, "kill-session", "-t", "selector"], check=False)
        shutil.rmtree(directory, ignore_errors=True)


def spread(values: list[float], unit: str = " s") -> str:
    return (
        f"min {min(values):.3f}{unit}, median {statistics.median(values):.3f}{unit},"
        f" max {max(values):.3f}{unit}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=7)
    parser.add_argument("--vs", metavar="PYTHON", help="a second interpreter, run in turn")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        raise SystemExit("selector_in_tmux: tmux is not installed")
    pythons = [sys.executable] + ([args.vs] if args.vs else [])
    # a server held open, so that each launch is a client's, not a server's start
    subprocess.run([*TMUX, "new-session", "-d", "-s", "held", "sleep", "3600"], check=True)
    try:
        for python in pythons:
            launch_to_selector(python)  # warm-up: the files read once into the page cache
        times: list[list[float]] = [[] for _ in pythons]
        for _ in range(args.runs):
            for i, python in enumerate(pythons):
                times[i].append(launch_to_selector(python))
    finally:
        subprocess.run([*TMUX, "kill-server"], check=False)
    for python, values in zip(pythons, times, strict=True):
        print(f"{python}: {spread(values)}")
    if args.vs:
        ratios = [a / b for a, b in zip(times[0], times[1], strict=True)]
        print(f"ratio: {spread(ratios, '')}")
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
