"""Where the game database is: $COMANDO_DB, else comando.db in the user's data folder. A leaf
(os only): a command reads the path before it knows it needs sqlite3 and the store."""

import os

ENV = "COMANDO_DB"


def default_path() -> str:
    env = os.environ.get(ENV)
    if env:
        return env
    from platformdirs import user_data_dir
    return os.path.join(user_data_dir("comando", appauthor=False), "comando.db")
