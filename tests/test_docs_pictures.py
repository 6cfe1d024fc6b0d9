"""The TFT's pictures in docs/ are what tools/docs_pictures.py makes from the toy today."""

import os
import sys

import pytest
from PIL import Image

ROOT = os.path.join(os.path.dirname(__file__), os.pardir)
sys.path.insert(0, os.path.join(ROOT, "tools"))

import docs_pictures  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("name", docs_pictures.ALL)
def test_the_committed_picture_is_a_fresh_one(name, tmp_path):
    fresh, = docs_pictures.make(str(tmp_path), [name])
    with Image.open(os.path.join(ROOT, "docs", name)) as committed, Image.open(fresh) as made:
        assert committed.size == made.size
        assert committed.convert("RGB").tobytes() == made.convert("RGB").tobytes(), \
            "docs/%s is stale: .venv/bin/python tools/docs_pictures.py" % name
