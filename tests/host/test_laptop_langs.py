"""The laptop speaks es, pt_BR and en (issue 24): `comando --lang`, $COMANDO_LANG, the locale,
a game's table in its ruleset's home language; odds, roll and battle against golden texts in
tests/golden/lang/ (COMANDO_UPDATE_GOLDEN=1 rewrites them); JSON stays language-neutral; an unknown
code is one line and exit 2. The words are the boxes' (docs/decisions/laptop-languages.md):
T.E.G.'s "ejércitos", "atacar" (/work/shared/rules/teg-classic.txt, "6. Continuation of the
Game"), WAR's "exércitos" (war.txt), T.E.G. II's "potencial bélico" (teg-ii.txt, "War Potential")."""

import json
import os
import subprocess
import sys

import pytest

from comando_host.cli import main
from comando_host.text import lang

GOLDEN = os.path.join(os.path.dirname(os.path.dirname(__file__)), "golden", "lang")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def same_text(out: str, name: str):
    path = os.path.join(GOLDEN, name)
    if os.environ.get("COMANDO_UPDATE_GOLDEN") or not os.path.exists(path):
        assert not os.environ.get("CI") or os.environ.get("COMANDO_UPDATE_GOLDEN"), f"{path} is missing"
        with open(path, "w", encoding="utf-8") as f:
            f.write(out)
    with open(path, encoding="utf-8") as f:
        assert out == f.read(), f"{name} differs from its golden text"


@pytest.mark.parametrize("argv, name", [
    (("--lang", "es", "odds", "5", "3"), "odds-5-3-es.txt"),
    (("--lang", "pt_BR", "odds", "--rules", "war", "6", "3"), "odds-war-6-3-pt_BR.txt"),
    (("--lang", "es", "roll", "--rules", "revancha", "5", "3", "--seed", "1"), "roll-revancha-es.txt"),
    (("--lang", "es", "roll", "--all", "--snow", "--rules", "revancha", "12", "6", "--seed", "4"),
     "roll-all-snow-es.txt"),
    (("--lang", "pt_BR", "roll", "--rules", "war", "4", "3", "--seed", "2"), "roll-war-pt_BR.txt"),
    (("--lang", "es", "battle", "--att", "3/0/5", "--def", "1/2/2", "--att-wp", "7", "--def-wp", "7"),
     "battle-es.txt"),
    (("--lang", "pt_BR", "battle", "--att", "2/A1/SU", "--att-su", "--def", "4/3/3"), "battle-pt_BR.txt"),
])
def test_the_output_in_each_language_is_its_golden_text(capsys, argv, name):
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    same_text(out, name)


def test_the_spanish_odds_say_the_boxes_words_and_decimal_commas(capsys):
    code, out, _ = run(capsys, "--lang", "es", "odds", "10", "4")
    assert code == 0
    assert "T.E.G. classic: 10 ejércitos atacan a 4" in out
    assert "P(conquista)" in out and "74,85%" in out and "74.85%" not in out


def test_english_is_unchanged(capsys):
    code, out, _ = run(capsys, "--lang", "en", "odds", "10", "4")
    assert "T.E.G. classic: 10 armies attack 4" in out and "74.85%" in out


def test_json_stays_language_neutral(capsys):
    outs = []
    for code in ("en", "es", "pt_BR"):
        rc, out, _ = run(capsys, "--lang", code, "battle", "--att", "3/0/5", "--def", "1/2/2", "--json")
        assert rc == 0
        outs.append(out)
        rc, out, _ = run(capsys, "--lang", code, "roll", "5", "3", "--seed", "1", "--json")
        outs.append(out)
    assert outs[0] == outs[2] == outs[4] and outs[1] == outs[3] == outs[5]
    assert "atacante" not in outs[0] and "ejército" not in outs[1]
    assert json.loads(outs[1])["conquered"] is True


def test_an_unknown_code_is_one_line_naming_the_ones_there_are(capsys):
    code, out, err = run(capsys, "--lang", "fr", "odds", "5", "3")
    assert code == 2 and out == ""
    assert err == "comando: error: unknown language 'fr': one of en, es, pt_BR\n"


