"""Issue 24, the commands of part A in the laptop's language: every command's --help (argparse's
own headings and refusals too, through the catalogues), doctor's findings, boards' lines and the
board validator's problems (the shared core's English, said again by the host:
BoardError.laptop_say); English when nothing asks for another language."""

import json

import pytest

from comando_host.cli import main
from comando_host.commands import doctor


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:   # argparse's --help and its refusals
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("code, usage, heading, line", [
    ("es", "uso: comando doctor", "opciones:", "segundos de espera por cada respuesta (por defecto 2.5)"),
    ("pt_BR", "uso: comando doctor", "opções:", "segundos de espera por cada resposta (padrão 2.5)"),
    ("en", "usage: comando doctor", "options:", "seconds to wait for each answer (default 2.5)"),
])
def test_a_commands_help_is_in_the_laptops_language(capsys, code, usage, heading, line):
    rc, out, _ = run(capsys, "--lang", code, "doctor", "--help")
    assert rc == 0
    text = " ".join(out.split())
    assert out.startswith(usage) and heading in out and line in text


def test_the_top_level_help_lists_every_command_in_the_language(capsys):
    rc, out, _ = run(capsys, "--lang", "es", "--help")
    assert rc == 0
    text = " ".join(out.split())
    assert "mostrar la versión y salir" in text
    assert "revisar el dispositivo Comando: USB, puerto, versión del firmware" in text
    assert "listar las partidas guardadas" in text


def test_argparse_refusals_are_in_the_language(capsys):
    rc, _, err = run(capsys, "--lang", "es", "club", "init")
    assert rc == 2
    assert err.startswith("comando club init: error: hacen falta los siguientes argumentos: --club")
    assert err.rstrip().endswith("(ver `comando club init --help`)")
    rc, _, err = run(capsys, "--lang", "pt_BR", "games", "--nope")
    assert rc == 2 and "error: argumentos não reconhecidos: --nope" in err


def test_an_unknown_language_is_refused_before_the_help(capsys):
    rc, out, err = run(capsys, "--lang", "fr", "doctor", "--help")
    assert (rc, out) == (2, "")
    assert err == "comando: error: unknown language 'fr': one of en, es, pt_BR\n"


def test_doctors_findings_in_each_language(capsys):
    from comando_host.text import lang
    lang.use("es")
    finding = doctor.port_error_finding("/dev/ttyACM0", FileNotFoundError(2, "No such file"))
    assert finding.text == "/dev/ttyACM0 no existe (¿se desenchufó el dispositivo?)."
    assert finding.fix == "Volvé a enchufar la Pico y corré 'comando doctor' otra vez."
    lang.use("pt_BR")
    finding = doctor.port_error_finding("/dev/ttyACM0", PermissionError(13, "denied"))
    assert finding.text == "/dev/ttyACM0: permissão negada: este usuário não pode abrir portas seriais."
    assert "sudo usermod -aG dialout $USER" in finding.fix and "No Linux" in finding.fix
    lang.use("en")
    finding = doctor.port_error_finding("/dev/ttyACM0", PermissionError(13, "denied"))
    assert finding.fix.startswith("On Linux, add yourself")


def bad_board(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({
        "schema": "comando-board/1", "id": "bad", "name": "Bad",
        "continents": [{"id": "c", "name": "C", "short": "C", "bonus": -1}],
        "countries": [{"id": "a", "name": "A", "short": "A", "continent": "c", "neighbours": ["b"]},
                      {"id": "b", "name": "B", "short": "B", "continent": "c", "neighbours": ["a", "zz"]}]}),
        encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("code, bonus, unknown, problems", [
    ("es", "bonus debe ser un entero no negativo, vino -1", "país desconocido 'zz'", "2 problemas"),
    ("pt_BR", "bonus deve ser um inteiro não negativo, veio -1", "território desconhecido 'zz'", "2 problemas"),
    ("en", "bonus must be a non-negative integer, got -1", "unknown country 'zz'", "2 problems"),
])
def test_the_board_validators_problems_in_each_language(capsys, tmp_path, code, bonus, unknown, problems):
    path = bad_board(tmp_path)
    rc, out, _ = run(capsys, "--lang", code, "boards", "check", path)
    assert rc == 1
    lines = out.splitlines()
    assert lines[0] == "%s: %s" % (path, problems)
    assert "  %s: continents[0] 'c': %s" % (path, bonus) in lines
    assert any(line.startswith("  %s: countries[1] 'b'" % path) and line.endswith(unknown) for line in lines)


def test_the_device_says_the_validators_english(tmp_path):
    """The core alone (no laptop hook): the English, as the device says it."""
    from comando.board import check_board
    from comando.errors import BoardError
    from comando_host.text import lang
    lang.use("es")
    hook = BoardError.__dict__["laptop_say"]
    try:
        del BoardError.laptop_say
        errors = check_board(bad_board(tmp_path))
    finally:
        BoardError.laptop_say = hook
    assert any(e.endswith("bonus must be a non-negative integer, got -1") for e in errors)


def test_boards_show_in_the_language(capsys):
    rc, out, _ = run(capsys, "--lang", "es", "boards", "show", "teg")
    assert rc == 0
    lines = out.splitlines()
    assert lines[0] == "T.E.G. classic (teg) - reglamentos: teg"
    assert lines[1] == "50 países, 6 continentes, 89 fronteras, 0 islas"
    assert lines[3] == "América del Sur [america_del_sur] bonus 3, 6 países"


def test_a_layouts_problems_in_the_language(capsys, tmp_path):
    from comando.board import load_board
    from comando_host.maps import geometry
    from comando_host.text import lang
    b = load_board("teg")
    lang.use("pt_BR")
    errs = geometry.check_layout({"schema": geometry.SCHEMA, "board": "war", "size": [10, 0]}, b, "x.json")
    assert errs == ["x.json: board: 'war' não é o id do tabuleiro 'teg'",
                    "x.json: size: deve ser [largura, altura] (inteiros positivos)"]
