"""The wheel holds the whole package: built from this checkout, installed into a clean
venv, its ``rummy101`` command solves a rack, reads the rule book and prints a schema.

A missing sub-package (``game/``, ``engine/`` …), data file (``data/rules.toml``,
``schemas/*.json``) or entry point fails here, not on a user's machine. To stay fast the
clean venv gets the wheel alone (``--no-deps``) and borrows the dependencies (click,
ortools, tabulate) from this test's environment through a path file; the package itself
can only come from the wheel (the command runs outside the checkout).
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import zipfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from click.testing import CliRunner

from rummy101_solver.cli import main

ROOT = Path(__file__).resolve().parent.parent
RACK = ["R10", "R11", "R12", "B11", "B12", "B13", "K10", "K11", "K12", "Y1"]


def run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


def shipped() -> set[str]:
    """Every file the package must ship: its modules and its data."""
    package = ROOT / "rummy101_solver"
    files = [*package.rglob("*.py"), *package.glob("data/*.toml"), *package.glob("schemas/*.json"),
             *package.glob("py.typed"), *package.glob("locale/*/LC_MESSAGES/*.po")]  # fmt: skip
    return {p.relative_to(ROOT).as_posix() for p in files if "__pycache__" not in p.parts}


def build_isolation() -> list[str]:
    """``--no-build-isolation`` when this environment has the build backend pyproject.toml
    asks for (the test extras bring it: seconds, offline); else pip's isolated build."""
    try:
        major = int(version("setuptools").split(".")[0])
    except PackageNotFoundError:
        return []
    return ["--no-build-isolation"] if major >= 77 else []


def test_the_wheel_installs_into_a_clean_venv_and_runs(tmp_path: Path) -> None:
    source = tmp_path / "source"  # a copy: the build writes build/ beside the sources
    shutil.copytree(ROOT / "rummy101_solver", source / "rummy101_solver",
                    ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.so"))  # fmt: skip
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", *build_isolation(), "-q",
                "-w", tmp_path / "dist", source, cwd=tmp_path)  # fmt: skip
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("rummy101_solver-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        missing = shipped() - names
        assert "rummy101_solver/locale/tr/LC_MESSAGES/rummy101.mo" in names  # built, not copied
        assert not missing, f"the wheel lacks {sorted(missing)}: list them in pyproject.toml"
        (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        assert "rummy101 = rummy101_solver.__main__:main" in archive.read(entry_points).decode()

    venv = tmp_path / "venv"
    made = run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    put = run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
              "--no-index", wheel, cwd=tmp_path)  # fmt: skip
    assert put.returncode == 0, put.stderr
    (packages,) = Path(run(python, "-c", "import site; print(site.getsitepackages()[0])",
                           cwd=tmp_path).stdout.strip()),  # fmt: skip
    (packages / "borrowed-dependencies.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8"
    )

    where = run(python, "-c", "import rummy101_solver; print(rummy101_solver.__file__)",
                cwd=tmp_path)  # fmt: skip
    assert where.stdout.startswith(str(packages / "rummy101_solver")), where.stdout + where.stderr

    rummy101 = venv / "bin" / "rummy101"
    solved = run(rummy101, "solve", *RACK, "--alternatives", "0", cwd=tmp_path)
    here = CliRunner().invoke(main, ["solve", *RACK, "--alternatives", "0"])
    assert (solved.returncode, solved.stdout, solved.stderr) == (0, here.output, "")
    assert "Verdict: can open. Play melds: 102 points (needs 101)" in solved.stdout
    rule = run(rummy101, "rules", "R-KEEP-DISCARD", cwd=tmp_path)
    assert rule.returncode == 0 and rule.stdout.startswith("R-KEEP-DISCARD  Keep a tile"), rule
    schema = run(rummy101, "schema", "play", cwd=tmp_path)
    assert schema.returncode == 0 and '"$schema"' in schema.stdout, schema.stderr
    turkish = run(rummy101, "--lang", "tr", "--help", cwd=tmp_path)
    assert turkish.returncode == 0 and turkish.stdout.startswith("Kullanım: rummy101"), turkish
    face = run(python, "-m", "rummy101_solver", "--version", cwd=tmp_path)
    assert face.returncode == 0 and "0.1.0" in face.stdout, face.stderr


def test_a_build_without_the_extension_gives_the_compiled_answers(tmp_path: Path) -> None:
    """``RUMMY101_NO_EXTENSION=1`` (setup.py) builds without the C loops, compiler or not
    (issue 34: ``CC=/bin/false pip install .`` still built them, from a ``build/`` folder
    left by an earlier build). The wheel is pure Python, and its answers are the
    compiled ones of this environment."""
    source = tmp_path / "source"
    shutil.copytree(ROOT / "rummy101_solver", source / "rummy101_solver",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))  # fmt: skip
    for name in ("pyproject.toml", "README.md", "setup.py"):
        shutil.copy2(ROOT / name, source / name)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", *build_isolation(), "-q",
         "-w", str(tmp_path / "dist"), str(source)],
        cwd=tmp_path, env={**env, "RUMMY101_NO_EXTENSION": "1"}, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("rummy101_solver-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        assert [n for n in archive.namelist() if "_sweepc" in n] == []

    venv = tmp_path / "venv"
    assert run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path).returncode == 0
    python = venv / "bin" / "python"
    put = run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
              "--no-index", wheel, cwd=tmp_path)  # fmt: skip
    assert put.returncode == 0, put.stderr
    packages = Path(run(python, "-c", "import site; print(site.getsitepackages()[0])",
                        cwd=tmp_path).stdout.strip())  # fmt: skip
    (packages / "borrowed-dependencies.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8"
    )
    engine = run(python, "-c", "from rummy101_solver.engine import sweep; print(sweep.COMPILED)",
                 cwd=tmp_path)  # fmt: skip
    assert engine.stdout == "False\n", engine.stderr

    from rummy101_solver.engine import sweep

    rack = [*RACK, "R1", "R5", "B3", "B9", "K2", "K7", "Y4", "Y11", "B6", "J", "Y9"]
    for command in (["outs", *rack, "--format", "json"],
                    ["solve", *rack, "--alternatives", "0", "--format", "json"],
                    ["outs", *rack, "--rising", "--after", "110"]):  # fmt: skip
        pure = run(venv / "bin" / "rummy101", *command, cwd=tmp_path)
        here = CliRunner().invoke(main, command)
        assert (pure.returncode, pure.stdout) == (here.exit_code, here.output), command
    assert sweep.COMPILED or "RUMMY101_PURE_PYTHON" in os.environ  # compared with the C loops
