"""The ports' contract (ports.py): the commands the toy's own inputs send are the commands of the table."""

import pytest

from knightstour.hw.inputs import buttons
from knightstour.hw.views import tft_panel
from knightstour_desktop.recording import QueueInput


@pytest.mark.parametrize("command", sorted({event for _, event in tft_panel.BUTTONS} | set(buttons.SHORT + buttons.LONG)))
def test_every_command_the_toy_sends_is_one_of_the_table(command):
    queue = QueueInput()
    queue.command(command)
    assert queue.poll() == command
