#!/usr/bin/env python3
"""A real S3 server for Kinetic's tests (moto in server mode, PyPI `moto[server]`).

    python3 scripts/peers/s3_peer.py [--port 0] [--bucket NAME]...

Prints "listening PORT" once it accepts connections, with each --bucket created. Objects live
in memory until it stops. moto does not check signatures (every request is let in); the
signer is held to AWS's test suite and botocore instead (Tests/ObjectStorageTests).
"""
import argparse, logging, threading, urllib.request

from moto.server import ThreadedMotoServer

from lifetime import stop_with_parent


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--bucket", action="append", default=[])
    arguments = parser.parse_args()
    stop_with_parent()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=arguments.port, verbose=False)
    server.start()
    port = server.get_host_and_port()[1]
    for bucket in arguments.bucket:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/{bucket}", method="PUT")
        urllib.request.urlopen(request).read()
    print("listening", port, flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()