def test_an_unknown_code_in_the_environment_too(monkeypatch):
    env = dict(os.environ, COMANDO_LANG="klingon")
    r = subprocess.run([sys.executable, "-m", "comando_host.cli", "odds", "5", "3"], env=env,
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == "comando: error: $COMANDO_LANG: unknown language 'klingon': one of en, es, pt_BR\n"


def test_the_environment_and_the_locale_choose_when_no_flag_does(capsys, monkeypatch):
    monkeypatch.setenv("COMANDO_LANG", "pt_BR")
    assert "exércitos atacam" in run(capsys, "odds", "5", "3")[1]
    monkeypatch.delenv("COMANDO_LANG")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "es_AR.UTF-8")
    assert "ejércitos atacan" in run(capsys, "odds", "5", "3")[1]
    monkeypatch.setenv("LANGUAGE", "fr:pt")   # gettext's order; the first one there is
    assert "exércitos atacam" in run(capsys, "odds", "5", "3")[1]
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LANGUAGE")
    assert "armies attack" in run(capsys, "odds", "5", "3")[1]
    assert "armies attack" in run(capsys, "--lang", "en", "odds", "5", "3")[1]


@pytest.mark.parametrize("value, code", [("es_AR.UTF-8", "es"), ("es", "es"), ("pt_BR.UTF-8", "pt_BR"),
                                         ("pt_PT", "pt_BR"), ("en_GB@euro", "en"), ("C", None),
                                         ("POSIX", None), ("fr_FR.UTF-8", None), ("", None)])
def test_locale_names(value, code):
    assert lang.from_locale(value) == code


def test_a_games_table_speaks_its_home_language_unless_one_was_chosen(monkeypatch):
    monkeypatch.delenv("COMANDO_LANG")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    lang.choose(None)
    assert lang.current() == "en"                 # the laptop's own: the locale's
    assert [lang.table_lang(r) for r in ("teg", "revancha", "teg2", "war", "risk")] == \
        ["es", "es", "es", "pt_BR", "en"]
    assert lang.use_table("war") == "pt_BR" and lang.current() == "pt_BR"
    lang.choose("en")
    assert lang.use_table("revancha") == "en" and lang.table_lang("war") == "en"
    assert lang.table_lang("war", asked="es") == "es"   # the page's switch
    monkeypatch.setenv("COMANDO_LANG", "es")
    lang.choose(None)
    assert lang.use_table("risk") == "es"


def _log(tmp_path, rs, n, seed, cut):
    from comando_host.store.demo_games import bot_events
    path = tmp_path / f"{rs}.jsonl"
    path.write_text("".join(json.dumps(ev) + "\n" for ev in bot_events(rs, n, seed)[:cut]),
                    encoding="utf-8")
    return str(path)


def test_replay_speaks_the_games_home_language(capsys, monkeypatch, tmp_path):
    monkeypatch.delenv("COMANDO_LANG")   # nothing chosen: T.E.G. speaks Spanish, WAR Portuguese
    code, out, err = run(capsys, "replay", _log(tmp_path, "teg", 4, 3, 200))
    assert code == 0 and err == ""
    same_text(out, "replay-teg-es.txt")
    code, out, err = run(capsys, "replay", _log(tmp_path, "war", 3, 5, 150))
    assert code == 0
    same_text(out, "replay-war-pt_BR.txt")
    code, out, _ = run(capsys, "--lang", "en", "replay", _log(tmp_path, "teg", 4, 3, 200))
    assert out.startswith("T.E.G. classic on the board") and "to play - phase:" in out


def test_show_in_the_tables_language(capsys, tmp_path):
    from comando_host.store.db import Store
    from comando_host.store.demo_games import bot_events, store_game
    db = str(tmp_path / "show.db")
    store = Store(db)
    store_game(store, "war-3p", bot_events("war", 3, 5)[:40])
    store.close()
    code, out, err = run(capsys, "--lang", "pt_BR", "show", "war-3p", "--db", db, "--replay",
                         "--tail", "3")
    assert code == 0 and err == ""
    assert "resultado: " in out and "replay: 40 jogadas seguem as regras de WAR" in out


