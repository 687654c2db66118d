"""The one answer every action returns: a :class:`Reply`, whatever the feature and the transport.

A reply is transport-neutral (nothing here imports discord). It holds the content shown to the person
who asked (a :class:`~bot.render.panel.Panel`: title, body, fields, buttons, menus, files), its kind (an
answer, a miss with suggestions, or a refusal), and what else the answer does:

- ``posts``: messages for other channels or threads (a tournament's pairings, a match board), each with
  the only users and roles it may mention;
- ``dms``: messages for one user, each with what to do when the DM cannot be delivered;
- ``pager``: the Prev/Next buttons of a paged tournament answer (rules and cards pages are the panel's
  own navigation buttons);
- ``prompt``: buttons for one user to answer (Confirm/Dispute a reported result);
- ``content`` and ``mentions``: text above the panel and the mentions it may make.

Mentions are explicit and per message: echoed user text (names, queries, decklists) never pings
anyone, because a transport builds its allowed mentions only from :class:`Mentions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.render.panel import Panel, make_panel

REFUSAL_TITLE = "Sorry"


class Kind(Enum):
    """What a reply is, so that no transport has to guess it from a title."""

    ANSWER = "answer"
    """What was asked for."""
    MISS = "miss"
    """Nothing matched what was asked for; the panel offers the nearest matches."""
    REFUSAL = "refusal"
    """The request was refused, in one sentence, and nothing changed. Always private."""


@dataclass(frozen=True)
class Mentions:
    """Who one message may ping: exactly these users and roles, never @everyone.

    ``organizers`` asks the transport to add the server's tournament-organizer role (it knows which
    role that is) and to mention it."""

    users: tuple[int, ...] = ()
    roles: tuple[int, ...] = ()
    organizers: bool = False

    def __bool__(self) -> bool:
        return bool(self.users or self.roles or self.organizers)


NO_MENTIONS = Mentions()


@dataclass(frozen=True)
class Destination:
    """Where a post goes: a channel, or a thread (which Discord addresses by its own id)."""

    id: int
    thread: bool = False


def channel(channel_id: int | None) -> Destination | None:
    """The channel ``channel_id`` as a destination; ``None`` (no channel, e.g. the console) stays ``None``."""
    return None if channel_id is None else Destination(channel_id)


def thread(thread_id: int) -> Destination:
    """The thread ``thread_id`` as a destination."""
    return Destination(thread_id, thread=True)


@dataclass(frozen=True)
class Post:
    """A message for a channel or thread other than the asker's reply. ``destination`` ``None`` means
    the event has nowhere to post (the transport skips it). ``panel`` is shown under ``content``."""

    destination: Destination | None
    content: str
    mentions: Mentions = NO_MENTIONS
    panel: Panel | None = None
    play_event: int | None = None
    """A tournament's pairings: the event whose paired players may start their match's game in the
    bot from this post (Discord: a Play here button)."""

    @property
    def channel_id(self) -> int | None:
        """The id the transport sends to (a channel's or a thread's)."""
        return None if self.destination is None else self.destination.id


def post(channel_id: int | None, content: str, users: tuple[int, ...] = ()) -> Post:
    """A text post in the channel ``channel_id`` that may mention ``users`` only."""
    return Post(channel(channel_id), content, Mentions(users=users))


class Fallback(Enum):
    """What to do when a direct message cannot be delivered (DMs closed, bot blocked)."""

    SHOW_ASKER = "show-asker"
    """Show the message privately to the person who asked instead (usually the recipient)."""
    TELL_ASKER = "tell-asker"
    """Tell the person who asked, privately, that the recipient could not be reached."""


@dataclass(frozen=True)
class DirectMessage:
    """A message for one user's DMs."""

    user_id: int
    content: str = ""
    panel: Panel | None = None
    fallback: Fallback = Fallback.SHOW_ASKER


@dataclass(frozen=True)
class Pager:
    """What the Prev/Next buttons of a paged answer open: ``kind`` is ``standings``, ``pairings``,
    ``log`` or ``players``; ``round`` is the round shown (0: the default one)."""

    kind: str
    event_id: int
    round: int
    page: int
    pages: int


@dataclass(frozen=True)
class Prompt:
    """Confirm and Dispute buttons for the one player who must answer a report.

    ``score`` fingerprints the reported result, so a button of an older report is refused instead of
    confirming a result the player never saw."""

    event_id: int
    round: int
    table: int
    player: str
    score: str


@dataclass(frozen=True)
class TableMove:
    """A match an answer started or moved on. A transport that shows matches in places of their own
    (Discord: a thread for the board, each player's DMs) brings them up to date; when ``started``, it
    opens them first. The console shows the answer alone."""

    match_id: int
    started: bool = False


@dataclass(frozen=True)
class Reply:
    """An action's whole answer. Build it with :func:`answer`, :func:`miss` or :func:`refusal`."""

    panel: Panel
    kind: Kind = Kind.ANSWER
    content: str = ""
    """Text above the panel; it may ping only ``mentions``."""
    mentions: Mentions = NO_MENTIONS
    posts: tuple[Post, ...] = ()
    dms: tuple[DirectMessage, ...] = ()
    pager: Pager | None = None
    prompt: Prompt | None = None
    table: TableMove | None = None
    """The match this answer started or moved on (see :class:`TableMove`)."""

    @property
    def refused(self) -> bool:
        return self.kind is Kind.REFUSAL

    @property
    def private(self) -> bool:
        """Shown only to the person who asked: every refusal, and panels meant for one person."""
        return self.refused or self.panel.private

    @property
    def title(self) -> str:
        """The panel's title."""
        return self.panel.title

    @property
    def body(self) -> str:
        """The panel's body."""
        return self.panel.body

    @property
    def files(self) -> tuple[tuple[str, bytes], ...]:
        """The files attached to the reply, as ``(name, data)``."""
        return self.panel.files


def answer(
    panel: Panel,
    *,
    content: str = "",
    mentions: Mentions = NO_MENTIONS,
    posts: tuple[Post, ...] | list[Post] = (),
    dms: tuple[DirectMessage, ...] | list[DirectMessage] = (),
    pager: Pager | None = None,
    prompt: Prompt | None = None,
    table: TableMove | None = None,
) -> Reply:
    """What was asked for: ``panel`` for the asker, with whatever else the answer does."""
    return Reply(
        panel,
        Kind.ANSWER,
        content=content,
        mentions=mentions,
        posts=tuple(posts),
        dms=tuple(dms),
        pager=pager,
        prompt=prompt,
        table=table,
    )


def miss(panel: Panel) -> Reply:
    """Nothing matched; ``panel`` lists the nearest matches."""
    return Reply(panel, Kind.MISS)


def refusal(sentence: str) -> Reply:
    """A refusal in one sentence, private to the asker; nothing changed."""
    return Reply(make_panel(REFUSAL_TITLE, sentence, private=True), Kind.REFUSAL)
