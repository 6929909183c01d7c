"""Certificates for the tests of play over TLS, made by ``openssl`` for one day."""

from __future__ import annotations

import subprocess
from pathlib import Path


def certificate(directory: Path, name: str, alt: str = "") -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` (and the subject names ``alt``, else DNS:name) and
    its key, written in ``directory``."""
    cert, key = directory / f"{name}.pem", directory / f"{name}.key"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", f"/CN={name}", "-addext", f"subjectAltName={alt or f'DNS:{name}'}",
            "-keyout", str(key), "-out", str(cert),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key