def test_a_refusal_keeps_its_rulebook_quote_and_says_the_rest_in_the_tables_language():
    # a real refusal of the La Revancha engine (placing on another's country), its citation
    # naming the section of teg-la-revancha.txt: "B) Placing Armies on the Map"
    from comando import engine
    from comando.board import load_board
    from comando.dice import SeededDice
    from comando.errors import IllegalMove
    from comando_host.text import refusals
    g = engine.new_game(load_board("revancha"), "revancha", [("Ana", "white"), ("Beto", "black")],
                        {}, rng=SeededDice(3))
    s = g.state
    other = next(c for c in range(s.n) if s.owner[c] != s.cur)
    with pytest.raises(IllegalMove) as exc:
        engine.check(s, {"t": "place", "p": s.cur, "c": other, "n": 1})
    exc_place = exc.value
    english = str(exc_place)
    assert exc_place.number is not None   # the engine's refusal carries its number and fields
    cite = english[english.index(" (teg-la-revancha.txt"):]
    assert "Placing Armies on the Map" in cite
    lang.use("es")
    said = refusals.say(exc_place)
    assert said == f"{s.board.name(other)} no es tuyo: colocá ejércitos solo en tus propios países" + cite
    with pytest.raises(IllegalMove) as exc:
        engine.check(s, {"t": "end", "p": s.cur})
    assert refusals.say(exc.value).startswith("ahora no se puede terminar el turno: ")
    lang.use("pt_BR")
    assert refusals.say(exc_place).startswith(f"{s.board.name(other)} não é seu: coloque exércitos")
    # an error with no number is said as the engine said it (English, never a wrong translation)
    assert refusals.say(IllegalMove("a refusal with no number")) == "a refusal with no number"
    lang.use("en")
    assert refusals.say(exc_place) == english


def test_the_winners_words_in_the_tables_language_and_the_stores_english():
    # T.E.G. II's shared win, rules/teg-ii.txt "End of the Game"; the store keeps result_words'
    # English whatever the laptop speaks (language-neutral), the text views say result_said
    from comando_host.text.outcome import result_said, result_words
    lang.use("es")
    assert result_said(["Ana"]) == "ganó Ana"
    assert result_said(["Ana", "Beto", "Caro"]) == "Ana, Beto y Caro comparten la victoria"
    assert result_said([]) == "la partida terminó"
    assert result_words(["Ana"]) == "Ana won"
    lang.use("pt_BR")
    assert result_said(["Ana"]) == "Ana venceu"
    assert result_said(["Ana", "Beto"]) == "Ana e Beto dividem a vitória"
    lang.use("en")
    for names in ([], ["Ana"], ["Ana", "Beto", "Caro"]):
        assert result_said(names) == result_words(names)


def test_the_repl_takes_the_tables_command_words_and_helps_in_its_language(monkeypatch, capsys, tmp_path):
    # La Revancha's own Spanish by default (no --lang: its home language); the commands typed in
    # Spanish (robot, situacion without its accent, terminar) play or are refused in Spanish
    from play_tools import repl
    monkeypatch.delenv("COMANDO_LANG")
    monkeypatch.setenv("COMANDO_DB", str(tmp_path / "g.db"))
    out = repl(monkeypatch, capsys, ["ayuda", "situacion", "robot 1", "terminar", "frobnicar"],
               "--ruleset", "revancha", "--seed", "3", "--players", "Ana:white,Beto:black,Caro:red")
    assert "atacar DESDE HACIA" in out and "reagrupar DESDE HACIA N" in out
    assert "missile DESDE HACIA         detoná un misil de DESDE sobre HACIA" in out   # its own block
    assert "todavía no hay tarjeta de situación" in out
    assert "Caro (rojo) coloca 8 en " in out                         # robot 1 played her turn
    assert "no se puede: ahora no se puede terminar el turno: " in out
    assert "error: comando desconocido 'frobnicar' (escribí ayuda)" in out
    # WAR's Portuguese: remanejar, passar; the English names still work at any table
    out = repl(monkeypatch, capsys, ["ajuda", "remanejar a b 1", "attack a b", "passar"],
               "--ruleset", "war", "--seed", "3", "--players", "Ana:blue,Beto:red,Caro:black")
    assert "remanejar DE PARA N" in out and "atacar DE PARA" in out
    assert "trocar C1 C2 C3             'wild' nomeia um coringa" in out   # WAR's own block too
    assert "não pode: " in out and "comando desconhecido" not in out   # each word a command


