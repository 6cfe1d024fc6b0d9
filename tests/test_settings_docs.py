"""README's settings table and device/settings.toml.example are made from the code's table by
tools/settings_docs.py: the committed copies are a fresh run's."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import settings_docs  # noqa: E402

from knightstour import settings  # noqa: E402


def test_the_committed_documents_are_a_fresh_run():
    with open(settings_docs.EXAMPLE, encoding="utf-8") as f:
        assert f.read() == settings_docs.example()
    with open(settings_docs.README, encoding="utf-8") as f:
        text = f.read()
    assert text == settings_docs.readme(text)
    for key in settings.TABLE:
        assert "| `%s` |" % settings.env_name(key[settings.NAME]) in text


def test_the_check_command_names_a_stale_copy(tmp_path, monkeypatch):
    result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "settings_docs.py"), "--check"],
                            capture_output=True, text=True)
    assert (result.returncode, result.stdout) == (0, "")
    stale = tmp_path / "settings.toml.example"
    stale.write_text(settings_docs.example().replace('"attract"', '"play"'))
    monkeypatch.setattr(settings_docs, "EXAMPLE", str(stale))
    assert settings_docs.main(["settings_docs.py", "--check"]) == 1
    assert settings_docs.main(["settings_docs.py"]) == 0
    assert stale.read_text() == settings_docs.example()


def test_a_key_without_words_stops_the_run(monkeypatch):
    monkeypatch.setattr(settings, "TABLE", settings.TABLE + (("colour", "choice", "red", ("red",)),))
    with pytest.raises(ValueError, match="no words for \\['colour'\\]"):
        settings_docs.example()
