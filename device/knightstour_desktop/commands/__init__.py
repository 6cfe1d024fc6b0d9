"""Subcommands of the knights-tour CLI (desktop only)."""