def test_the_repls_own_lines_in_the_tables_language(monkeypatch, capsys, tmp_path):
    # T.E.G.'s Spanish and WAR's Portuguese by default (their home languages): a refused hint
    from play_tools import repl
    monkeypatch.delenv("COMANDO_LANG")
    monkeypatch.setenv("COMANDO_DB", str(tmp_path / "g.db"))
    out = repl(monkeypatch, capsys, ["hint ahora"],
               "--ruleset", "teg", "--seed", "3", "--players", "Ana:blue,Beto:black,Caro:red")
    assert "hint no lleva nada: la sugerencia es para quien juega ahora" in out
    out = repl(monkeypatch, capsys, ["hint ahora"],
               "--ruleset", "war", "--seed", "3", "--players", "Ana:blue,Beto:red,Caro:black")
    assert "hint não leva nada: a sugestão é para quem joga agora" in out
    # Risk speaks English at home; COMANDO_LANG=es says its own help block in Spanish
    monkeypatch.setenv("COMANDO_LANG", "es")
    out = repl(monkeypatch, capsys, ["ayuda"],
               "--ruleset", "risk", "--seed", "3", "--players", "Ana:red,Beto:blue,Caro:green")
    assert "atacar DESDE HACIA def D    el defensor tira D dados" in out


def test_every_command_word_names_one_command():
    # a word of one language is never another command's English name nor another's word
    from comando_host.commands.play import vocabulary
    for rid in ("teg", "revancha", "war", "risk"):
        spoken = vocabulary.spoken_commands(rid)
        assert spoken["atacar"] == "attack" and spoken["canjear"] == "trade"
        assert spoken["remanejar"] == "regroup" and spoken["trocar"] == "trade"
        assert not set(spoken) & set(vocabulary.COMMANDS)
    assert vocabulary.spoken_commands("revancha")["situacion"] == "situation"


def test_the_repls_usage_lines_errors_hint_and_save_in_the_tables_language(monkeypatch, capsys, tmp_path):
    # La Revancha's Spanish (its home language): a usage line, a count that is no whole number,
    # an unknown country and player, the hint with the command to type in Spanish, the save
    from play_tools import repl
    monkeypatch.delenv("COMANDO_LANG")
    monkeypatch.setenv("COMANDO_DB", str(tmp_path / "g.db"))
    log = tmp_path / "g.jsonl"
    script = ["colocar", "colocar 2.5 argentina", "vecinos atlantida", "cards Zoe", "pista",
              "guardar " + str(log)]
    out = repl(monkeypatch, capsys, script, "--ruleset", "revancha", "--seed", "3",
               "--players", "Ana:white,Beto:black,Caro:red")
    assert "error: colocar N PAÍS" in out
    assert "error: la cantidad de ejércitos a colocar tiene que ser un número entero, no '2.5'" in out
    assert "error: revancha: no hay ningún país llamado 'atlantida'" in out
    assert "error: no hay ningún jugador llamado 'Zoe' (jugadores: Ana, Beto, Caro)" in out
    hint = next(line for line in out.splitlines() if "pista para " in line)
    assert "  -> colocar " in hint
    n = len(log.read_text(encoding="utf-8").splitlines())
    assert f"{n} jugadas guardadas en {log}" in out
    # WAR's Portuguese: the same lines in its words; English at --lang en, as before
    out = repl(monkeypatch, capsys, ["remanejar a", "salvar"], "--ruleset", "war", "--seed", "3",
               "--players", "Ana:blue,Beto:red,Caro:black")
    assert "erro: remanejar DE PARA N" in out and "erro: salvar ARQUIVO" in out
    monkeypatch.setenv("COMANDO_LANG", "en")
    out = repl(monkeypatch, capsys, ["place", "save"], "--ruleset", "revancha",
               "--seed", "3", "--players", "Ana:white,Beto:black,Caro:red")
    assert "error: place N COUNTRY" in out and "error: save FILE" in out


