"""Time from launching the game in a terminal to its selector on screen (a benchmark to run by hand,
not a test). From the repository root:

    .venv/bin/python tools/selector_in_tmux.py [RUNS] [--vs PYTHON]

Starts ``PYTHON -m hanafuda_tui`` (this interpreter's by default) in a detached 120×36 tmux session
with empty data and settings directories and English screen text, and reads what the pane is
sent until the selector's last row (its Quit button) is drawn; the seconds from the launch to
then. Bytecode is written and read as an installed program's is, whatever
``PYTHONDONTWRITEBYTECODE`` says (a first run, not counted, writes it). With
``--vs`` the second interpreter (another checkout's virtual environment) runs in turn with this
one, run by run, and the ratio of each pair is printed as well: pairing keeps the ratio meaningful
when the machine's load drifts. Needs tmux; the machine's load is printed with the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TMUX = ["tmux", "-L", "hanafuda-selector-bench"]
"""A tmux server of its own: the user's sessions are not touched."""
SHOWN = b"Quit"
TIMEOUT = 60.0


def launch_to_selector(python: str) -> float:
    """Seconds from launching the game with ``python`` to its selector shown in the pane. The pane
    waits on a pipe with the command typed, its output copied to a file (``pipe-pane``) that is
    read here: the clock starts as the pipe is written, and watching costs no process a look."""
    directory = tempfile.mkdtemp()
    go, drawn = os.path.join(directory, "go"), os.path.join(directory, "drawn")
    os.mkfifo(go)
    env = [f"HANAFUDA_DATA_DIR={directory}", f"HANAFUDA_CONFIG_DIR={directory}", "LANG=en_US.UTF-8"]
    # bytecode kept, as an installed program has it (the first, warm-up run writes it)
    command = ["env", "-u", "PYTHONDONTWRITEBYTECODE", *env, python, "-m", "hanafuda_tui"]
    waiting = f"read line < {shlex.quote(go)}; exec {shlex.join(command)}"
    subprocess.run(
        [
            *TMUX,
            "new-session",
            "-d",
            "-s",
            "selector",
            "-x",
            "120",
            "-y",
            "36",
            "sh",
            "-c",
            waiting,
        ],
        check=True,
    )
    subprocess.run(
        [*TMUX, "pipe-pane", "-t", "selector", f"cat > {shlex.quote(drawn)}"], check=True
    )
    try:
        started = time.perf_counter()
        with open(go, "w") as pipe:
            pipe.write("go\n")
        seen = b""
        while time.perf_counter() - started < TIMEOUT:
            with contextlib.suppress(FileNotFoundError), open(drawn, "rb") as out:
                seen = out.read()
            if SHOWN in seen:
                return time.perf_counter() - started
            time.sleep(0.002)
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
