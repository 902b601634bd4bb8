"""Project-wide checks: the engine imports no UI library (DESIGN.md layout), and ruff is clean."""

import re
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


def test_page_scripts_have_no_bare_strings_for_streamlit_to_print() -> None:
    # Streamlit's "magic" writes any bare expression of a page script on the page (beyond the
    # module docstring): a constant's docstring once appeared above the Learn page's title.
    import ast

    app = (ROOT / "streamlit_app.py").read_text()
    pages = re.findall(r'st\.Page\("([^"]+)"', app)
    assert len(pages) >= 8
    for page in pages:
        tree = ast.parse((ROOT / page).read_text())
        bare = [node.lineno for node in tree.body[1:]
                if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)]
        assert not bare, f"{page}: bare strings at lines {bare}"
