#!/usr/bin/env python3
"""A webhook receiver on a free loopback port for the server tests: prints its port, answers the
first FAIL posts with 500 and the rest with 200, verifies each Reel-Signature with the secret,
and writes one JSON line per post to LOG. Stops by itself after SECONDS.

  webhook_receiver.py SECRET FAIL LOG SECONDS
"""
import hashlib
import hmac
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

secret, fail, log, seconds = sys.argv[1].encode(), int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
count = 0


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        global count
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        header = self.headers.get("Reel-Signature", "")
        fields = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
        expected = hmac.new(secret, (fields.get("t", "") + ".").encode() + body, hashlib.sha256).hexdigest()
        valid = hmac.compare_digest(expected, fields.get("v1", ""))
        count += 1
        status = 500 if count <= fail else 200
        with open(log, "a") as f:
            f.write(json.dumps({"valid": valid, "status": status, "body": json.loads(body)}) + "\n")
        self.send_response(status)
        self.end_headers()

    def log_message(self, *args):
        pass


server = HTTPServer(("127.0.0.1", 0), Receiver)
print(server.server_address[1], flush=True)
threading.Timer(seconds, server.shutdown).start()
server.serve_forever()
