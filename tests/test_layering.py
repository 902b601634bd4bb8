"""Project-wide checks: the layers of `trainer` and the no-circle rule of its imports, the engine
imports no UI library, ruff is clean (docs/DESIGN.md "Layout" and "Imports run one way").

The layers, from top to bottom. A module belongs to the layer of the longest prefix below that
names it or a package holding it (``trainer.ui`` covers ``trainer.ui.pages.play``), so modules
added to a package, or moved within it, need no change here; a new top-level module must be
placed in a layer (`test_every_module_has_a_layer`).

1. Entry points: ``trainer.__main__`` (the CLI) and ``trainer.ui`` (the Streamlit pages, the
   widgets and the helpers that feed them). Neither imports the other.
2. Services: ``trainer.generate`` (the puzzle generators, graders and write-ups, with the
   generators' CLI commands), ``trainer.simulate`` (sampling unseen cards for bids and
   discards), ``trainer.policy`` (the simple bidding and discard policies the simulation and
   the generators use), ``trainer.progress`` (the learner store, ratings, review),
   ``trainer.lessons`` (the lesson questions), ``trainer.guided`` (the guided first hand's
   steps), ``trainer.strategy_questions`` (the strategy lessons' practice), ``trainer.bots``
   (the bots: sampling and solving), ``trainer.review`` (grading a played hand, importing
   hand records), ``trainer.train`` (the trainers: value a hand, count and infer).
3. The solver: ``trainer.solver`` (the double-dummy search, its Python API and its ``solve``
   command).
4. The engine: ``trainer.cards``, ``rules``, ``bidding``, ``play``, ``scoring``, ``notation``,
   ``two_player``, ``notation_two``, ``codes``, ``position``, ``errors``, ``cli_input``
   (reading a CLI argument or stdin), ``game`` (whole hands and games) and the ``trainer``
   package itself.

A module imports its own layer and the layers below it only, and the import graph of the
modules has no cycle, within a layer either. Every import counts: at the top of a module or
inside a function (a function-level import is still a dependency; it only runs later), and
``importlib.import_module`` of a module named by a string literal (the CLI loads the solver's
and the generators' commands so); imports under ``if TYPE_CHECKING:`` do not. An import names
one module: ``from trainer.solver import Solver`` imports ``trainer.solver`` (the package's
``__init__``), ``from trainer.generate import records`` imports ``trainer.generate.records``;
the parent packages Python runs on the way are not counted as imports.
"""

from __future__ import annotations

import ast
import itertools
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ["trainer.cards", "trainer.rules", "trainer.bidding", "trainer.play",
          "trainer.scoring", "trainer.notation", "trainer.__main__"]

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("entry points", ("trainer.__main__", "trainer.ui")),
    ("services", ("trainer.generate", "trainer.simulate", "trainer.policy", "trainer.progress",
                  "trainer.lessons", "trainer.guided", "trainer.strategy_questions",
                  "trainer.bots", "trainer.review", "trainer.train")),
    ("solver", ("trainer.solver",)),
    ("engine", ("trainer", "trainer.cards", "trainer.rules", "trainer.bidding", "trainer.play",
                "trainer.scoring", "trainer.notation", "trainer.two_player",
                "trainer.notation_two", "trainer.codes", "trainer.position", "trainer.errors",
                "trainer.cli_input", "trainer.game")),
)
"""(layer name, the modules and packages in it), top layer first (module docstring)."""
INDEPENDENT = (("trainer.__main__", "trainer.ui"),)
"""Groups of one layer that may not import each other."""

Graph = Mapping[str, Mapping[str, int]]
"""Module -> {imported module: line of the first such import}."""


