"""The Makefile survives a first run with the wrong Python: a .venv whose python is broken or too
old is rebuilt, and a too-old PYTHON is refused in one line that names the fix. Run on a copy of the
Makefile in a scratch folder (`make -n` where a real run would install packages)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def project(tmp_path: Path, venv_python: str | None) -> Path:
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("")
    if venv_python is not None:
        bin_dir = tmp_path / ".venv" / "bin"
        bin_dir.mkdir(parents=True)
        (bin_dir / "python").write_text(venv_python)
        (bin_dir / "python").chmod(0o755)
        os.utime(tmp_path / "pyproject.toml", (1, 1))  # older than the stamp
        (tmp_path / ".venv" / ".installed").touch()
    return tmp_path


def make(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_venv_with_a_broken_python_is_rebuilt(tmp_path: Path) -> None:
    folder = project(tmp_path, "#!/bin/sh\nexit 1\n")
    planned = make(folder, "-n", "test")
    assert planned.returncode == 0, planned.stderr
    assert "-m venv .venv" in planned.stdout and "pip install" in planned.stdout
    assert not (folder / ".venv" / ".installed").exists()


def test_a_venv_with_a_too_old_python_is_rebuilt(tmp_path: Path) -> None:
    old = "#!/bin/sh\nexec python3 -c 'import sys; sys.exit(1)'\n"  # answers as a Python < 3.11
    folder = project(tmp_path, old)
    planned = make(folder, "-n", "run")
    assert "-m venv .venv" in planned.stdout and "pip install" in planned.stdout


def test_a_healthy_venv_is_kept(tmp_path: Path) -> None:
    folder = project(tmp_path, f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    planned = make(folder, "-n", "test")
    assert planned.returncode == 0, planned.stderr
    assert "pip install" not in planned.stdout and "-m pytest" in planned.stdout


def test_a_too_old_python_is_refused_in_one_line_naming_the_fix(tmp_path: Path) -> None:
    folder = project(tmp_path, None)
    old = tmp_path / "python3.9"
    old.write_text("#!/bin/sh\nexit 1\n")
    old.chmod(0o755)
    result = make(folder, "test", f"PYTHON={old}")
    assert result.returncode != 0
    assert "Snowbound needs Python 3.11 or newer" in result.stdout
    assert "PYTHON=python3.12 make test" in result.stdout
    assert not (folder / ".venv").exists()


def test_make_clean_removes_the_venv(tmp_path: Path) -> None:
    folder = project(tmp_path, "#!/bin/sh\nexit 1\n")
    assert make(folder, "clean").returncode == 0
    assert not (folder / ".venv").exists()


def test_make_test_says_how_long_it_takes_before_the_fast_suite(tmp_path: Path) -> None:
    folder = project(tmp_path, f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    planned = make(folder, "-n", "test").stdout.splitlines()
    said = next(n for n, line in enumerate(planned) if "about 4 minutes on 2 cores" in line)
    ran = next(n for n, line in enumerate(planned) if "-m pytest" in line)
    assert said < ran and "make test-long" in planned[said]
    assert " -m long" not in planned[ran]  # pyproject's addopts leave the long tests out


def test_make_test_long_runs_only_the_tests_marked_long(tmp_path: Path) -> None:
    folder = project(tmp_path, f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    planned = make(folder, "-n", "test-long")
    assert planned.returncode == 0, planned.stderr
    assert "-m pytest -m long" in planned.stdout


def test_make_bench_quick_runs_every_benchmark_at_small_sizes(tmp_path: Path) -> None:
    folder = project(tmp_path, f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    assert "-m bench --quick" in make(folder, "-n", "bench-quick").stdout
    assert "--quick" not in make(folder, "-n", "bench").stdout
