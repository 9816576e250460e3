"""The club server (`comando club`): every table of a club on one PostgreSQL database.

``schema`` (the tables, versioned and migrated at start), ``db`` (the pool and the queries),
``auth`` (organiser passwords, table tokens), ``fold`` (each game folded by the engine, the
sealed-secret rule), ``server`` (the Starlette app), ``join`` (a table pushing its store).
docs/club.md tells the whole.
"""
