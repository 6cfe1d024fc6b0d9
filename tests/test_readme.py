"""README.md and docs/: links that lead somewhere, commands that exist, no internal references."""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = ["README.md"] + ["docs/" + n for n in sorted(os.listdir(os.path.join(ROOT, "docs"))) if n.endswith(".md")]
# The animated pictures are drawn by the simulator's recorder into docs/ (a command of their own).


def read(page):
    with open(os.path.join(ROOT, page)) as f:
        return f.read()


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def links(text):
    return re.findall(r"\]\(([^)\s]+)\)", text)


def test_every_link_leads_to_a_file_or_a_heading():
    for page in PAGES:
        text = read(page)
        anchors = {slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}
        for link in links(text):
            if link.startswith(("http://", "https://")):
                continue
            path, _, anchor = link.partition("#")
            if path:
                target = os.path.normpath(os.path.join(os.path.dirname(page), path))
                assert os.path.exists(os.path.join(ROOT, target)), (page, link)
            else:
                assert anchor in anchors, (page, link, sorted(anchors))


def test_the_two_commands_come_first_and_run():
    text = read("README.md")
    block = re.search(r"```sh\n(.*?)```", text, re.S).group(1)
    assert [line.split()[0] for line in block.splitlines()] == ["./simulate", "./test"]
    for name in ("simulate", "test"):
        assert os.access(os.path.join(ROOT, name), os.X_OK)


def test_the_knights_tour_commands_in_the_readme_exist():
    text = read("README.md")
    used = set(re.findall(r"knights-tour (\w+)", text))
    done = subprocess.run([sys.executable, "-m", "knightstour_desktop.cli", "--help"], capture_output=True, text=True,
                          cwd=ROOT)
    known = set(re.findall(r"^    (\w+) ", done.stdout, re.M))
    assert used <= known, (used, known)


def test_user_pages_name_no_issue_numbers_seeds_or_write_ups():
    pages = PAGES + ["wiring/" + n for n in os.listdir(os.path.join(ROOT, "wiring")) if n.endswith(".md")]
    for page in pages:
        assert not re.search(r"\bissue [0-9]+|seed 00[0-9]|ancestor write|write-up", read(page), re.I), page


def test_the_license_is_mit_and_the_readme_says_so():
    assert read("LICENSE").startswith("MIT License\n\nCopyright (c) 2026 the knightstour developers\n")
    assert "[LICENSE](LICENSE)" in read("README.md") and "MIT" in read("README.md")
