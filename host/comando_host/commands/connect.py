"""comando connect [PORT]: mirror a device live and store its game on the laptop.

If the port goes away (the Pico unplugged or reset), the mirror waits for it to come back and
carries on; the device catches the laptop up from its journal. A pseudo-terminal is not waited
for: once its device (the simulator) let it go, its number is the next program's, and opening the
path again would write into another program's terminal, read its keys and store what it says.
"""

import sys
import time

from comando_host.cli import UsageError
from comando_host.commands._common import add_db, open_store
from comando_host.text.lang import _


def register(sub):
    p = sub.add_parser("connect", help=_("mirror a device live (auto-detects a Pico; or a port, "
                       "a pseudo-terminal, socket:// or loop://) and store its events"))
    p.add_argument("port", nargs="?", default=None, help=_("serial port or URL (default: the Pico)"))
    p.add_argument("--seconds", type=float, default=None, help=_("stop after this long"))
    p.add_argument("--act", action="append", default=[], metavar="ACTION",
                   help=_("an action typed on the laptop, in the text notation without its number "
                   "(e.g. 'end p=1'): sent to the device as a command once linked; repeatable"))
    p.add_argument("--club", metavar="URL", help=_("offer the device this table's round of the "
                   "club's tournament (its ruleset, players and clock, as drawn; with --token): "
                   "its players accept it on OK"))
    p.add_argument("--token", default=None, help=_("with --club: this table's token (else "
                   "$COMANDO_CLUB_TOKEN)"))
    p.add_argument("--map", action="store_true", help=_("with --club: the device plays the round "
                   "on the map (the ruleset's board)"))
    add_db(p)
    p.set_defaults(func=run)


def club_offer(args):
    """The club's round to offer the device (comando_host.link.cluboffer), or None: without
    --club, or when the club has none for this table (said in one line: the device is left as
    it is and mirrored as ever)."""
    if not args.club:
        if args.map:
            from comando_host.text.lang import _
            raise UsageError(_("--map goes with --club (the club's round played on the map)"))
        return None
    import os
    from comando_host.commands.play.clubround import club_round
    from comando_host.link.cluboffer import Offer, offered_line
    from comando_host.text.lang import _
    try:
        rnd = club_round(args.club, args.token or os.environ.get("COMANDO_CLUB_TOKEN", ""))
    except UsageError as exc:
        print(_("comando connect: {why}; the device is left as it is").format(why=exc),
              file=sys.stderr)
        return None
    if args.map and not on_the_map(rnd["ruleset"]):
        print(_("comando connect: the device's map does not play {ruleset} (it plays "
                "{rulesets}): run without --map; the device is left as it is").format(
                    ruleset=rnd["ruleset"], rulesets=", ".join(on_the_map())), file=sys.stderr)
        return None
    print(offered_line(rnd), file=sys.stderr)
    return Offer(rnd, args.map)


def on_the_map(ruleset=None):
    """The rulesets the device plays on its map (its New game's Map field: the engine's, seated
    by colour); with ``ruleset``, whether it is one."""
    from comando.registry import COLOURS, ENGINE
    ids = [rs for rs in ENGINE if rs in COLOURS]
    return ids if ruleset is None else ruleset in ids


def run(args):
    from comando_host.terminal.mirror import Mirror
    from comando_host.link.host import HostLink
    from comando_host.link.transport import is_pty, open_transport

    from comando_host.store.notation import parse_event_line
    actions = []
    for text in args.act:
        ev = parse_event_line("0 " + text, "--act", 1)
        del ev["seq"]
        actions.append(ev)
    end = None if args.seconds is None else time.monotonic() + args.seconds
    offer = club_offer(args)
    transport = open_transport(args.port)       # the first open: a bad port is a usage error
    store = open_store(args, create=True)
    answered = False   # did a device answer at all? If none ever did, the exit is 1 (scripts)
    try:
        while True:
            session = HostLink(transport, store)
            left = None if end is None else max(0.0, end - time.monotonic())

            def send_actions(session=session):
                if actions and session.sync.up and session.sync.game is not None:
                    for a in actions:
                        session.submit(a)
                    del actions[:]
                if offer is not None:
                    offer.step(session)
                return False

            rc = Mirror(session, port=transport.name).run(left, stop=send_actions)
            session.close()          # what was received is committed (and acked) before leaving
            silent = not session.device_answered
            answered = answered or not silent
            if silent and not session.echo_warned:
                print(_("comando connect: no device answered on %s") % transport.name,
                      file=sys.stderr)
            transport.close()
            if not transport.broken:
                return rc if answered else 1   # nothing was mirrored: a failure for scripts
            if is_pty(transport.name):
                transport = None
                print(_("comando connect: the device on %s went away; a pseudo-terminal's number "
                      "goes to the next program that opens one, so connect stops here (run it "
                      "again once the device is back)") % args.port, file=sys.stderr)
                return 1
            print(_("comando connect: waiting for the device to come back (Ctrl-C to stop)"),
                  file=sys.stderr)
            transport = None
            while transport is None:
                if end is not None and time.monotonic() >= end:
                    return 0 if answered else 1
                time.sleep(1.0)
                try:
                    transport = open_transport(args.port)
                except UsageError:
                    transport = None
    except KeyboardInterrupt:
        return 0 if answered else 1
    finally:
        if transport is not None:
            transport.close()
        store.close()
