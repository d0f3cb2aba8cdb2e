"""What the HTTP test peers share: a request handler that answers JSON and logs nothing, and a
server on loopback (`--port`, any free one by default) that prints "listening PORT" and stops
with the process that started it."""
import argparse, http.server, json

from lifetime import stop_with_parent


class JSONHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self, status, body=None):
        data = json.dumps(body if body is not None else {}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments):
        pass


def serve(handler):
    stop_with_parent()
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", options.port), handler)
    server.daemon_threads = True
    print("listening", server.server_address[1], flush=True)
    server.serve_forever()
