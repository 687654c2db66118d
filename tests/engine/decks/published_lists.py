"""Decklists as players and tournament reports publish them, with real card names: a Force of Will
[Tag] list and a light list, a Duel Masters fire list and a Vanguard G-era list, shared by the deck,
deck-check and tournament tests."""

from __future__ import annotations

# A Fallen Angel [Tag] list as a tournament report prints it: two rulers with their codes, headers with
# counts in three spellings, group headers with "26 of 40", "x4 – Name" counts, a code in parentheses.
FOW_TAG = """\
Ruler: Astema [TST-067]
Ruler: Belial [TST-073]

Main Deck: 40
Resonators: (26 of 40)
4x – Tiny Violet (ADW-029)
x4 - Hunting Angel
4x Belial's Messenger
4x Fallen Angel of the Chasm
4x Demon of Explosions
3x Prideful Mermaid
3x Attendant of Asmodeus
Chants: (14 of 40)
4x Belial's Hymn
4x Choir of Fallen Angels
3x Hand of the Void
3x Flame of Oblivion

Magic Stone Deck: (10)
5x Darkness Magic Stone
3x Fire Magic Stone
2x Stone from the Dark Castle

Side Deck: 15
3x Prideful Rule
3x Tears of Corruption
3x Swarming Cthulhu
3x Table Manners
3x A Voice from the Void
Total: 65
"""


FOW_LIGHT = """\
J/Ruler: Lilias Petal, Agent of Salvation // The Nine-Tailed Fox
Main Deck (40)
4 Amaterasu, Guide of Light
4 Beast of Holy Light
4 Snow White of the Crystal Apple
4 Spirit of Light
4 The Seven Dwarves
4 Bastet, Goddess of Cats
4 Lumia's Purification
4 Millium's Weapon
4 Amaterasu's Foresight
4 Charlotte, Future of the Sacred Spirit
Magic Stone Deck [10]
10 Light Magic Stone
Sideboard (1)
1 Fishing
"""


DM_DARK_FIRE = """\
// Darkness/Fire Control, 44 cards (English TCG store championship)
Darkness [24]
4 x Bone Assassin, the Ripper
4 x Bloody Squito
4 x Gigargon
4 x Death Smoke
4 x Creeping Plague
4 x Ghost Touch
Fire [20]
x4 – Artisan Picora
x4 – Brawler Zyler
x4 – Deadly Fighter Braid Claw
x4 – Burning Power
x4 – Crimson Hammer
Total: 44
"""


VANGUARD_G_ERA = """\
Grade 0 (17)
1 Stardust Trumpeter
4 Flogal
4 Yggdrasil Maiden, Elaine
4 Future Knight, Llew
4 Bringer of Good Luck, Epona
Grade 1 (14)
4 Wingal
4 Little Sage, Marron
4 Knight of Rose, Morgana
2 Covenant Knight, Randolf
Grade 2 (11)
4 Blaster Blade
4 Knight of Silence, Gallatin
3 Starlight Unicorn
Grade 3 (8)
4 Alfred Early
4 Majesty Lord Blaster
"""
