"""Property tests of comando.board on random boards (hypothesis, CPython only)."""

import json

from hypothesis import given, settings, strategies as st

from comando.board import check_board, load_board


@st.composite
def boards(draw):
    n = draw(st.integers(2, 30))
    k = draw(st.integers(1, min(5, n)))
    # a random spanning tree keeps it connected, plus random extra borders
    edges = set()
    for i in range(1, n):
        j = draw(st.integers(0, i - 1))
        edges.add((j, i))
    for _ in range(draw(st.integers(0, n))):
        a, b = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        if a != b:
            edges.add((min(a, b), max(a, b)))
    cont = [draw(st.integers(0, k - 1)) if i >= k else i for i in range(n)]
    data = {
        "schema": "comando-board/1", "id": "rnd", "name": "Random",
        "continents": [{"id": "c%d" % c, "name": "Cont %d" % c, "bonus": c} for c in range(k)],
        "countries": [{"id": "p%d" % i, "name": "Place %d" % i, "short": "P%d" % i,
                       "continent": "c%d" % cont[i]} for i in range(n)],
        "borders": [["p%d" % a, "p%d" % b] for a, b in sorted(edges)],
    }
    return data, n, edges, cont


def bfs(n, edges, start):
    nb = {i: set() for i in range(n)}
    for a, b in edges:
        nb[a].add(b)
        nb[b].add(a)
    dist = {start: 0}
    todo = [start]
    while todo:
        x = todo.pop(0)
        for y in nb[x]:
            if y not in dist:
                dist[y] = dist[x] + 1
                todo.append(y)
    return dist


@settings(max_examples=80, deadline=None)
@given(boards(), st.data())
def test_random_boards_load_and_answer_like_a_plain_bfs(case, data):
    board_data, n, edges, cont = case
    b = load_board(board_data)
    assert b.n == n and len(b.borders()) == len(edges)
    a = data.draw(st.integers(0, n - 1))
    dist = bfs(n, edges, a)
    for x in range(n):
        want = dist[x] if dist[x] <= 3 else None
        assert b.distance(a, x) == want
    assert sorted(b.within(a, 3)) == sorted((x, d) for x, d in dist.items() if 0 < d <= 3)
    for x, y in b.borders():
        assert b.is_internal(x, y) == (cont[x] == cont[y]) != b.is_external(x, y)
    owner = [data.draw(st.integers(0, 2)) for _ in range(n)]
    chains = b.chains(owner, 1)
    flat = sorted(i for ch in chains for i in ch)
    assert flat == [i for i in range(n) if owner[i] == 1]
    for ch in chains:
        for x in ch:
            assert b.chain(owner, 1, x) == ch


@settings(max_examples=60, deadline=None)
@given(boards(), st.data())
def test_a_broken_border_is_always_named(case, data):
    board_data, n, edges, cont = case
    broken = json.loads(json.dumps(board_data))
    i = data.draw(st.integers(0, len(broken["borders"]) - 1))
    kind = data.draw(st.sampled_from(["unknown", "self", "duplicate"]))
    if kind == "unknown":
        broken["borders"][i][1] = "nowhere"
        want = "borders[%d]: unknown country 'nowhere'" % i
    elif kind == "self":
        broken["borders"][i][1] = broken["borders"][i][0]
        want = "borders[%d]: self border" % i
    else:
        broken["borders"].append(list(reversed(broken["borders"][i])))
        want = "borders[%d]: duplicate border" % (len(broken["borders"]) - 1)
    errors = check_board(broken, label="r.json")
    assert any(e.startswith("r.json: " + want) for e in errors), (want, errors)
