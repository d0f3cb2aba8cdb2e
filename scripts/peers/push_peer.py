#!/usr/bin/env python3
"""A Web Push service (RFC 8030) for Kinetic's tests, checking what a real one checks.

    python3 scripts/peers/push_peer.py [--port 0]

Prints "listening PORT". Subscriptions are made as a browser makes them: POST /__subscribe
{"applicationServerKey": "<the server's VAPID key, base64url>"} makes a device's P-256 key pair
and authentication secret and answers the browser's PushSubscription JSON ({"endpoint",
"keys": {"p256dh", "auth"}}). A push is POST /push/<id>: it must carry `TTL`,
`Content-Encoding: aes128gcm` and `Authorization: vapid t=<JWT>, k=<key>` where k is the key the
device subscribed with and the JWT is ES256-signed by it, names this service's origin (`aud`),
expires within 24 hours (`exp`) and says who sends (`sub`, mailto: or https:); the body is
decrypted with the device's private key (http_ece). 201 when all holds, 400/401/403 naming
what did not, 404 for an unknown device, 410 for one made gone.
Controls: GET /__messages lists the pushes received ({"device", "ttl", "topic", "urgency",
"payload"}); POST /__gone/<id> makes a device gone; POST /__fail {"status": 503, "count": 2}
fails the next pushes; POST /__fail {"now": <seconds since 1970>} sets the time a token's expiry
is checked against (a test's clock; the wall clock's by default). It stops when its standard input closes.
"""
import base64, json, os, threading, time, uuid

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from json_peer import JSONHandler, serve

DEVICES, MESSAGES, CONTROL, LOCK = {}, [], {"status": 0, "count": 0, "now": None}, threading.Lock()


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def check_vapid(header, device, origin):
    """None when the VAPID authorization holds for `device`, else what is wrong."""
    if not header.startswith("vapid "):
        return "Authorization is not vapid"
    parts = dict(part.strip().split("=", 1) for part in header[6:].split(",") if "=" in part)
    token, key = parts.get("t", ""), parts.get("k", "")
    if key != device["applicationServerKey"]:
        return "k is not the key the device subscribed with"
    pieces = token.split(".")
    if len(pieces) != 3:
        return "t is not a JWT"
    header_json, claims = json.loads(b64url_decode(pieces[0])), json.loads(b64url_decode(pieces[1]))
    if header_json.get("alg") != "ES256":
        return "the JWT is not ES256"
    signature = b64url_decode(pieces[2])
    if len(signature) != 64:
        return "the signature is not 64 bytes"
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(key))
    try:
        public.verify(encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")),
                      (pieces[0] + "." + pieces[1]).encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return "the JWT's signature does not verify"
    if claims.get("aud") != origin:
        return f"aud is {claims.get('aud')!r}, not {origin!r}"
    exp, now = claims.get("exp"), CONTROL.get("now") or time.time()
    if not isinstance(exp, int) or not now < exp <= now + 86400:
        return f"exp {exp!r} is not within 24 hours of {now}"
    sub = str(claims.get("sub", ""))
    if not (sub.startswith("mailto:") or sub.startswith("https:")):
        return "sub is not a mailto: or https: URL"
    return None


class Handler(JSONHandler):
    def do_GET(self):
        if self.path == "/__messages":
            with LOCK:
                return self.answer(200, MESSAGES)
        self.answer(404, {"error": "not found"})

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        if self.path == "/__subscribe":
            request = json.loads(body or b"{}")
            private = ec.generate_private_key(ec.SECP256R1())
            public = private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            device_id, auth = uuid.uuid4().hex, os.urandom(16)
            with LOCK:
                DEVICES[device_id] = {"private": private, "public": public, "auth": auth, "gone": False,
                                      "applicationServerKey": request.get("applicationServerKey", "")}
            return self.answer(200, {"endpoint": f"{origin}/push/{device_id}", "expirationTime": None,
                                     "keys": {"p256dh": b64url(public), "auth": b64url(auth)}})
        if self.path.startswith("/__gone/"):
            with LOCK:
                DEVICES[self.path[8:]]["gone"] = True
            return self.answer(200)
        if self.path == "/__fail":
            with LOCK:
                CONTROL.update(json.loads(body or b"{}"))
            return self.answer(200, CONTROL)
        if not self.path.startswith("/push/"):
            return self.answer(404, {"error": "not found"})
        device_id = self.path[6:]
        with LOCK:
            device = DEVICES.get(device_id)
            failing = CONTROL["count"] > 0
            if failing:
                CONTROL["count"] -= 1
        if device is None:
            return self.answer(404, {"error": "no such subscription"})
        if device["gone"]:
            return self.answer(410, {"error": "gone"})
        if failing:
            return self.answer(CONTROL["status"] or 503, {"error": "injected failure"})
        problem = check_vapid(self.headers.get("Authorization", ""), device, origin)
        if problem:
            return self.answer(403 if "k is not" in problem else 401, {"error": problem})
        if self.headers.get("Content-Encoding") != "aes128gcm" or self.headers.get("TTL") is None:
            return self.answer(400, {"error": "Content-Encoding aes128gcm and TTL are needed"})
        if len(body) > 4096:
            return self.answer(413, {"error": "payload too large"})
        try:
            payload = http_ece.decrypt(body, private_key=device["private"], auth_secret=device["auth"], version="aes128gcm")
        except Exception as error:  # noqa: BLE001 - whatever fails, the push is refused
            return self.answer(400, {"error": f"cannot decrypt: {error}"})
        with LOCK:
            MESSAGES.append({"device": device_id, "ttl": int(self.headers["TTL"]), "topic": self.headers.get("Topic"),
                             "urgency": self.headers.get("Urgency"), "payload": json.loads(payload)})
        self.send_response(201)
        self.send_header("Location", f"{origin}/messages/{uuid.uuid4().hex}")
        self.send_header("Content-Length", "0")
        self.end_headers()


if __name__ == "__main__":
    serve(Handler)
