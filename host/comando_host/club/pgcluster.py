"""A throwaway PostgreSQL cluster of Debian's postgresql in a directory of its own (the club's
tests; later `comando club serve --demo`): initdb, pg_ctl start on a free loopback port with the
unix socket in the same directory, pg_ctl stop. PostgreSQL refuses to run as root: as root the
cluster runs as the ``postgres`` user (Debian's package makes it), the directory chowned to it.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess


class ClusterError(RuntimeError):
    """The cluster cannot be made or started: one line saying why."""


def bin_dir() -> str | None:
    """The newest /usr/lib/postgresql/N/bin holding initdb and pg_ctl, or None."""
    found = []
    for d in glob.glob("/usr/lib/postgresql/*/bin"):
        if os.path.exists(os.path.join(d, "initdb")) and os.path.exists(os.path.join(d, "pg_ctl")):
            try:
                found.append((int(d.split("/")[-2]), d))
            except ValueError:
                continue
    return max(found)[1] if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """``start()`` makes and starts it; ``url`` is its libpq URL (user ``club``, trust on
    loopback and the socket: a throwaway cluster nobody else reaches); ``stop()`` ends it."""

    def __init__(self, root: str, port: int | None = None):
        self.bin = bin_dir()
        if self.bin is None:
            raise ClusterError("PostgreSQL is not installed (apt-get install postgresql)")
        self.root = os.path.abspath(root)
        self.data = os.path.join(self.root, "data")
        self.port = port or free_port()
        self.user = "club"
        self.db = "club"
        self._as = []
        if os.geteuid() == 0:
            self._as = ["runuser", "-u", "postgres", "--"]

    @property
    def url(self) -> str:
        return "postgresql://%s@127.0.0.1:%d/%s" % (self.user, self.port, self.db)

    def _run(self, *argv, check=True):
        r = subprocess.run(self._as + list(argv), capture_output=True, text=True, timeout=120)
        if check and r.returncode:
            last = (r.stderr or r.stdout).strip().splitlines()
            raise ClusterError("%s failed: %s" % (os.path.basename(argv[0]),
                                                   last[-1] if last else "exit %d" % r.returncode))
        return r

    def start(self):
        os.makedirs(self.root, exist_ok=True)
        if self._as:
            shutil.chown(self.root, "postgres", "postgres")
            os.chmod(self.root, 0o700)
        if not os.path.exists(os.path.join(self.data, "PG_VERSION")):
            self._run(os.path.join(self.bin, "initdb"), "-D", self.data, "-U", self.user,
                      "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
        self.pg_ctl_start()
        r = self._run(os.path.join(self.bin, "createdb"), "-h", self.root, "-p", str(self.port),
                      "-U", self.user, self.db, check=False)
        if r.returncode and "already exists" not in r.stderr:
            raise ClusterError("createdb failed: " + r.stderr.strip().splitlines()[-1])
        return self

    def pg_ctl_start(self):
        opts = "-c listen_addresses=127.0.0.1 -p %d -k %s -c fsync=off" % (self.port, self.root)
        self._run(os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-l",
                  os.path.join(self.root, "log"), "-o", opts, "-w", "start")

    def stop(self, mode: str = "fast"):
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            self._run(os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-m", mode, "-w", "stop",
                      check=False)
