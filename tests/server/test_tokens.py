"""A client's token file: owner-only, kept per server, exported and imported as one line; a
damaged file or line is one line and is never written over."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from hanafuda_tui.server.tokens import TOKENS_NAME, TokenBook, TokenFileError, parse_line


def test_a_token_is_kept_per_server_in_a_file_only_its_owner_reads(tmp_path: Path) -> None:
    book = TokenBook(tmp_path / "config")
    book.remember("wss://Play.Example:8765", "Hana", "1.secret")
    book.remember("ws://127.0.0.1:9000", "Tsuki", "2.other")
    assert stat.S_IMODE(os.stat(book.path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(book.path.parent).st_mode) & 0o077 == 0
    entry = TokenBook(tmp_path / "config").get("wss://play.example:8765")
    assert entry is not None and (entry.name, entry.token) == ("Hana", "1.secret")
    assert book.forget("ws://127.0.0.1:9000") and book.get("ws://127.0.0.1:9000") is None


def test_the_config_directory_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HANAFUDA_CONFIG_DIR", str(tmp_path / "elsewhere"))
    assert TokenBook().path == tmp_path / "elsewhere" / TOKENS_NAME


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b'{"version": 1, "servers": {"x": {"name": 1, "token": "t"}}}',
        b"[]",
        b"\xff\xfe",
    ],
)
def test_a_damaged_token_file_is_one_line_and_is_not_written_over(
    tmp_path: Path, content: bytes
) -> None:
    book = TokenBook(tmp_path)
    book.path.write_bytes(content)
    for attempt in (lambda: book.get("ws://a"), lambda: book.remember("ws://a", "Hana", "1.s")):
        with pytest.raises(TokenFileError) as caught:
            attempt()
        line = str(caught.value)
        assert "\n" not in line and str(book.path) in line and "left as it is" in line
    assert book.path.read_bytes() == content


def test_a_token_moves_to_another_machine_as_one_line(tmp_path: Path) -> None:
    here = TokenBook(tmp_path / "here")
    here.remember("wss://play.example", "花子", "7.s3cret")
    line = here.export_line("wss://play.example")
    assert "\n" not in line and line.isascii()
    there = TokenBook(tmp_path / "there")
    assert there.import_line(f"  {line}\n") == "wss://play.example"
    assert there.get("wss://play.example") == here.get("wss://play.example")


@pytest.mark.parametrize(
    "line",
    [
        "",
        "hello",
        "hanafuda-token:",
        "hanafuda-token:!!!!",
        "hanafuda-token:e30",
        "hanafuda-token:ü",
    ],
)
def test_a_damaged_token_line_is_one_line(line: str) -> None:
    with pytest.raises(TokenFileError) as caught:
        parse_line(line)
    assert "\n" not in str(caught.value) and "not a token line" in str(caught.value)


def test_exporting_a_server_with_no_token_says_so(tmp_path: Path) -> None:
    with pytest.raises(TokenFileError, match="no token kept for ws://nowhere"):
        TokenBook(tmp_path).export_line("ws://nowhere")
