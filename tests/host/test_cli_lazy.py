"""Issue 13: a one-shot command imports what it needs, when it needs it (the time is measured by
bench/bench_cli_start.py, not here): `comando odds` loads neither the store, the engine, the
boards nor the link, and `comando --help` still lists every command."""

import subprocess
import sys

HEAVY = ("sqlite3", "comando_host.store.db", "comando.engine", "comando.board", "comando.link",
         "comando_host.pico.mpycompat", "serial", "inspect")


def test_odds_imports_only_what_it_needs():
    code = ("import sys, io; from comando_host.cli import main; out = sys.stdout; "
            "sys.stdout = io.StringIO(); rc = main(['odds', '--rules', 'teg', '10', '4']); "
            "sys.stdout = out; print(rc); print(' '.join(sorted(sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    rc, mods = proc.stdout.splitlines()
    assert rc == "0"
    loaded = set(mods.split())
    assert "comando.odds" in loaded
    assert not [m for m in HEAVY if m in loaded], [m for m in HEAVY if m in loaded]


def test_help_lists_every_command(capsys):
    from comando_host.cli import main
    from comando_host.commands._parser import command_names
    try:
        main(["--help"])
    except SystemExit:
        pass
    out = capsys.readouterr().out
    names = command_names()
    assert {"odds", "play", "games", "run", "doctor"} <= set(names)
    for name in names:
        assert name in out


def test_an_unknown_command_is_still_one_line(capsys):
    from comando_host.cli import main
    try:
        code = main(["odsd", "10", "4"])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and "invalid choice: 'odsd'" in err and len(err.strip().splitlines()) == 1
