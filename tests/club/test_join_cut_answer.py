"""A push whose answer is cut short (the club's server killed while it answered) is the club
unreachable for `comando club join`: it sends again, never a traceback."""

import socket
import threading

import pytest

from comando_host.club.join import Unreachable, post


def test_an_answer_cut_short_is_the_club_unreachable():
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)

    def answer_half():
        conn, _ = srv.accept()
        conn.recv(65536)
        # the head promises 13 bytes of body; the server dies before sending them
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 13\r\n\r\n")
        conn.close()

    t = threading.Thread(target=answer_half, daemon=True)
    t.start()
    try:
        with pytest.raises(Unreachable, match="IncompleteRead|bytes read"):
            post("http://127.0.0.1:%d" % srv.getsockname()[1], "token", "g1",
                 [{"seq": 1, "t": "new"}], timeout=5)
    finally:
        t.join(5)
        srv.close()
