"""A stand-in for a CircuitPython 10 board's Web Workflow, for the deploy tests: on 127.0.0.1 only,
its CIRCUITPY files in a local folder, answering as docs/workflows.md documents and
supervisor/shared/web_workflow/web_workflow.c (10.0.3) does:

- /cp/version.json without a password; /fs/ with basic auth and an empty user: 403 when the board
  has no password, 401 for a missing or wrong one;
- GET /fs/<dir>/ with Accept: application/json: free, total, block_size, writable (false while USB
  holds the drive) and files; a folder that is not there: 404;
- PUT /fs/<dir>/: 201 made (parents too, as the firmware does), 204 there already; PUT /fs/<file>:
  201 new, 204 replaced, 404 no parent folder; MOVE to X-Destination: 201, 404 no source or no
  destination folder, 412 destination taken; DELETE (folders with what is in them): 204, 404;
  every write 409 while USB holds the drive;
- one request per connection, closed after the answer, as the board does.

``drop_after = N`` makes it a connection that drops: the first N requests are answered, then every
connection is closed unanswered (with ``drop_done`` the request it cuts off is carried out first,
its answer lost), until ``drop_after`` is None again.
"""

import base64
import json
import os
import shutil
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import unquote

WRITES = ("PUT", "MOVE", "DELETE")


class Board:
    def __init__(self, root, password="passw0rd", board_id="sunton_esp32_2432S028", version="10.0.3",
                 free=4 * 1024 * 1024, block_size=4096):
        self.root = str(root)
        self.password = password
        self.board_id = board_id
        self.version = version
        self.free = free
        self.block_size = block_size
        self.usb = False
        self.usb_after = None  # USB takes the drive once this many requests are answered
        self.drop_after = None
        self.drop_done = False
        self.before = None  # called with the board before each request is answered
        self.redirect = None  # another stand-in: /cp/version.json sends there (as circuitpython.local does)
        self.answered = []  # (method, path, status, X-Destination) of each request answered
        self.server = Server(("127.0.0.1", 0), Handler)
        self.server.board = self
        # shutdown() waits for the serving loop's next look at its flag: every 0.5 s by default, a
        # quarter of a second lost on average at the end of every test
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.01},
                                       daemon=True)

    @property
    def host(self):
        return "127.0.0.1:%d" % self.server.server_address[1]

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()
        return False

    def writes(self):
        return [answer for answer in self.answered if answer[0] in WRITES]

    def local(self, path):
        """The stand-in's file for the board's ``path`` (/fs/ left off); None for one that leaves the drive."""
        parts = [part for part in path.split("/") if part]
        if any(part in (".", "..") for part in parts):
            return None
        return os.path.join(self.root, *parts)


class Server(HTTPServer):
    def handle_error(self, request, client_address):
        pass  # a client that went away (a deploy stopped by a signal): the board does not say either


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.serve()

    do_PUT = do_MOVE = do_DELETE = do_OPTIONS = do_GET

    def serve(self):
        board = self.server.board
        self.close_connection = True
        if board.drop_after is not None and len(board.answered) >= board.drop_after:
            if board.drop_done:
                self.answer(board)
            return  # the socket closes with no answer
        if board.before is not None:
            board.before(board)
        if board.usb_after is not None and len(board.answered) >= board.usb_after:
            board.usb = True
        status, body, headers = self.answer(board)
        board.answered.append((self.command, unquote(self.path), status, unquote(self.headers.get("X-Destination", ""))))
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def answer(self, board):
        path = unquote(self.path)
        if path.startswith("/cp/"):
            if self.command != "GET":
                return 405, b"", {}
            if path != "/cp/version.json":
                return 404, b"", {}
            if board.redirect is not None:
                return 307, b"", {"Location": "http://%s/cp/version.json" % board.redirect.host}
            info = {"web_api_version": 4, "version": board.version, "build_date": "2025-10-01",
                    "board_name": "stand-in", "mcu_name": "ESP32", "board_id": board.board_id,
                    "creator_id": 0, "creation_id": 0, "hostname": "cpy-000000", "port": 80, "ip": "127.0.0.1"}
            return 200, json.dumps(info).encode(), {"Content-Type": "application/json"}
        if not path.startswith("/fs/"):
            return 404, b"", {}
        if self.command == "OPTIONS":
            return 204, b"", {}
        if not board.password:
            self.body()
            return 403, b"", {}
        expected = "Basic " + base64.b64encode((":" + board.password).encode()).decode()
        if self.headers.get("Authorization") != expected:
            self.body()
            return 401, b"", {"WWW-Authenticate": 'Basic realm="CircuitPython"'}
        return self.file_api(board, path[3:])

    def file_api(self, board, path):
        directory = path.endswith("/")
        target = board.local(path)
        if target is None:
            return 404, b"", {}
        if self.command in WRITES and board.usb:
            self.body()
            return 409, b"USB storage active.", {}
        if self.command == "DELETE":
            if not os.path.lexists(target) or target == board.root:
                return 404, b"", {}
            shutil.rmtree(target) if os.path.isdir(target) else os.remove(target)
            return 204, b"", {}
        if self.command == "MOVE":
            destination = unquote(self.headers.get("X-Destination", ""))
            to = board.local(destination[3:]) if destination.startswith("/fs/") else None
            if not os.path.lexists(target) or to is None or not os.path.isdir(os.path.dirname(to)):
                return 404, b"", {}
            if os.path.lexists(to):
                return 412, b"", {}
            os.rename(target, to)
            return 201, b"", {}
        if self.command == "PUT" and directory:
            if os.path.lexists(target):
                return 204, b"", {}
            os.makedirs(target)
            return 201, b"", {}
        if self.command == "PUT":
            data = self.body()
            if not os.path.isdir(os.path.dirname(target)):
                return 404, b"", {}
            if os.path.isdir(target):
                return 500, b"", {}
            existed = os.path.exists(target)
            with open(target, "wb") as out:
                out.write(data)
            return (204 if existed else 201), b"", {}
        if self.command == "GET" and directory:
            if not os.path.isdir(target) or self.headers.get("Accept") != "application/json":
                return 404, b"", {}
            files = [{"name": name, "directory": os.path.isdir(os.path.join(target, name)),
                      "modified_ns": 0, "file_size": 0 if os.path.isdir(os.path.join(target, name)) else
                      os.path.getsize(os.path.join(target, name))} for name in sorted(os.listdir(target))]
            listing = {"free": board.free // board.block_size, "total": 1000, "block_size": board.block_size,
                       "writable": not board.usb, "files": files}
            return 200, json.dumps(listing).encode(), {"Content-Type": "application/json"}
        if self.command == "GET":
            if not os.path.isfile(target):
                return 404, b"", {}
            with open(target, "rb") as data:
                return 200, data.read(), {"Content-Type": "application/octet-stream"}
        return 405, b"", {}
