"""fourwire stand-in: the display bus, in static storage on CircuitPython (no heap); its bytes
go nowhere."""


class FourWire:
    def __init__(self, spi_bus, *, command, chip_select, reset=None, baudrate=24000000, polarity=0, phase=0):
        self.spi = spi_bus
        self.reset_pin = reset

    def reset(self):
        pass

    def send(self, command, data):
        pass
