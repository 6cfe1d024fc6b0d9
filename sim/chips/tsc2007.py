"""TSC2007 resistive touch controller (I2C, address 0x48 to 0x4B): command byte in, conversion out.

The chip has no registers to read back. A write of one *command byte* picks a function and
starts it; a read returns the last conversion (TI SBAS405, "Command Byte" and "Data Format"):

    bits 7-4  C3-C0   function: 0 TEMP0, 2 AUX, 4 TEMP1, 8/9/10 turn the X, Y, or Y+ and X-
                      drivers on (no conversion), 11 setup, 12 X, 13 Y, 14 Z1, 15 Z2
    bits 3-2  PD1-PD0 power down: 0 off between conversions, PENIRQ on; 1 ADC on, PENIRQ off;
                      2 ADC off, PENIRQ on; 3 reserved (taken as 1)
    bit  1    M       0: 12-bit conversion, 1: 8-bit
    bit  0    -       don't care

A 12-bit result reads as two bytes, D11-D4 then D3-D0 followed by four zeros; an 8-bit result as
one byte. Bytes read past the result read 0 (modelled; the chip stops driving SDA).
Setup (C = 11): bit 1 bypasses the MAV filter, bit 0 picks the 90 kOhm PENIRQ pull-up instead
of 50 kOhm. Both are stored; the model has no noise, so the filter changes nothing.

The panel is two resistive plates. X is the position along the X plate (0 at X-, 4095 at X+),
Y along the Y plate. A finger joins the plates through ``resistance`` ohms: the harder the
press, the lower it is. Z1 and Z2 are the touch-pressure conversions (drivers Y+ and X-; Z1
measured at X+, Z2 at Y-), which follow from the plates as voltage dividers::

    r_x = x_plate * X / 4096          X plate, touch to X-
    r_y = y_plate * (1 - Y / 4096)    Y plate, Y+ to touch
    Z1 = 4096 * r_x / (r_y + resistance + r_x)
    Z2 = 4096 * (resistance + r_x) / (r_y + resistance + r_x)

so that resistance = x_plate * X / 4096 * (Z2 / Z1 - 1), TI's formula. Untouched, no current
flows: Z1 reads 0, Z2 4095, X and Y 0. adafruit_tsc2007 reports Z1 as "pressure" and calls a
touch real above 100: a light touch (high resistance) or one near the X- edge reads below it.

PENIRQ (``interrupt``, a Pin, optional) is pulled low while the plates touch and the last
command left PENIRQ on (at power up it is on). Whether the board drives that wire as an output
too is recorded in ``irq_fights`` (each conversion or touch that found the board driving it):
on the TFT FeatherWing V2 it is D6, the STMPE610's chip select on the V1.
"""

ADDRESS = 0x48
FULL = 4096

_TEMP0, _AUX, _TEMP1, _SETUP, _X, _Y, _Z1, _Z2 = 0, 2, 4, 11, 12, 13, 14, 15
_ADC_ON_IRQ_OFF = 1
_CONVERSIONS = (_TEMP0, _AUX, _TEMP1, _X, _Y, _Z1, _Z2)  # a global tuple: built once, not each command
KEEP = 256  # command bytes ``commands`` keeps


class TSC2007:
    """The controller on a 4-wire panel. ``x_plate`` and ``y_plate`` are the plates' resistances
    in ohms; ``temperature`` the raw TEMP0 reading, ``aux`` the AUX input's."""

    def __init__(self, *, x_plate=300, y_plate=300, interrupt=None, temperature=0x2D0, aux=0):
        self.x_plate = x_plate
        self.y_plate = y_plate
        self.interrupt = interrupt
        self.temperature = temperature
        self.aux = aux
        self.touching = None
        self.irq_enabled = True
        self.filter_bypass = False
        self.irq_pullup_kohm = 50
        self._log = bytearray(KEEP)  # the latest command bytes, a ring: made once, no garbage as it fills
        self._logged = 0  # command bytes received
        self.irq_fights = 0
        self._out = bytearray(2)  # the last conversion as read: 12 bits in two bytes, or 8 in one
        self._out_size = 2
        self._pressures_of = None  # the touch whose Z1 and Z2 these are
        self._z1 = self._z2 = 0
        self._update_irq()

    # What a finger does
    def touch(self, x, y, resistance=400):
        """Press at raw (x, y), 0-4095, through ``resistance`` ohms (lower: harder)."""
        if resistance <= 0:
            raise ValueError("a touch has a resistance above 0 ohms")
        self.touching = (min(max(int(x), 0), FULL - 1), min(max(int(y), 0), FULL - 1), resistance)
        self._work_out_pressures()  # now, with the finger: not in the step of the poll that reads them
        self._update_irq()

    def release(self):
        """Lift the finger."""
        self.touching = None
        self._update_irq()

    # The analogue side
    def convert(self, function):
        """The 12-bit value a conversion of ``function`` gives now."""
        if function == _TEMP0 or function == _TEMP1:
            return self.temperature & 0xFFF
        if function == _AUX:
            return self.aux & 0xFFF
        if self.touching is None:
            return FULL - 1 if function == _Z2 else 0
        x, y, resistance = self.touching
        if function == _X:
            return x
        if function == _Y:
            return y
        if self._pressures_of is not self.touching:
            self._work_out_pressures()
        return self._z1 if function == _Z1 else self._z2

    def _work_out_pressures(self):
        """Z1 and Z2 for the touch, worked out once for it: under MicroPython every float is heap,
        and the harness's model must not fill the toy's heap with garbage at each poll."""
        x, y, resistance = self.touching
        r_x = self.x_plate * x / FULL
        r_y = self.y_plate * (1 - y / FULL)
        total = r_x + resistance + r_y
        self._z1 = min(int(FULL * (r_x / total)), FULL - 1)
        self._z2 = min(int(FULL * ((resistance + r_x) / total)), FULL - 1)
        self._pressures_of = self.touching

    @property
    def penirq(self):
        """True if PENIRQ pulls its wire low now."""
        return self.irq_enabled and self.touching is not None

    def _update_irq(self):
        pin = self.interrupt
        if pin is None:
            return
        pin.drive(False if self.penirq else None)
        if self.penirq and pin.board_level is not None:
            self.irq_fights += 1

    # I2C chip interface
    def i2c_write_from(self, data, start, end):
        for i in range(start, end):  # an empty write (a probe) does nothing
            self._command(data[i])

    @property
    def commands(self):
        """The command bytes received, in order (the latest ``KEEP`` of a long run)."""
        count = min(self._logged, KEEP)
        return [self._log[(self._logged - count + i) % KEEP] for i in range(count)]

    def _record(self, command):
        self._log[self._logged % KEEP] = command
        self._logged += 1

    def _command(self, command):
        self._record(command)
        function = command >> 4
        power = command >> 2 & 0x03
        if function == _SETUP:
            self.filter_bypass = bool(command & 0x02)
            self.irq_pullup_kohm = 90 if command & 0x01 else 50
            return
        self.irq_enabled = power == 0 or power == 2
        if function in _CONVERSIONS:
            value = self.convert(function)
            if command & 0x02:  # 8-bit mode
                self._out[0] = value >> 4
                self._out_size = 1
            else:
                self._out[0] = value >> 4
                self._out[1] = (value & 0x0F) << 4
                self._out_size = 2
        self._update_irq()

    def i2c_read_into(self, buffer, start, end):
        for i in range(start, end):
            buffer[i] = self._out[i - start] if i - start < self._out_size else 0
