"""The terminal simulator and chip emulators for knightstour."""
