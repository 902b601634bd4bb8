"""Every rule option is documented with its source and tested with it.

Reads `trainer/rules.py` and the test files as source text (ast): each `RuleSet` field has a
docstring naming its RULES.md section; each is exercised by at least one test whose docstring
cites RULES.md; and an option whose docstring cites a seed document (000 Portuguese, 001
Italian, 002 Polish, 003 Spanish) has a test whose docstring cites a seed document too.
"""

from __future__ import annotations

import ast
import itertools
import re
from dataclasses import fields
from pathlib import Path

import pytest

from trainer.rules import RuleSet

ROOT = Path(__file__).resolve().parent.parent
SEED = re.compile(r"\b00[0-3]\b")


def field_docs() -> dict[str, str]:
    """Each RuleSet field's attribute docstring (the string right after it)."""
    tree = ast.parse((ROOT / "trainer" / "rules.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "RuleSet")
    docs: dict[str, str] = {}
    body = cls.body
    for node, after in itertools.pairwise(body):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)):
            docs[node.target.id] = str(after.value.value)
    return docs


def all_test_functions() -> list[tuple[str, str]]:
    """(source, docstring) of every test function in tests/ (this file left out)."""
    out = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                out.append((ast.get_source_segment(text, node) or "",
                            ast.get_docstring(node) or ""))
    return out


DOCS = field_docs()
TESTS = all_test_functions()
OPTIONS = [f.name for f in fields(RuleSet)]


def test_every_field_has_a_docstring() -> None:
    assert set(DOCS) == set(OPTIONS)


@pytest.mark.parametrize("option", OPTIONS)
def test_option_documented_and_tested_with_its_source(option: str) -> None:
    doc = DOCS[option]
    assert "§" in doc, f"{option}: its docstring names no RULES.md section"
    cited = [d for src, d in TESTS if option in src and "RULES.md" in d]
    assert cited, f"{option}: no test citing RULES.md exercises it"
    if SEED.search(doc):
        assert any(SEED.search(d) for d in cited), \
            f"{option}: no test of it cites the seed document its docstring names"
