"""Project-wide checks: the engine imports no UI library (DESIGN.md layout), and ruff is clean."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ["trainer.cards", "trainer.rules", "trainer.bidding", "trainer.play",
          "trainer.scoring", "trainer.notation", "trainer.__main__"]


def test_engine_imports_no_ui_library():
    code = (
        "import importlib, sys\n"
        f"for m in {ENGINE!r}: importlib.import_module(m)\n"
        "bad = sorted({'streamlit', 'pandas', 'plotly'} & {n.split('.')[0] for n in sys.modules})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed by the test extra")
def test_ruff_clean():
    out = subprocess.run(["ruff", "check", "--quiet", "."], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
