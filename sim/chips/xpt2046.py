"""XPT2046 resistive touch controller (SPI): the touch chip of the common 2.4"/2.8"/3.2" ILI9341
modules with a microSD slot (T_CLK, T_CS, T_DIN, T_DO, T_IRQ on their header). Control bytes
in, conversions out, bit by bit as the chip clocks them (XPTEK's XPT2046 data sheet, which
follows TI's ADS7846).

While CS is low the chip reads DIN on each rising clock edge and ignores zeros until a start
bit (a 1); that bit and the next seven are the control byte:

    bit 7     S        start bit
    bits 6-4  A2-A0    channel: 5 X, 1 Y, 3 Z1, 4 Z2; single-ended only: 0 TEMP0, 2 VBAT,
                       6 AUX, 7 TEMP1 (in differential mode these read 0 here)
    bit 3     MODE     0: 12-bit conversion, 1: 8-bit
    bit 2     SER/DFR  0: differential (ratiometric: what touch drivers use), 1: single-ended
                       (measured against VREF: the internal 2.5 V while the reference is on,
                       else the VREF pin, which these modules tie to VCC)
    bits 1-0  PD1-PD0  0: power down between conversions, PENIRQ on; 1: reference off, ADC on,
                       PENIRQ off; 2: reference on, ADC off, PENIRQ on; 3: always on, PENIRQ off

The clock after the control byte's last bit is the busy clock (DOUT low); the result follows on
DOUT, most significant bit first, then zeros. A control byte sent as one SPI byte is therefore
answered in the next two: ``0 D11..D5`` and ``D4..D0 0 0 0``, value = (b1 << 8 | b2) >> 3. The
next start bit is taken from the 15th clock after the last one: the 16-clocks-a-conversion
mode sends the next control byte with the second result byte. A 1 on DIN sooner is ignored
(modelled: the data sheet shows no faster overlap). CS going high ends it all: DOUT stops
driving (the bus reads ``idle`` bits), a partial control byte is forgotten.

SPI modes 0 and 3 sample on the rising edge, as the chip shifts; in modes 1 and 2 the board
reads DOUT one bit late.

The panel is the TSC2007 model's: the same 4-wire plates and formulas (X, Y, Z1, Z2, PENIRQ
pulled low on ``interrupt`` while a finger is down and the last command left it on).
"""

try:
    from .tsc2007 import FULL, TSC2007
except ImportError:  # the MicroPython harness loads the models as top-level modules
    from tsc2007 import FULL, TSC2007

# A2-A0 -> the TSC2007 model's function number for the same measurement
_DIFFERENTIAL = {5: 12, 1: 13, 3: 14, 4: 15}
_SINGLE_ENDED = {5: 12, 1: 13, 3: 14, 4: 15, 0: 0, 2: 2, 6: 2, 7: 4}
_VBAT, _AUX = 2, 6
_RESTART = 15  # clocks from one start bit to the earliest next one


class XPT2046(TSC2007):
    """The controller on a 4-wire panel; attach it with ``bus.attach_spi`` to its chip select.
    ``vcc`` is the supply (and VREF pin) voltage, ``vbat`` what the VBAT pin sees, ``aux`` the
    AUX input's raw 12-bit reading; ``x_plate``, ``y_plate``, ``interrupt``, ``temperature``: as
    the TSC2007 model. ``commands`` lists the control bytes received (the latest 256 of a long run)."""

    def __init__(self, *, vcc=3.3, vbat=0.0, aux=0, **kwargs):
        super().__init__(aux=aux, **kwargs)
        self.vcc = vcc
        self.vbat = vbat
        self.reference_on = False
        self.select()

    # SPI chip interface
    def select(self):
        self._clock = 0  # clocks since CS fell
        self._start = -_RESTART  # clock of the last start bit
        self._control = 0  # the control byte's bits so far, with the start bit as a marker
        self._result = 0
        self._result_at = 0  # the clock of the result's first bit (after the busy clock)
        self._result_bits = 0

    def deselect(self):
        self.select()

    def transfer_into(self, data, reply, start, end, mode):
        """Clock out ``data[start:end]``; the bytes back go to ``reply[start:end]`` (``data``
        itself may be ``reply``; None drops them). No garbage: the MicroPython harness's bus."""
        late = mode == 1 or mode == 2
        carry = 0  # modes 1 and 2: the bit the board reads a clock late
        for index in range(start, end):
            byte = data[index]
            back = 0
            for shift in range(7, -1, -1):
                bit = self._clock_bit(byte >> shift & 1)
                if late:
                    bit, carry = carry, bit
                back = back << 1 | bit
            if reply is not None:
                reply[index] = back

    def _clock_bit(self, din):
        """One clock: DOUT's bit for this clock, after taking DIN's."""
        self._clock += 1
        clock = self._clock
        dout = 0
        offset = clock - self._result_at
        if 0 <= offset < self._result_bits:
            dout = self._result >> (self._result_bits - 1 - offset) & 1
        if self._control:
            self._control = self._control << 1 | din
            if self._control & 0x80:  # the start bit has reached bit 7
                self._command(self._control)
                self._control = 0
        elif din and clock - self._start >= _RESTART:
            self._start = clock
            self._control = 1
        return dout

    def _command(self, command):
        self._record(command)
        channel = command >> 4 & 0x07
        eight = command & 0x08
        single = command & 0x04
        power = command & 0x03
        self.reference_on = bool(power & 0x02)
        value = 0
        function = (_SINGLE_ENDED if single else _DIFFERENTIAL).get(channel)
        if function is not None:
            if single and channel == _VBAT:
                value = self._single(self.vbat / 4 / self.vcc * FULL)
            elif single and channel == _AUX:
                value = self._single(self.aux & 0xFFF)
            else:
                value = self.convert(function)
                if single and function >= 12:
                    value = self._single(value)
        self.irq_enabled = not power & 0x01
        self._update_irq()
        self._result_bits = 8 if eight else 12
        self._result = value >> 4 if eight else value
        self._result_at = self._clock + 2  # the next clock is the busy one

    def _single(self, ratio_of_vcc):
        """A single-ended reading of ``ratio_of_vcc`` (0-4096 of VCC) against the reference."""
        vref = 2.5 if self.reference_on else self.vcc
        value = int(ratio_of_vcc * self.vcc / vref)
        return value if value < FULL else FULL - 1

    # The TSC2007 model's I2C interface does not apply.
    i2c_write_from = i2c_read_into = None
