"""comando export GAME --format jsonl|text: write a stored game out (stdout or -o FILE)."""

from comando_host.commands._common import add_db, open_store
from comando_host.text.lang import _


def register(sub):
    p = sub.add_parser("export", help=_("export a stored game as JSON lines or the text notation"))
    p.add_argument("game")
    p.add_argument("--format", choices=("jsonl", "text"), default="text")
    p.add_argument("-o", "--output", metavar="FILE", help=_("write here instead of stdout"))
    add_db(p)
    p.set_defaults(func=run)


def run(args):
    from comando_host.store import notation
    store = open_store(args)
    gid = store.find_game(args.game)
    headers = store.game(gid)
    records = store.records(gid)
    if args.format == "jsonl":
        text = notation.to_jsonl(headers, records)
    else:
        text = notation.to_text(headers, records, store.players(gid))
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        print(text, end="")
    return 0
