"""The toy's hardware: the app's ports on the chips, in layers (docs/architecture.md). Every
import points down; nothing is imported until the settings ask for it, so a Feather with only
the matrix never loads displayio, and the desktop needs no hardware."""
#     chips    one small module per chip: max7219, stmpe610, ft6206, tsc2007, ili9341 (its
#              start-up commands for displayio), pyportal (its own screen, touch panel), piezo, speaker
#     views    what the matrix (matrix, chain) and the TFT (tft, tft_board, tft_panel, tft_draw,
#              font, tft_build, tft_play, tft_window) show of the app's state: the display ports
#     inputs   touch readings -> screen pixel -> square or button (touch); the calibration
#     wiring   one build: the pin map (pins; the documents' table is knightstour_desktop.pinmap), pins given
#              two uses (conflicts), one board's pins and buses (hardware), the ports for the settings
#              (build; builtin for a PyPortal's own screen; touch_chips and one touch_<name> per controller)
#     (here)   the entry points' own parts: the Feather's program and the one main loop
#              (feather; plan and startup, forgotten after start); the Pi's is knightstour_desktop/commands/run.py
