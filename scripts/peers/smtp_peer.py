#!/usr/bin/env python3
"""A real SMTP server for Kinetic's tests and benchmark (aiosmtpd), recording what it accepts.

    python3 scripts/peers/smtp_peer.py --dir DIR [--port 0] [--auth USER:PASSWORD]
        [--tls CERT KEY [--require-tls]] [--data-delay SECONDS] [--fail-data N] [--drop-after N]

Prints "listening PORT" once it accepts connections. Each accepted message is written to
DIR/<n>.eml and described by one JSON line in DIR/messages.jsonl (envelope sender and
recipients, Message-ID, subject, size). Recipients decide their fate by their local part:
refuse-…@ gets 550 (permanent), later-…@ gets 451 (try again). --fail-data N answers the first
N messages' data with 451; --data-delay waits before answering the data (for time limits);
--drop-after N closes the connection at the MAIL FROM that follows N accepted messages (a
server or network that goes away mid-session).
"""
import argparse, asyncio, email, email.policy, json, os, ssl, sys, threading

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

from lifetime import stop_with_parent


class Recorder:
    def __init__(self, folder, data_delay, fail_data, drop_after=None):
        self.folder, self.data_delay, self.fail_data, self.drop_after = folder, data_delay, fail_data, drop_after
        self.lock = threading.Lock()
        self.count = len([n for n in os.listdir(folder) if n.endswith(".eml")])

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        if self.drop_after is not None and self.count >= self.drop_after:
            server.transport.close()
            return "421 4.3.2 Closing the connection"
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        local = address.split("@")[0].lower()
        if local.startswith("refuse-"):
            return "550 5.1.1 No such mailbox here"
        if local.startswith("later-"):
            return "451 4.2.0 Mailbox busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.data_delay:
            await asyncio.sleep(self.data_delay)
        with self.lock:
            if self.fail_data > 0:
                self.fail_data -= 1
                return "451 4.3.0 Temporary failure, try again"
            self.count += 1
            number = self.count
        raw = envelope.original_content or envelope.content
        name = f"{number}.eml"
        with open(os.path.join(self.folder, name), "wb") as file:
            file.write(raw)
        parsed = email.message_from_bytes(raw, policy=email.policy.default)
        text = parsed.get_body(preferencelist=("plain",))
        html = parsed.get_body(preferencelist=("html",))
        line = {"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos, "message_id": parsed.get("Message-ID"),
                "subject": str(parsed.get("Subject") or ""), "to": str(parsed.get("To") or ""), "size": len(raw), "file": name,
                "parts": [part.get_content_type() for part in parsed.walk()],
                "text": text.get_content() if text is not None else None,
                "html": html.get_content() if html is not None else None,
                "images": [str(part.get("Content-ID")) for part in parsed.walk() if part.get_content_maintype() == "image"],
                "headers": {name: str(value) for name, value in parsed.items()}}
        with self.lock, open(os.path.join(self.folder, "messages.jsonl"), "a") as log:
            log.write(json.dumps(line) + "\n")
        return "250 Message accepted"


def main():
    stop_with_parent()
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--auth")
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--require-tls", action="store_true")
    parser.add_argument("--data-delay", type=float, default=0)
    parser.add_argument("--fail-data", type=int, default=0)
    parser.add_argument("--drop-after", type=int)
    options = parser.parse_args()
    os.makedirs(options.dir, exist_ok=True)
    recorder = Recorder(options.dir, options.data_delay, options.fail_data, options.drop_after)
    context = None
    if options.tls:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(*options.tls)

    def authenticator(server, session, envelope, mechanism, credentials):
        user, password = options.auth.split(":", 1)
        good = isinstance(credentials, LoginPassword) and credentials.login.decode() == user and credentials.password.decode() == password
        if good:
            return AuthResult(success=True)
        return AuthResult(success=False, handled=False, message="535 5.7.8 Authentication credentials invalid")

    def protocol():
        return SMTP(recorder, hostname="peer.kinetic.test", tls_context=context, require_starttls=options.require_tls,
                    authenticator=authenticator if options.auth else None, auth_required=bool(options.auth),
                    auth_require_tls=bool(options.tls), data_size_limit=50 * 1024 * 1024)

    async def serve():
        server = await asyncio.get_running_loop().create_server(protocol, "127.0.0.1", options.port)
        print("listening", server.sockets[0].getsockname()[1], flush=True)
        await server.serve_forever()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
