"""Rule citations point into the repository's own rules reference, docs/rules/*.md, and name
sections that exist there; nothing refers to rule files outside the repository."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
SCANNED = [ROOT / "hanafuda_tui", ROOT / "tests", ROOT / "docs", ROOT / "README.md"]
CITING = [ROOT / "hanafuda_tui", ROOT / "tests", ROOT / "docs", ROOT / "README.md"]

# Built from parts so that this file does not match itself.
OUTSIDE = re.compile(
    "|".join(["\\.\\./" + "shared", "RULINGS" + "\\.md", "CARDS" + "\\.md", "seeds" + "/"])
)
FILE = r"(?:docs/rules/([\w-]+)|\b(koikoi3|koikoi2|hachihachi|hanaawase))"
CITATION = re.compile(FILE + r"\.md((?:[\s,]*(?:and|[–-])?\s*§\d+(?:\.\d+)?)+)")
SECTION = re.compile(r"§(\d+(?:\.\d+)?)")
HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", re.MULTILINE)


def text_files(paths: list[Path]) -> list[Path]:
    out = []
    for p in paths:
        for f in [p] if p.is_file() else sorted(p.rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc":
                out.append(f)
    return out


def read(f: Path) -> str:
    try:
        return f.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return ""


def sections(name: str) -> set[str]:
    """The section numbers of docs/rules/<name>.md's headings (none if there is no such file)."""
    path = RULES / f"{name}.md"
    return set(HEADING.findall(path.read_text(encoding="utf-8"))) if path.is_file() else set()


def bad_citations(text: str) -> list[str]:
    """Every ``docs/rules/<file>.md §N`` in ``text`` whose file or section does not exist."""
    bad = []
    for m in CITATION.finditer(text):
        name = m.group(1) or m.group(2)
        known = sections(name)
        bad += [f"{name}.md §{n}" for n in SECTION.findall(m.group(3)) if n not in known]
    return bad


def test_nothing_refers_to_rule_files_outside_the_repository() -> None:
    found = [
        f"{f.relative_to(ROOT)}:{i}: {line.strip()}"
        for f in text_files(SCANNED)
        for i, line in enumerate(read(f).splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found, "\n".join(found)


def test_every_cited_section_exists() -> None:
    cited = 0
    bad = []
    for f in text_files(CITING):
        if f == Path(__file__).resolve():
            continue  # its own examples of bad citations
        text = read(f)
        cited += sum(1 for _ in CITATION.finditer(text))
        bad += [f"{f.relative_to(ROOT)}: {b}" for b in bad_citations(text)]
    assert cited > 50, "the code cites the rules reference"
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("see docs/rules/hachihachi.md §13", []),
        ("docs/rules/koikoi2.md §10, §11.2 and docs/rules/README.md §2–§4", []),
        ("(docs/rules/koikoi3.md §3,\n    hachihachi.md §9, hanaawase.md §5)", []),
        ("docs/rules/koikoi3.md §15", ["koikoi3.md §15"]),
        ("docs/rules/hanaawase.md §5, §12", ["hanaawase.md §12"]),
        ("docs/rules/koikoi2.md §11.9", ["koikoi2.md §11.9"]),
        ("docs/rules/koikoi4.md §1", ["koikoi4.md §1"]),
    ],
)
def test_citation_checker(text: str, bad: list[str]) -> None:
    assert bad_citations(text) == bad
