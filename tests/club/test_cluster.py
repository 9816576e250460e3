"""The rig itself: a real cluster answers SQL on its loopback port."""


def test_cluster_answers_sql(pg_url):
    import psycopg
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT 1 + 1").fetchone()[0] == 2
        assert conn.info.server_version >= 130000
