"""digitalio stand-in: DigitalInOut keeps its level on the board pin (the touch controller on
SPI answers while its chip select is low)."""



class Direction:
    INPUT = 0
    OUTPUT = 1


class DriveMode:
    PUSH_PULL = 0
    OPEN_DRAIN = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self.drive_mode = DriveMode.PUSH_PULL

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self.drive_mode = drive_mode
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    @property
    def value(self):
        return self.pin.level

    @value.setter
    def value(self, level):
        self.pin.level = bool(level)

    def deinit(self):
        pass
