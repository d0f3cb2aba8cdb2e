"""What every test peer does first: take signals whatever mask its parent had (Swift's threads
block SIGTERM, and a child inherits that), and end when the process that started it closes its
standard input or dies."""
import os, signal, sys, threading


def stop_with_parent():
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.stdin is None or sys.stdin.isatty():
        return

    def watch():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
