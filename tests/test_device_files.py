"""What code.py and requirements.txt tell a maker agree with the code: the libraries circup installs
and the files they point to; and what a board compiles keeps its docstrings short."""

import ast
import os
import re

from knightstour_desktop.commands.deploy import device_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE = os.path.join(ROOT, "device")


def requirements():
    with open(os.path.join(DEVICE, "requirements.txt")) as handle:
        return handle.read()


def test_circup_auto_installs_what_requirements_txt_names():
    with open(os.path.join(DEVICE, "code.py")) as handle:
        tree = ast.parse(handle.read())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    libraries = {line.strip() for line in requirements().split("\n") if line.strip() and line[0] != "#"}
    assert {name for name in imported if name.startswith("adafruit_")} == libraries


def test_the_files_requirements_txt_names_exist():
    named = re.findall(r"knightstour/[\w/]+\.py", requirements())
    assert named
    for path in named:
        assert os.path.isfile(os.path.join(DEVICE, path)), path


# A deploy without --mpy leaves the board to compile each module of the package as the heap fills, and its
# lexer holds the longest string of the module (a docstring too, which the compiler then drops) while the
# module compiles: the longer explanations live in comments, which the lexer skips (docs/heap.md, "Deployed
# without --mpy"). code.py compiles first, into an empty heap, and is the file a maker reads first.
LONGEST_DOCSTRING = 300


def long_docstrings(text):
    """(line, length) of each module, class and function docstring of ``text`` over LONGEST_DOCSTRING."""
    tree = ast.parse(text)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc is not None and len(doc) > LONGEST_DOCSTRING:
                found.append((node.body[0].lineno, len(doc)))
    return found


def test_long_docstrings_finds_each_kind():
    long = "x" * LONGEST_DOCSTRING
    text = '"""%s."""\nclass A:\n    """%s"""\n    def f(self):\n        """%s."""\n' % (long, long, long)
    assert long_docstrings(text) == [(1, 301), (5, 301)]  # the class's, exactly the limit, is short enough


def test_no_docstring_over_300_characters_in_the_package():
    found = []
    for source, dest in device_files():
        if dest.startswith("lib/knightstour/") and dest.endswith(".py"):
            with open(source, encoding="utf-8") as handle:
                found += ["%s:%d (%d characters)" % (dest, line, length) for line, length in long_docstrings(handle.read())]
    assert found == [], "a board compiles these: the first paragraph as the docstring, the rest as a comment"
