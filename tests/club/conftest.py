"""The club's tests run on a real throwaway PostgreSQL cluster (comando_host.club.pgcluster):
one per test session, a fresh database per test. Without Debian's postgresql the tests skip on
a developer's machine, and FAIL under CI=true (.ci/run installs it)."""

import os
import shutil
import tempfile

import pytest
from clubtools import new_database, serving_club

NO_PG = "the club tests need Debian's postgresql (apt-get install postgresql)"


def need(what: str, ok: bool):
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(what + ": CI must run the club tests (.ci/run installs it)")
    pytest.skip(what)


def memory_dir():
    """/dev/shm when it has room (a throwaway cluster's files in memory: its databases made and
    removed in no time), else the usual temporary directory."""
    try:
        st = os.statvfs("/dev/shm")
        if st.f_bavail * st.f_frsize > 1 << 30 and os.access("/dev/shm", os.W_OK):
            return "/dev/shm"
    except OSError:
        pass
    return None


@pytest.fixture(scope="session")
def pg_cluster():
    from comando_host.club import pgcluster
    need(NO_PG, pgcluster.bin_dir() is not None)
    try:
        import psycopg  # noqa: F401
        import argon2  # noqa: F401
    except ImportError:
        need("the club tests need the club extra (pip install -e '.[club]')", False)
    # not under pytest's own temporary directory: that one is root's alone (0700), and as root
    # the cluster runs as the postgres user, who must reach its directory
    root = tempfile.mkdtemp(prefix="comando-pg-", dir=memory_dir())
    cluster = pgcluster.Cluster(root)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop("immediate")
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def club_server(pg_cluster, request):
    """The module's club, named by its CLUB, in a database of its own (`comando club init`) and
    one `comando club serve` of it on a free port (clubtools.Server), stopped after the module:
    a module adds the tournaments, tables and games it needs in its own `club` fixture."""
    with serving_club(pg_cluster, request.module.CLUB) as s:
        yield s


@pytest.fixture
def pg_url(pg_cluster):
    return new_database(pg_cluster)
