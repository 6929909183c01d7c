"""Finished lessons are kept in a small file; a damaged file is nothing finished and one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanafuda_tui.learn.gallery import yaku_of_cards
from hanafuda_tui.learn.progress import load_progress, mark_finished


def test_no_file_is_nothing_finished_and_no_problem(tmp_path: Path) -> None:
    progress = load_progress(tmp_path / "lessons.json")
    assert progress.finished == frozenset() and progress.problem == ""


def test_finished_lessons_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "lessons.json"
    assert mark_finished(path, "koikoi2.cards") == ""
    assert mark_finished(path, "koikoi2.matching") == ""
    assert mark_finished(path, "koikoi2.cards") == ""
    assert load_progress(path).finished == {"koikoi2.cards", "koikoi2.matching"}


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe", "not JSON"),
        (b'{"finished": "koikoi2.cards"}', "no list of finished lessons"),
        (b'{"finished": [1, 2]}', "no list of finished lessons"),
        (b"[]", "no list of finished lessons"),
        (b"[" * 100000, "larger than 64 KiB"),
    ],
)
def test_a_damaged_file_is_nothing_finished_and_one_line(
    tmp_path: Path, content: bytes, why: str
) -> None:
    path = tmp_path / "lessons.json"
    path.write_bytes(content)
    progress = load_progress(path)
    assert progress.finished == frozenset()
    assert progress.problem == f"lesson progress {path} not read: {why}"
    assert mark_finished(path, "koikoi2.cards") == ""  # a good file in its place
    assert load_progress(path).finished == {"koikoi2.cards"}


def test_a_directory_in_the_way_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    path.mkdir()
    assert load_progress(path).problem.startswith(f"lesson progress {path} not read: ")
    assert mark_finished(path, "x").startswith(f"lesson progress {path} not written: ")


def test_the_gallery_names_the_yaku_each_card_counts_toward() -> None:
    koikoi2 = yaku_of_cards("koikoi2")
    assert {"月見で一杯", "花見で一杯", "タネ", "カス"} <= set(koikoi2[32])  # 菊に盃 counts twice
    assert "四光" in koikoi2[0] and "雨四光" in koikoi2[40] and "四光" not in koikoi2[40]
    assert yaku_of_cards("hachihachi")[47] == ()  # 八八 counts no カス
    assert "桐シマ" in yaku_of_cards("hanaawase")[47]
