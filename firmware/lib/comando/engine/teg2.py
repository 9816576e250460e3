"""T.E.G. II's engine plug-in lives in comando.rulesets.teg2.engine (the per-game layout); the
engine finds rulesets as comando.engine.<id>, so this names it there."""

from comando.rulesets.teg2.engine import RULES  # noqa: F401
