"""The Raspberry Pi Pico family: a drive as ``deploy --display max7219`` writes it for a Pico (its
boot_out.txt says raspberry_pi_pico), with no pin in settings.toml, runs whole tours on the stand-in
Pico under MicroPython: the toy finds the pin map from board.board_id, makes busio.SPI on SPI0 (a
Pico has no board.SPI()) and drives a MAX7219 model on GP17. A board the toy does not know stops
with one line naming what to set."""

import os

import pytest

from knightstour.hw.feather import NEEDS_KB
from knightstour.hw.wiring import pins
from knightstour_desktop.cli import main
from knightstour_sim.harness import drive as harness

# A Pico's free heap after boot, assumed: a SAMD51's 192 KB leave about 150 KB (docs/heap.md); an RP2040
# has 264 KB of RAM, an RP2350 520 KB. 100 KB is well under it (the deploy's whole settings.toml
# example takes more heap than the benchmark's few lines).
PICO_FREE_HEAP = 100 * 1024
BOOT_OUT = "Adafruit CircuitPython 10.0.3 on 2025-10-17; Raspberry Pi Pico with rp2040\nBoard ID:%s\n"


def deployed(tmp_path, board_id, display):
    """A drive as deploy writes it for ``board_id``, with the libraries circup would install."""
    workdir = tmp_path / "work"
    drive = workdir / "CIRCUITPY"
    drive.mkdir(parents=True)
    (drive / "boot_out.txt").write_text(BOOT_OUT % board_id)
    assert main(["deploy", str(drive), "--display", display, "--no-libs"]) == 0
    for name in harness.libraries():
        harness._copy_library(name, str(drive / "lib"))
    lib = str(drive / "lib")
    harness._compile(lib, skip=os.path.join(lib, "knightstour"))  # circup installs the libraries as .mpy
    harness._compile_as_on_a_board(str(drive))  # docstrings dropped as a board drops them
    return workdir, drive


@pytest.mark.parametrize("board_id", ["raspberry_pi_pico", "raspberry_pi_pico2_w"])
def test_a_deployed_pico_runs_whole_tours_on_the_matrix(node, tmp_path, board_id):
    workdir, drive = deployed(tmp_path, board_id, "max7219")
    settings = (drive / "settings.toml").read_text()
    pin_lines = [line for line in settings.splitlines() if line.startswith("KNIGHTSTOUR_PIN")]
    assert pin_lines and all(line.endswith('= ""') for line in pin_lines)  # every pin the pin map's
    proc, result = harness.run_feather(node, display="max7219", board=board_id, workdir=str(workdir), tours=2,
                                       heap=PICO_FREE_HEAP, matrix_cs="GP17", timeout=900)
    assert proc.returncode == 0 and result is not None, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Traceback" not in proc.stdout + proc.stderr
    assert result["tours"] == 2
    assert result["matrix_on"] == 1 and result["matrix_writes"] > 64  # the frames reached the chip on GP17


def test_the_pico_pin_map_is_spi0():
    assert [pins.board_name("pico", s) for s in ("spi_sck", "spi_mosi", "spi_miso", "matrix_cs")] == [
        "GP18", "GP19", "GP16", "GP17"]
    for board_id in ("raspberry_pi_pico", "raspberry_pi_pico_w", "raspberry_pi_pico2", "raspberry_pi_pico2_w"):
        assert pins.detect_kind(board_id, "Raspberry Pi Pico with rp2040") == "pico"


def test_a_board_the_toy_does_not_know_gets_one_line(node, tmp_path):
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "unknown_board.py").write_text(
        'BOARD_ID = "unknown_board"\nMACHINE = "Unknown Board with cortex"\nPINS = ("D0",)\nBUSES = {}\n'
        'ADC = ()\nDAC = ()\nDISPLAY = None\n')
    settings = harness.feather_settings("max7219")
    proc, result = harness.run_feather(node, display="max7219", board="unknown_board", boards=[str(folder)],
                                       settings=settings, tours=1, heap=NEEDS_KB["max7219"][0] * 1024, mpy=True)
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out[-2000:]
    lines = [line for line in out.splitlines() if "not in the pin map" in line]
    assert len(lines) == 1 and "KNIGHTSTOUR_BOARD" in lines[0] and "unknown_board" in lines[0], out[-2000:]


def test_the_simulator_builds_the_pico_from_its_board_file():
    from knightstour_sim.screenshot import Emulated

    emulated = Emulated("max7219", kind="pico")
    board = emulated.board
    assert board.board_id == "raspberry_pi_pico" and board.GP26 is board.A0 is board.GP26_A0
    assert board.GP17 is emulated.rig.pin  # the matrix's chip select, wired
    emulated.run_tour(moves=3)
    assert any(any(row) for row in emulated.chip.leds)
