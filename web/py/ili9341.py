"""ili9341 for the web page: the chip model (sim/chips/ili9341.py, shipped as _ili9341_base), whose
whole pages of 16-bit pixels the worker's JavaScript stores (web/worker.js, module _frame_memory):
a full screen a pixel at a time is most of the first frame's time on the page's MicroPython. The
cells are the model's own (its _cell: MADCTL's exchange and mirrors, the memory's edges), so the
picture is the same; the rest (a page begun, 18-bit pixels, a window past the memory's edge) is
the model's."""

import uctypes
from _frame_memory import store_pages
from _ili9341_base import ILI9341 as _ILI9341


class ILI9341(_ILI9341):
    def _write_pixels(self, data):
        if not self._pixel_bytes and self.bytes_per_pixel == 2:
            done = self._store_pages(data)
            if done == len(data):
                return
            data = data[done:]
        super()._write_pixels(data)

    def _store_pages(self, data):
        """Store the whole pages of ``data`` from a cursor at its window's first column, when the
        window lies inside the memory; the bytes stored (0: none)."""
        col_start, col_end = self.columns
        col, page = self._cursor
        across = col_end - col_start + 1
        if col != col_start or across < 1:
            return 0
        pages = min(len(data) // (2 * across), self.pages[1] - page + 1)
        if pages < 1:
            return 0
        last = page + pages - 1
        first = self._cell(col_start, page)
        if min(first, self._cell(col_end, page), self._cell(col_start, last), self._cell(col_end, last)) < 0:
            return 0
        # the cells are a grid: a column or a page further is a step of its own, inside the memory
        step = self._cell(col_start + 1, page) - first if across > 1 else 0
        down = self._cell(col_start, page + 1) - first if pages > 1 else 0
        if not store_pages(uctypes.addressof(data), uctypes.addressof(self.memory), first, step, down, across,
                           pages):
            return 0
        self.pixels_written += across * pages
        self._cursor = (col_start, last + 1 if last < self.pages[1] else self.pages[0])
        return 2 * across * pages