# --- reading the imports ---------------------------------------------------------------------


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the ``trainer`` package under ``root``, by dotted name."""
    found = {}
    for path in sorted((root / "trainer").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported_names(source: str, module: str, is_package: bool = False
                   ) -> list[tuple[tuple[str, ...], int]]:
    """``(names, line)`` for every import in ``source`` (module docstring's rules), ``names``
    being the dotted name imported, or for ``from X import Y`` the pair ``X.Y``, ``X`` (the
    first that is a module is the one imported); relative imports resolved against
    ``module``."""
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[tuple[str, ...], int]] = []
    dynamic = False
    strings: list[tuple[str, int]] = []

    def visit(node: ast.AST) -> None:
        nonlocal dynamic
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend(((alias.name,), node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            found.extend(((f"{base}.{alias.name}", base), node.lineno) for alias in node.names)
        elif isinstance(node, ast.Attribute) and node.attr == "import_module":
            dynamic = True
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.append((node.value, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    if dynamic:  # importlib.import_module("trainer.x"), or of a name taken from such literals
        found.extend(((text,), line) for text, line in strings
                     if re.fullmatch(r"trainer(\.\w+)+", text))
    return found


def import_graph(root: Path = ROOT) -> dict[str, dict[str, int]]:
    """The import graph of the ``trainer`` modules under ``root`` (module docstring)."""
    mods = modules(root)
    graph: dict[str, dict[str, int]] = {}
    for name, path in mods.items():
        edges: dict[str, int] = {}
        for names, line in imported_names(path.read_text(), name, path.name == "__init__.py"):
            target = next((n for n in names if n in mods), None)
            if target is not None and target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


# --- the rules -------------------------------------------------------------------------------


def _covers(prefix: str, module: str) -> bool:
    return module == prefix if prefix == "trainer" else (
        module == prefix or module.startswith(prefix + "."))


def _place(module: str, groups: Iterable[tuple[str, Iterable[str]]]) -> str | None:
    best = None
    for name, prefixes in groups:
        for prefix in prefixes:
            if _covers(prefix, module) and (best is None or len(prefix) > len(best[1])):
                best = (name, prefix)
    return None if best is None else best[0]


def layer_of(module: str) -> int | None:
    """Index in `LAYERS` (0 = top) of the layer holding ``module``; None if none does."""
    names = [name for name, _ in LAYERS]
    name = _place(module, LAYERS)
    return None if name is None else names.index(name)


def layering_errors(graph: Graph) -> list[str]:
    """Every import of a higher layer, or between independent groups, with its line."""
    errors = []
    for module, edges in sorted(graph.items()):
        here = layer_of(module)
        for target, line in sorted(edges.items()):
            there = layer_of(target)
            if here is None or there is None:
                continue
            if there < here:
                errors.append(f"{module} (line {line}) imports {target}: the "
                              f"{LAYERS[here][0]} layer may not import the {LAYERS[there][0]} "
                              "layer above it")
            for group in INDEPENDENT:
                mine = _place(module, [(p, [p]) for p in group])
                theirs = _place(target, [(p, [p]) for p in group])
                if mine and theirs and mine != theirs:
                    errors.append(f"{module} (line {line}) imports {target}: {mine} and "
                                  f"{theirs} are independent")
    return errors


def cycles(graph: Graph) -> list[tuple[list[str], list[str]]]:
    """Each strongly connected group of modules (Tarjan: every one reaches every other), with
    one cycle through it as a path that starts and ends at the group's first module; [] when
    the graph has no cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph.get(node, {})):
            if succ not in index:
                connect(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, {}):
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    found = []
    for group in sorted(groups):
        members = set(group)
        start = group[0]
        paths = {start: [start]}
        queue = [start]
        path = None
        while queue and path is None:  # shortest way back to the start within the group
            node = queue.pop(0)
            for succ in sorted(graph.get(node, {})):
                if succ == start:
                    path = [*paths[node], start]
                    break
                if succ in members and succ not in paths:
                    paths[succ] = [*paths[node], succ]
                    queue.append(succ)
        assert path is not None
        found.append((group, path))
    return found


def describe(path: list[str], graph: Graph) -> str:
    """``a -> b (line 12 of a) -> a (line 30 of b)``: a cycle with the line of each import."""
    steps = [path[0]] + [f"{b} (line {graph[a][b]} of {a})" for a, b in itertools.pairwise(path)]
    return " -> ".join(steps)


def circles_report(graph: Graph) -> str:
    """Each circle's path, and the modules that reach each other through it."""
    return "\n".join(f"{describe(path, graph)}\n  (modules in the circle: {', '.join(group)})"
                     for group, path in cycles(graph))


# --- the tests -------------------------------------------------------------------------------


GRAPH = import_graph()


