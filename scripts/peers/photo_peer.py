#!/usr/bin/env python3
"""A web server holding photos, as Google's photo host holds the ones its contact files link
to, for Kinetic's tests.

    python3 scripts/peers/photo_peer.py [--port 0]

Prints "listening PORT". PUT /<name> keeps the request's body under that name; GET /<name>
answers it as image/jpeg, or 404. GET /moved/<name> answers 302 to /<name> (what a client
that follows no redirect must not follow). GET /__requests lists the paths asked for.
It stops when its standard input closes.
"""
import threading

from json_peer import JSONHandler, serve

PHOTOS, REQUESTS, LOCK = {}, [], threading.Lock()


class Handler(JSONHandler):
    def do_PUT(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with LOCK:
            PHOTOS[self.path] = body
        self.answer(201)

    def do_GET(self):
        if self.path == "/__requests":
            with LOCK:
                return self.answer(200, list(REQUESTS))
        with LOCK:
            REQUESTS.append(self.path)
            photo = PHOTOS.get(self.path)
        if self.path.startswith("/moved/"):
            self.send_response(302)
            self.send_header("Location", self.path[len("/moved"):])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif photo is None:
            self.answer(404)
        else:
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", str(len(photo)))
            self.end_headers()
            self.wfile.write(photo)


if __name__ == "__main__":
    serve(Handler)
