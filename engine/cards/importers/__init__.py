"""Card importers: one module per card file format, and the registry :data:`FORMATS`.

Each :class:`Importer` has a ``name``, the ``game`` its format holds (``None``: any game, chosen at
import time), a ``description``, ``parse(data, *, game, source_name, schema=None)``, which
returns every :class:`~engine.cards.model.CardRecord` of the file, and ``records(source, …)``, which
yields them one at a time from a binary file (the JSON formats read it a record at a time, see
:mod:`engine.cards.importers.jsonstream`). Both raise :class:`CardImportError` on the first bad
record, naming where (``line 12``, ``record 37 (id 'TAT-001')``) and which field: the caller stores
nothing, or drops what it staged. What counts as a bad record, and which
quirks of the public data sets are tolerated, is documented in each module and in
``docs/card-formats.md``.

Importers are pure: no database, no Discord, no file opened (the caller opens the file and reads,
for ``dm-tcg``, the schema beside it). Re-importing the same file gives the same records with the same
codes, so the store updates cards instead of duplicating them.
"""

from __future__ import annotations

from engine.cards.importers import cfv_d, dm_cockatrice, dm_tcg, fowsim, gateruler_set3, generic
from engine.cards.importers.base import CardImportError, Importer

FORMATS: dict[str, Importer] = {
    importer.name: importer
    for importer in (
        fowsim.IMPORTER,
        dm_tcg.IMPORTER,
        dm_cockatrice.IMPORTER,
        cfv_d.IMPORTER,
        generic.JSON_IMPORTER,
        generic.CSV_IMPORTER,
        gateruler_set3.IMPORTER,
    )
}
"""Every card format by name: ``fowsim``, ``dm-tcg``, ``dm-cockatrice``, ``cfv-d``, ``json``,
``csv`` and ``gateruler-set3``."""

__all__ = ["FORMATS", "CardImportError", "Importer"]