def test_every_module_has_a_layer() -> None:
    unplaced = sorted(m for m in GRAPH if layer_of(m) is None)
    assert not unplaced, f"place these modules in a layer of tests/test_layering.py: {unplaced}"


def test_no_module_imports_a_higher_layer() -> None:
    errors = layering_errors(GRAPH)
    assert not errors, "\n".join(errors)


def test_no_import_circles() -> None:
    assert not cycles(GRAPH), "import circles:\n" + circles_report(GRAPH)


def test_the_checks_catch_what_they_should() -> None:
    """The checks on a made-up graph: an upward import, an import between the entry points,
    and two circles, each reported with its path."""
    graph = {
        "trainer.cards": {"trainer.errors": 3},
        "trainer.errors": {},
        "trainer.solver.search": {"trainer.generate.goals": 7, "trainer.cards": 8},
        "trainer.generate.goals": {"trainer.solver": 5},
        "trainer.solver": {"trainer.solver.search": 2},
        "trainer.__main__": {"trainer.ui.pages.home": 9},
        "trainer.ui.pages.home": {"trainer.ui.widgets.cards": 4},
        "trainer.ui.widgets.cards": {"trainer.ui.pages.home": 6},
    }
    errors = layering_errors(graph)
    assert errors == [
        "trainer.__main__ (line 9) imports trainer.ui.pages.home: trainer.__main__ and "
        "trainer.ui are independent",
        "trainer.solver.search (line 7) imports trainer.generate.goals: the solver layer may "
        "not import the services layer above it",
    ]
    assert [describe(path, graph) for _, path in cycles(graph)] == [
        "trainer.generate.goals -> trainer.solver (line 5 of trainer.generate.goals) -> "
        "trainer.solver.search (line 2 of trainer.solver) -> trainer.generate.goals "
        "(line 7 of trainer.solver.search)",
        "trainer.ui.pages.home -> trainer.ui.widgets.cards (line 4 of trainer.ui.pages.home) "
        "-> trainer.ui.pages.home (line 6 of trainer.ui.widgets.cards)",
    ]
    assert layer_of("trainer.ui.pages.play") == 0 and layer_of("trainer.lessons.joker") == 1
    assert layer_of("trainer.solver.moves") == 2 and layer_of("trainer.cards") == 3
    assert layer_of("trainer.newthing") is None


def test_the_import_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Function-level and relative imports count, ``importlib.import_module`` of a literal
    module name counts, ``if TYPE_CHECKING:`` imports do not."""
    pkg = tmp_path / "trainer"
    (pkg / "generate").mkdir(parents=True)
    for name in ("__init__", "cards", "rules", "simulate", "solver", "ui", "play"):
        (pkg / f"{name}.py").write_text("")
    (pkg / "generate" / "__init__.py").write_text("")
    (pkg / "generate" / "records.py").write_text("")
    (pkg / "generate" / "goals.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from trainer.cards import Card\n"
        "from . import records\n"
        "if TYPE_CHECKING:\n"
        "    from trainer.ui import Page\n"
        "else:\n"
        "    import trainer.play\n"
        "def f():\n"
        "    from ..rules import Play\n"
        "    import importlib\n"
        "    return importlib.import_module('trainer.simulate')\n"
        "NAME = 'trainer.solver'\n"
    )
    graph = import_graph(tmp_path)
    assert graph["trainer.generate.goals"] == {
        "trainer.cards": 2, "trainer.generate.records": 3, "trainer.play": 7,
        "trainer.rules": 9, "trainer.simulate": 11, "trainer.solver": 12}


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


def test_ruff_clean():
    # this Python's ruff (the test extra installs it), not whatever `ruff` is on PATH
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--quiet", "."],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


def test_page_scripts_have_no_bare_strings_for_streamlit_to_print() -> None:
    # Streamlit's "magic" writes any bare expression of a page script on the page (beyond the
    # module docstring): a constant's docstring once appeared above the Learn page's title.
    app = (ROOT / "streamlit_app.py").read_text()
    pages = re.findall(r'st\.Page\("([^"]+)"', app)
    assert len(pages) >= 8
    for page in pages:
        tree = ast.parse((ROOT / page).read_text())
        bare = [node.lineno for node in tree.body[1:]
                if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)]
        assert not bare, f"{page}: bare strings at lines {bare}"
