"""A CircuitPython board's Web Workflow file API, as CircuitPython 10 documents it (docs/workflows.md)
and serves it (supervisor/shared/web_workflow/web_workflow.c), through http.client only.

- Basic authentication with an empty user: 401 is a wrong password, 403 a board with no
  CIRCUITPY_WEB_API_PASSWORD in its settings.toml.
- ``/cp/version.json`` (no password) gives the board id and CircuitPython version.
- ``GET /fs/<dir>/`` with ``Accept: application/json`` lists a folder: its files, the free blocks
  and ``writable``, false while USB holds the drive (every write then answers 409).
- ``PUT /fs/<dir>/`` makes a folder, ``PUT /fs/<file>`` writes a file, ``MOVE`` renames to
  ``X-Destination`` (412 if that is taken: nothing is renamed over), ``DELETE`` removes.

The board answers one request per connection and closes it, so each request has its own.
A board that does not answer is ``NoAnswer``; one that stops answering after it first did,
``Dropped``. The other refusals that name a fix are ValueError, one line each.
"""

import base64
import http.client
import json
import socket
from urllib.parse import quote, urlsplit

from knightstour.settings import as_given

from ..errors import UserError

TIMEOUT = 15  # seconds a request may wait for the board (a file of some KB over a slow Wi-Fi)
PASSWORD_ENV = "CIRCUITPY_WEB_API_PASSWORD"


class NoAnswer(UserError):
    """The board did not answer at all: nothing was changed (exit code 2)."""


class Dropped(ConnectionError):
    """The board answered before, then the connection dropped or timed out."""


def parse_host(text):
    """(host, port) from HOST, HOST:PORT, [IPv6] or [IPv6]:PORT; ValueError if it is not one."""
    given = str(text).strip()
    host, port = given, 80
    if given.startswith("["):
        end = given.find("]")
        rest = given[end + 1:] if end > 0 else "?"
        host = given[1:end]
        if rest and not rest.startswith(":"):
            host = ""
        port = rest[1:] if rest else port
    elif given.count(":") == 1:
        host, port = given.split(":")
    if not host or not host.isprintable() or any(ch in host for ch in "/@ ") or not str(port).isdigit() or not 0 < int(port) < 65536:
        raise UserError("bad --host %s: give the board's address as HOST or HOST:PORT, e.g. 192.168.1.42 "
                         "or cpy-1a2b3c.local:80" % as_given(text))
    return host, int(port)


def fix_for(status, where):
    """The one line for a refusal that names its fix, or None for any other status."""
    if status == 401:
        return ("%s refused the password (401 Unauthorized): give the CIRCUITPY_WEB_API_PASSWORD of the board's "
                "settings.toml with --password PW or in $%s" % (where, PASSWORD_ENV))
    if status == 403:
        return ("%s has no web API password (403 Forbidden): set CIRCUITPY_WEB_API_PASSWORD in the board's "
                "settings.toml and restart it" % where)
    if status == 409:
        return ("%s cannot write its drive while USB holds it (409 Conflict): eject CIRCUITPY on the computer "
                "it is plugged into, or power the board from a charger instead" % where)
    return None


class Board:
    """One board's Web Workflow at ``host``:``port``."""

    def __init__(self, host, port, password, timeout=None):
        self.host = host
        self.port = port
        self.password = password
        self.auth = "Basic " + base64.b64encode((":" + password).encode("utf-8")).decode("ascii")
        self.timeout = timeout or TIMEOUT
        self.answered = False

    @property
    def where(self):
        host = "[%s]" % self.host if ":" in self.host else self.host
        return host if self.port == 80 else "%s:%d" % (host, self.port)

    def request(self, method, path, body=None, headers=None):
        """(status, the answer's bytes, its headers) of one request on a connection of its own."""
        sent = {"Authorization": self.auth, "Connection": "close"}
        sent.update(headers or {})
        if body is not None or method == "PUT":
            body = body or b""
            sent["Content-Length"] = str(len(body))
        connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            connection.request(method, quote(path), body=body, headers=sent)
            answer = connection.getresponse()
            data = answer.read()
        except (OSError, http.client.HTTPException) as exc:
            raise self._lost(exc) from None
        finally:
            connection.close()
        self.answered = True
        return answer.status, data, answer

    def _lost(self, exc):
        if isinstance(exc, socket.timeout):
            why = "no answer in %g s" % self.timeout
        elif isinstance(exc, http.client.HTTPException):
            why = "the connection closed before an answer"
        else:
            why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        if self.answered:
            return Dropped("the connection to %s dropped (%s)" % (self.where, why))
        return NoAnswer("no answer from %s (%s): check the address, that the board is on and on this network "
                        "(CircuitPython prints its address on the serial console and shows it on a board's "
                        "screen), then deploy again; nothing was changed" % (self.where, why))

    def checked(self, method, path, ok, body=None, headers=None):
        """request() whose status must be in ``ok``; ValueError naming the fix or the status if not."""
        status, data, answer = self.request(method, path, body, headers)
        if status not in ok:
            fix = fix_for(status, self.where)
            raise UserError(fix or "%s answered %d %s to %s %s" % (self.where, status, answer.reason, method, path))
        return status, data

    def version(self):
        """/cp/version.json as a dict; a redirect (circuitpython.local names every board) is followed once."""
        status, data, answer = self.request("GET", "/cp/version.json")
        if status in (301, 302, 307, 308) and answer.getheader("Location"):
            moved = urlsplit(answer.getheader("Location"))
            if moved.hostname:
                self.host, self.port = moved.hostname, moved.port or 80
                status, data, answer = self.request("GET", "/cp/version.json")
        try:
            info = json.loads(data.decode("utf-8")) if status == 200 else None
        except ValueError:
            info = None
        if not isinstance(info, dict) or not isinstance(info.get("version"), str):
            raise UserError("%s answered /cp/version.json with %d %s and no CircuitPython version: is it a "
                             "CircuitPython 8 or later board with the web workflow on?"
                             % (self.where, status, answer.reason))
        return info

    def listing(self, folder):
        """A folder's JSON (free, block_size, writable, files), or None if it does not exist."""
        status, data = self.checked("GET", "/fs" + folder, (200, 404), headers={"Accept": "application/json"})
        if status == 404:
            return None
        try:
            found = json.loads(data.decode("utf-8"))
        except ValueError:
            found = None
        if isinstance(found, list):  # web API version 1 to 3: the files alone
            found = {"files": found}
        files = found.get("files") if isinstance(found, dict) else None
        if not isinstance(files, list) or not all(isinstance(entry, dict) for entry in files):
            raise UserError("%s answered GET /fs%s with no folder listing CircuitPython's web workflow gives: is it "
                             "a CircuitPython board?" % (self.where, folder))
        return found

    def read(self, path):
        """A file's bytes, or None if it does not exist."""
        status, data = self.checked("GET", "/fs" + path, (200, 404))
        return data if status == 200 else None

    def mkdir(self, folder):
        """Make ``folder`` (ending in /); True if it is new, False if it was there."""
        return self.checked("PUT", "/fs" + folder, (201, 204))[0] == 201

    def write(self, path, data):
        self.checked("PUT", "/fs" + path, (201, 204), body=data)

    def move(self, source, target):
        self.checked("MOVE", "/fs" + source, (201,), headers={"X-Destination": quote("/fs" + target)})

    def delete(self, path):
        self.checked("DELETE", "/fs" + path, (204, 404))
