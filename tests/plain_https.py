"""https:// served by a plain-HTTP stand-in server on loopback, for the download tests: the
opener deploy uses (mpy_cross.opener, redirects to https only) with its https handler swapped for
one that speaks HTTP to 127.0.0.1. Only loopback addresses are opened."""

import http.client
import urllib.request

from knightstour_desktop.commands import mpy_cross


class PlainHttps(urllib.request.HTTPSHandler):
    def https_open(self, req):
        assert req.host.split(":")[0] == "127.0.0.1", req.host  # never the real bucket
        return self.do_open(http.client.HTTPConnection, req)


def opener():
    return urllib.request.build_opener(mpy_cross.HttpsOnly, PlainHttps, urllib.request.ProxyHandler({}))


def patch(monkeypatch=None):
    """Make mpy_cross download https:// from the loopback stand-in (in this process)."""
    if monkeypatch is None:
        mpy_cross.opener = opener
    else:
        monkeypatch.setattr(mpy_cross, "opener", opener)