def test_teg2s_status_and_event_lines_in_the_tables_language(monkeypatch, capsys, tmp_path):
    # T.E.G. II speaks Spanish at home: the objectives' placement round, a token placed, the
    # columns (pb: potencial bélico, rules/teg-ii.txt "War Potential"); English at COMANDO_LANG=en
    from play_tools import repl
    monkeypatch.delenv("COMANDO_LANG")
    monkeypatch.setenv("COMANDO_DB", str(tmp_path / "g.db"))
    out = repl(monkeypatch, capsys, ["estado", "robot 1"], "--ruleset", "teg2", "--seed", "3",
               "--players", "Ana:usa,Beto:ussr,Caro:china")
    assert "objetivos: ronda de colocación 1 de 5 - Ana (USA) coloca una ficha (token TIPO REGIÓN)" in out
    assert "> Ana (USA)                    pb  7  unidades   0" in out
    assert "Ana (USA) coloca CONTROL 5 en " in out
    monkeypatch.setenv("COMANDO_LANG", "en")
    out = repl(monkeypatch, capsys, ["status", "bot 1"], "--ruleset", "teg2", "--seed", "3",
               "--players", "Ana:usa,Beto:ussr,Caro:china")
    assert "objectives: placement round 1 of 5 - Ana (USA) places a token (token KIND REGION)" in out
    assert "> Ana (USA)                    wp  7  units   0" in out
    assert "Ana (USA) places CONTROL 5 in " in out


def test_colours_in_the_tables_words_and_english_in_the_log(monkeypatch, capsys, tmp_path):
    # "Caro (rojo)" at a La Revancha table in Spanish, "Caro (vermelho)" at WAR's; a player named
    # by the colour in the table's word; the log (language-neutral) keeps the registry's ids
    from play_tools import repl
    from comando_host.text.colour_words import WORDS, colour, who
    from comando.registry import COLOURS
    assert set(c for cs in COLOURS.values() for c in cs) <= set(WORDS)
    monkeypatch.delenv("COMANDO_LANG")
    monkeypatch.setenv("COMANDO_DB", str(tmp_path / "g.db"))
    log = tmp_path / "g.jsonl"
    out = repl(monkeypatch, capsys, ["tarjetas rojo", "guardar " + str(log)], "--ruleset", "revancha",
               "--seed", "3", "--players", "Ana:white,Beto:black,Caro:red")
    assert "Caro (rojo) colocar, 8 para colocar> " in out and "  Ana (blanco)  " in out
    assert "> tarjetas rojo\nCaro (rojo) no tiene tarjetas de país." in out
    first = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert "white" in json.dumps(first) and "blanco" not in json.dumps(first)
    lang.use("pt_BR")
    assert who("Caro", "red") == "Caro (vermelho)" and colour("usa") == "usa"
    lang.use("en")
    assert who("Caro", "red") == "Caro (red)"


