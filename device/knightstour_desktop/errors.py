"""The error for what a user did wrong."""


class UserError(ValueError):
    """Something the user gave is wrong: an option, a settings file, a drive, a missing tool. The
    command prints each line of it as one "error:" line and exits with code 2; any other exception
    is a bug and shows as one (a traceback). A ValueError, so that code which checks values and
    catches ValueError catches it too."""
