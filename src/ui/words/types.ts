/**
 * @internal What the elements' words are, in any language ({@link Words}), and how a bot seat
 * is named from them.
 * @module
 */
/** The elements' own words in one language. */
export interface Words {
  readonly table: string;
  readonly cards: (n: number) => string;
  readonly first: string;
  readonly holds: string;
  readonly out: string;
  readonly defaulted: string;
  readonly toMove: string;
  readonly online: string;
  readonly offline: string;
  readonly bot: string;
  readonly myFavor: string;
  readonly noBid: string;
  readonly used: string;
  readonly free: string;
  readonly yourInfluence: string;
  readonly yourGold: (n: number) => string;
  readonly place: string;
  readonly take: string;
  readonly takeLast: string;
  readonly king: string;
  readonly bid: string;
  readonly pay: (due: number, paid: number, mode: 'gold' | 'discard') => string;
  readonly busy: (name: string, step: string) => string;
  readonly steps: Readonly<Record<'place' | 'take' | 'king' | 'bid' | 'pay', string>>;
  /** The King's step when it is the reader's ("You: …"). */
  readonly myKing: string;
  readonly bidButton: (n: number) => string;
  readonly saidBid: (n: number) => string;
  readonly saidPass: string;
  readonly advisorIs: (name: string) => string;
  readonly watching: string;
  readonly pass: string;
  readonly amount: string;
  readonly lower: string;
  readonly higher: string;
  readonly timeLeft: (clock: string) => string;
  /** Said once a turn when the reader's own turn has 10 seconds or less left. */
  readonly tenSecondsLeft: string;
  /** Said before the move the host played for the reader when their time ran out. */
  readonly timedOut: string;
  /** Said when another person's seat has nobody connected any more ("Ada left the table."), or again (`back`: "Ada is back."). */
  readonly presence: (name: string, back: boolean) => string;
  readonly finalHands: string;
  readonly primaryShort: string;
  readonly secondaryShort: string;
  readonly heldBy: (name: string) => string;
  readonly paid: (paid: number, due: number) => string;
  readonly newValue: (office: string, value: number) => string;
  /** A choice of a type this page cannot word (a newer host's): "Action 3", counted from 1. */
  readonly action: (n: number) => string;
  /** A log line for an event of a type this page cannot word. */
  readonly unknownEvent: string;
  /** The table could not draw the view it was given. */
  readonly unreadable: string;
  readonly status: Readonly<Record<'connecting' | 'reconnecting' | 'open' | 'closed', string>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly revoked: string;
  /** A bot seat's name: "Bot N", with its kind when known (`bots`: a bot id's family, before any `:`, e.g. `ismcts` of `ismcts:300`). */
  readonly botName: (bot: string, seat: number) => string;
  readonly bots: Readonly<Record<string, string>>;
  /** Until every seat is taken: how many are. */
  readonly waitingFor: (seated: number, seats: number) => string;
  readonly download: string;
  readonly watchReplay: string;
  readonly lobby: {
    readonly newMatch: string;
    readonly seat: (n: number) => string;
    readonly you: string;
    readonly person: string;
    readonly bots: Readonly<Record<string, string>>;
    readonly variants: string;
    readonly payment: Readonly<Record<'gold-or-discard' | 'by-lot', string>>;
    readonly paymentLabel: string;
    readonly secondary: Readonly<Record<'half' | 'tile', string>>;
    readonly secondaryLabel: string;
    readonly middle: Readonly<Record<'advisor-keeps-last' | 'one-per-opponent', string>>;
    readonly middleLabel: string;
    readonly timer: string;
    readonly noTimer: string;
    /** A turn time of `n` whole seconds: "45 s", "1 min 40 s". */
    readonly seconds: (n: number) => string;
    readonly spectators: string;
    readonly spectatorsNone: string;
    readonly spectatorsPublic: string;
    readonly name: string;
    readonly create: string;
    readonly invite: string;
    readonly inviteSeat: (n: number) => string;
    /** Instead of an unlisted match's invite links when the page did not give the element its invite code (they could seat nobody). */
    readonly noInvite: string;
    readonly copy: string;
    readonly copied: string;
    /** When the page cannot copy by itself (no clipboard on a page not served over https). */
    readonly copyYourself: string;
    readonly join: string;
    /** A join refused as FORBIDDEN: the invite code of the link is missing or wrong. */
    readonly badInvite: string;
    readonly sit: string;
    readonly open: string;
    readonly watch: string;
    readonly full: string;
    readonly openMatches: string;
    readonly summary: (players: number, open: number) => string;
    readonly none: string;
    readonly refresh: string;
    /** Shows more of the open matches. */
    readonly more: string;
    /** How many open matches are shown; `more`: the host has more. */
    readonly shown: (n: number, more: boolean) => string;
    /** The join form's way back to the lobby's open matches. */
    readonly back: string;
    readonly local: string;
    readonly play: string;
  };
  readonly app: {
    readonly title: string;
    readonly home: string;
    readonly language: string;
    readonly again: string;
    /** Said above a match when a seat link's key was refused and the page went back to the key it keeps. */
    readonly seatLinkRefused: string;
  };
  readonly rematch: {
    readonly title: string;
    readonly note: string;
    readonly ask: string;
    readonly asked: string;
    readonly ready: string;
    readonly deciding: string;
    readonly you: string;
    readonly wants: (name: string) => string;
    readonly starting: string;
    readonly go: string;
  };
  /** The match's chat panel. */
  readonly chat: {
    readonly title: string;
    readonly unread: (n: number) => string;
    readonly write: string;
    readonly send: string;
    /** A host notice: the seat got a new link (its number, and its person's name or `null`, as in {@link Words.seats}). */
    readonly reissued: (seat: number, name: string | null) => string;
    /** Why a line was not sent, by the client's error code. */
    readonly errors: Readonly<Record<string, string>>;
  };
  /**
   * The creator's seat panel. Its sentences take a seat's number and its person's name (`null`:
   * none given, or a bot's seat) apart: a name cannot be declined, so it goes beside the word for
   * the seat ("seat 1 (Bo)", «місце 1 («Петро»)»), never in its place.
   */
  readonly seats: {
    readonly title: string;
    readonly hint: string;
    readonly online: string;
    readonly away: (clock: string) => string;
    readonly left: string;
    readonly bot: string;
    readonly open: string;
    readonly toBot: string;
    readonly reopen: string;
    readonly reissue: string;
    readonly link: (seat: number, name: string | null) => string;
    readonly tooSoon: (seat: number, name: string | null) => string;
    readonly handed: (seat: number, name: string | null) => string;
    readonly reopened: (seat: number, name: string | null) => string;
    readonly goneAway: (seat: number, name: string | null) => string;
    /** The countdown to the host's away time. */
    readonly canHandIn: (clock: string) => string;
    readonly canHand: (seat: number, name: string | null) => string;
  };
  readonly replay: {
    readonly title: string;
    readonly start: string;
    readonly back: string;
    readonly forward: string;
    readonly end: string;
    readonly move: (k: number, n: number) => string;
    readonly seenBy: string;
    readonly spectator: string;
  };
}

/** @internal "Bot 2 (strong)": the kind from a bot id's family (`ismcts:300` → `ismcts`), left out when unknown; never the id itself. */
export function named(word: string, seat: number, kinds: Readonly<Record<string, string>>, bot: string): string {
  const family = String(bot).split(':')[0] ?? '';
  const kind = Object.hasOwn(kinds, family) ? kinds[family] : undefined;
  return kind === undefined ? `${word} ${seat}` : `${word} ${seat} (${kind})`;
}