def test_wars_objectives_in_the_board_files_portuguese():
    # boards/war.json carries each objective card's Portuguese (text_pt, war.txt "Objectives"):
    # the table in pt_BR reads it; English and Spanish read the rules' English
    from comando import engine
    from comando.board import load_board
    from comando.dice import SeededDice
    from comando_host.text import engine_text
    b = load_board("war")
    g = engine.new_game(b, "war", [("Ana", "blue"), ("Beto", "red"), ("Caro", "black")], {},
                        rng=SeededDice(3))
    s = g.state
    assert b.objectives and all(o.get("text_pt") for o in b.objectives)
    try:
        for o in b.objectives:
            s.obj[0] = o["id"]
            s.void[0] = 0
            lang.use("pt_BR")
            assert engine_text.objective(s, 0) == o["text_pt"]
            lang.use("en")
            assert engine_text.objective(s, 0) == s.rules.objective_text(s, 0)
        destroy = next(o for o in b.objectives if o.get("type") == "destroy")
        s.obj[0], s.void[0] = destroy["id"], 1
        lang.use("pt_BR")
        assert engine_text.objective(s, 0).startswith(destroy["text_pt"] + " (impossível: conquiste ")
        s.obj[0] = -1
        assert engine_text.objective(s, 0) == "Secreto (revelado quando a partida termina)."
    finally:
        lang.use("en")


def test_a_refusal_names_the_players_colour_in_the_tables_words():
    # the errors as the engine raises them (comando.texts.refused: its number and its values)
    from comando.errors import BoardError, IllegalMove
    from comando.texts import refused
    from comando_host.text import refusals
    try:
        lang.use("es")
        said = refusals.say(refused(IllegalMove, 22, "place", "Beto (black)", "attack", ""))
        assert said == "ahora no se puede colocar: Beto (negro) está en la etapa atacar"
        assert refusals.say(refused(IllegalMove, 53, "Canadá")) == "Canadá no es tuyo"
        assert refusals.say(refused(IllegalMove, 99, "Perú", "Ana (blue)", "")) == \
            "Perú ya está ocupado por Ana (azul): ocupá un país libre"
        cite = ' (teg-classic.txt, "ATTACKS": "...")'
        said = refusals.say(refused(IllegalMove, 46, "Alaska", "Chile", cite))
        assert said == "Alaska no limita con Chile: solo se ataca a un país limítrofe" + cite   # the quote kept
        assert refusals.say(refused(IllegalMove, 15)) == "No hay nada para deshacer"
        said = refusals.say(refused(IllegalMove, 22, "end", "Ana (red)", "add", " and has 3 armies to place"))
        assert said == "ahora no se puede terminar el turno: Ana (rojo) está en la etapa incorporar y tiene 3 ejércitos para colocar"
        assert refusals.say(refused(BoardError, 252, "teg", "Narnia")) == "teg: no hay ningún país llamado 'Narnia'"
        lang.use("pt_BR")
        assert refusals.say(refused(IllegalMove, 53, "Canadá")) == "Canadá não é seu"
        said = refusals.say(refused(IllegalMove, 178, "Brasil", "2 missiles", "Chile", 1, cite))
        assert said.startswith("Brasil tem 2 mísseis e Chile 1") and said.endswith(cite)
    finally:
        lang.use("en")


@pytest.mark.parametrize("rs", ["teg", "revancha"])
@pytest.mark.parametrize("code", ["es", "pt_BR"])
def test_the_teg_boxes_objectives_in_spanish_from_the_boards_words(rs, code):
    # boards/words/<board>.<code>.json: every occupy objective of the board file in the box's
    # Spanish (teg-classic.txt / teg-la-revancha.txt "Secret Objectives"), and in Portuguese; the
    # table in that language reads them, a destroy card is worded with its colour in the table's
    # words; English unchanged
    from comando import engine
    from comando.board import load_board
    from comando.dice import SeededDice
    from comando_host.text import board_words, engine_text
    b = load_board(rs)
    es = board_words.words(b.id, code)
    assert es["board"] == b.id and es["lang"] == code
    assert set(es) == set(board_words.words(b.id, "es"))   # the sole / common objective too
    wanted = {str(o["id"]) for o in b.objectives if rs == "revancha" or o.get("type") != "destroy"}
    assert set(es["objectives"]) == wanted and all(es["objectives"].values())
    seats = [("Ana", "blue"), ("Beto", "red"), ("Caro", "black"), ("Dani", "yellow")]
    g = engine.new_game(b, rs, seats, {}, rng=SeededDice(3))
    s = g.state
    try:
        for o in b.objectives:
            if o.get("type") == "destroy":
                continue
            s.obj[0] = o["id"]
            if rs == "revancha" and s.x.get("o2"):
                s.x["o2"] = None
            lang.use(code)
            said = engine_text.objective(s, 0)
            assert said.startswith(es["objectives"][str(o["id"])]), said
            lang.use("en")
            assert engine_text.objective(s, 0) == s.rules.objective_text(s, 0)
        if rs == "teg" and code == "es":
            s.obj[0], s.target[0], s.void[0] = 11, 1, 0   # the red army's card, red at the table
            lang.use("es")
            assert engine_text.objective(s, 0) == "Destruir al ejército rojo."
    finally:
        lang.use("en")


