"""fourwire for the web page: commands and data go over the SPI stand-in to the chip on the
chip select pin, the D/C pin low for the command byte and high for its data, as the C module
drives them on a board."""


class FourWire:
    def __init__(self, spi_bus, *, command, chip_select, reset=None, baudrate=24000000, polarity=0, phase=0):
        self.spi = spi_bus
        self.dc = command
        self.cs = chip_select
        self.reset_pin = reset
        self.dc.level = True
        self.cs.level = True

    def reset(self):
        pass

    def send(self, command, data):
        self.cs.level = False
        self.dc.level = False
        self.spi.write(bytes((command,)))
        self.dc.level = True
        if len(data):
            self.spi.write(data)
        self.cs.level = True
