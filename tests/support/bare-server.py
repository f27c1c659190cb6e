"""A bare static web server for the hosting tests: Python's standard http.server, plus the one
setting every static host has (S3 website hosting calls it the error document): unknown paths get
404.html with status 404. It sends no custom headers at all, so the page's own CSP meta tag is all
the protection it gets, and it lists no folders.

Usage: python3 bare-server.py PORT FOLDER
"""
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    def send_error(self, code, message=None, explain=None):
        error_page = os.path.join(self.directory, "404.html")
        if code != 404 or not os.path.isfile(error_page):
            return super().send_error(code, message, explain)
        with open(error_page, "rb") as handle:
            body = handle.read()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def list_directory(self, path):
        self.send_error(404)
        return None

    def log_message(self, format, *args):
        pass


if __name__ == "__main__":
    port, folder = int(sys.argv[1]), sys.argv[2]
    handler = functools.partial(Handler, directory=folder)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        server.serve_forever()
