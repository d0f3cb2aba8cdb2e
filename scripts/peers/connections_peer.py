#!/usr/bin/env python3
"""A stand-in for IBM/HCL Connections' microblog API, for Kinetic's tests and benchmark.

    python3 scripts/peers/connections_peer.py [--port 0]

Prints "listening PORT". Accepts POST /connections/opensocial/{basic|oauth}/rest/ublog/{@me|user}/@all
with {"content": "..."} (Basic auth on the basic path, a bearer token on the oauth path) and
answers {"entry": {"id": "urn:lsid:lconn.ibm.com:profiles.note:<uuid>", ...}}.
Controls: POST /__fail {"status": 503, "count": 2, "delay": 0} makes the next posts fail (or
wait `delay` seconds first); GET /__requests lists the accepted posts; POST /__reset forgets them.
It stops when its standard input closes.
"""
import base64, json, re, threading, time, uuid

from json_peer import JSONHandler, serve

POSTS, CONTROL, LOCK = [], {"status": 0, "count": 0, "delay": 0.0}, threading.Lock()
BOARD = re.compile(r"^/connections/opensocial/(basic|oauth)/rest/ublog/([^/]+)/@all/?$")


class Handler(JSONHandler):
    def do_GET(self):
        if self.path == "/__requests":
            with LOCK:
                return self.answer(200, POSTS)
        self.answer(404, {"error": "not found"})

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path == "/__fail":
            with LOCK:
                CONTROL.update(json.loads(body or b"{}"))
                return self.answer(200, CONTROL)
        if self.path == "/__reset":
            with LOCK:
                POSTS.clear()
                CONTROL.update({"status": 0, "count": 0, "delay": 0.0})
            return self.answer(200, {})
        match = BOARD.match(self.path)
        if not match:
            return self.answer(404, {"error": "not found"})
        scheme, board = match.groups()
        authorization = self.headers.get("Authorization", "")
        if scheme == "basic" and not authorization.startswith("Basic "):
            return self.answer(401, {"error": "unauthorized"})
        if scheme == "oauth" and not authorization.startswith("Bearer "):
            return self.answer(401, {"error": "unauthorized"})
        try:
            entry = json.loads(body)
        except ValueError:
            return self.answer(400, {"error": "invalid JSON"})
        if not isinstance(entry, dict) or not str(entry.get("content", "")).strip():
            return self.answer(400, {"error": "content is mandatory"})
        with LOCK:
            delay = CONTROL["delay"]
            failing = CONTROL["count"] > 0
            if failing:
                CONTROL["count"] -= 1
        if delay:
            time.sleep(delay)
        if failing:
            return self.answer(CONTROL["status"] or 503, {"error": "injected failure"})
        user = base64.b64decode(authorization[6:]).decode().split(":")[0] if scheme == "basic" else "oauth"
        note = "urn:lsid:lconn.ibm.com:profiles.note:" + str(uuid.uuid4())
        with LOCK:
            POSTS.append({"board": board, "user": user, "content": entry["content"], "id": note,
                          "idempotency_key": self.headers.get("Idempotency-Key")})
        self.answer(200, {"entry": {"id": note, "content": entry["content"],
                                    "published": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())}})


if __name__ == "__main__":
    serve(Handler)