def test_the_odds_chain_and_need_tables_in_each_language(capsys):
    code, out, err = run(capsys, "--lang", "es", "odds", "--chain", "15", "4", "3", "2")
    assert code == 0 and err == ""
    assert out.startswith("T.E.G. classic: una cadena de ataques con 15 ejércitos a través de 3 países")
    assert "  P(tomar todos)       0,70%" in out and "  país  ejércitos  P(tomado)" in out
    code, out, _ = run(capsys, "--lang", "pt_BR", "odds", "--need", "0.8", "5", "--rules", "war")
    assert out == ("WAR: o mínimo de exércitos para uma chance de pelo menos 80,00% para conquistar um "
                   "território de 5 exércitos\n  14 exércitos (P = 82,53%; 13 exércitos dão 78,37%)\n")
    code, out, _ = run(capsys, "--lang", "en", "odds", "--chain", "15", "4", "3", "2")
    assert "  P(take all)      0.70%" in out and "  country  armies  P(taken)" in out


def test_boards_check_in_the_laptops_language(capsys, tmp_path):
    code, out, err = run(capsys, "--lang", "es", "boards", "check", "teg")
    assert code == 0 and out.startswith("teg: correcto - teg: 50 países, 6 continentes, 89 fronteras; ")
    code, out, err = run(capsys, "--lang", "pt_BR", "boards", "check", "war")
    assert code == 0 and out.startswith("war: correto - war: 42 territórios, 6 continentes, 79 fronteiras; ")
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": 1}', encoding="utf-8")
    code, out, err = run(capsys, "--lang", "es", "boards", "check", str(bad))
    assert code == 1 and out.startswith(f"{bad}: 5 problemas\n")


def test_the_pages_hand_deal_lines_in_the_readers_language():
    # the deal panel's question and counts, and a deal refused, as the page's reader reads them
    from comando import engine
    from comando_host.web import pageinput
    from comando_host.web.handdeal import Refused
    events = pageinput.new_game("teg", "teg", [["Ana", "blue"], ["Beto", "red"], ["Caro", "black"],
                                               ["Dani", "yellow"]], True)
    s = engine.fold(events)
    assert pageinput.needs_deal(s)
    try:
        lang.use("es")
        form = pageinput.deal_form(s)
        assert form["ask"] == "quién juega primero (ganó la tirada inicial)"
        assert form["counts"] == "12 países cada uno, 2 que sobran a los dados más altos"
        with pytest.raises(Refused) as exc:
            pageinput.hand_deal(s, [-1] * s.n, 0)
        assert str(exc.value).startswith("reparto: 50 países todavía no tienen dueño (")
    finally:
        lang.use("en")


def test_comando_plays_setup_errors_in_the_laptops_language(capsys, tmp_path):
    db = str(tmp_path / "g.db")
    code, out, err = run(capsys, "--lang", "es", "play", "--db", db, "--players", "Ana:blue,ana:red")
    assert code == 2 and out == ""
    assert err == ("comando play: error: --players: dos jugadores llamados 'ana' (la consola nombra a "
                   "los jugadores por su nombre)\n")
    code, out, err = run(capsys, "--lang", "pt_BR", "play", "--db", db, "--ruleset", "war", "--board", "teg")
    assert code == 2 and err == ("comando play: error: o tabuleiro teg é para teg, não para WAR "
                                 "(--ruleset teg, ou --board war)\n")
