"""La Revancha's rulebook words that refusals quote, and the numbers the plug-in layers share
(a leaf: engine.py and its layers import it, it imports nothing of theirs)."""

BOOK = "teg-la-revancha.txt"
CARD_BONUS = 3

# The rulebook's words quoted in refusals: key -> (section, text).
QUOTES = {
    "range": ("Attacks with Missiles",
              "Missiles have a range of up to three borders in relation to the country in which "
              "they are located"),
    "fewer": ("Attacks with Missiles",
              "If a country has fewer armies than the missile can destroy, it may not be attacked "
              "by a missile. For example, ... Tasmania has only three armies. The missile may not "
              "be detonated."),
    "shield": ("Attacks with Missiles",
               "Missiles serve to prevent missile attacks. ... Australia has another missile among "
               "its forces. The attack cannot be carried out."),
    "occupation": ("Attacks with Missiles",
                   "In all cases, at least one occupation army must always remain in the "
                   "corresponding country."),
    "place_missile": ("Attack Conditions",
                      "They are placed at the same time as the armies, respecting the maximum "
                      "number of forces each player must place."),
    "no_missile": ("Attacks with Missiles", "Each missile may be detonated only once"),
    "blockade": ("Blockades",
                 "When a country is blockaded, it may not receive new armies, not even those "
                 "which might correspond to it for holding its country card."),
    "blockade_attack": ("Blockades",
                        "It may, however, attack any of the blockading countries with the tokens "
                        "it has available."),
    "one_exchange": ("Equivalence of COUNTRY and CONTINENT CARDS",
                     "No player may make more than one exchange per round"),
    "exchange": ("3) By exchange",
                 "If the player holds three with the same symbol ... or three with different "
                 "symbols ..., it is entitled to exchange these three cards"),
    "crisis": ("Hostilities - Situation Cards",
               "CRISIS: ... The player who rolls the lowest number may not draw a country card "
               "during that round"),
    "rest": ("Hostilities - Situation Cards",
             "REST: the color mentioned on the rest card may only place armies during its turn, "
             "but may not attack or regroup."),
    "pact_range": ("1. Pacts",
                   "two non-neighboring countries may sign a pact, provided there are no more "
                   "than three borders between the two"),
    "airspace": ("1. Pacts", "they may not fly missiles over the borders of the pact"),
    "zone_bonus": ("2. Special Pacts",
                   "When a player who has an International Zone receives the country card "
                   "corresponding to the country where the zone operates, it may not place the "
                   "three armies while this zone remains in force."),
    "zone_one": ("2. Special Pacts",
                 "may not have two or more International Zones at the same time"),
    "zone_third": ("2. Special Pacts", "From the third exchange on, each player has the right to "
                   "have one International Zone in the world"),
    "forget": ("2. Special Pacts", "One country card is taken from it at random, which returns to "
               "the deck. And if the player has no cards, it may not pick up a new one when it "
               "again conquers the two necessary countries."),
}
