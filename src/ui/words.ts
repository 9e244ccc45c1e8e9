/**
 * The interface words of the elements, in English and Ukrainian. Everything about the game
 * itself (offices, card names, sentences for actions and events) comes from
 * `for-the-king-and-me/text`; these are the words around it (prompts, buttons, statuses).
 * @module
 */
import type { Lang } from '../text/index.js';

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
  readonly finalHands: string;
  readonly primaryShort: string;
  readonly secondaryShort: string;
  readonly heldBy: (name: string) => string;
  readonly paid: (paid: number, due: number) => string;
  readonly newValue: (office: string, value: number) => string;
  readonly status: Readonly<Record<'connecting' | 'reconnecting' | 'open' | 'closed', string>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly revoked: string;
  readonly botName: (bot: string, seat: number) => string;
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
    readonly seconds: (n: number) => string;
    readonly spectators: string;
    readonly spectatorsNone: string;
    readonly spectatorsPublic: string;
    readonly name: string;
    readonly create: string;
    readonly invite: string;
    readonly inviteSeat: (n: number) => string;
    readonly copy: string;
    readonly copied: string;
    readonly join: string;
    readonly sit: string;
    readonly open: string;
    readonly watch: string;
    readonly full: string;
    readonly openMatches: string;
    readonly summary: (players: number, open: number) => string;
    readonly none: string;
    readonly refresh: string;
    readonly local: string;
    readonly play: string;
  };
  readonly app: {
    readonly title: string;
    readonly home: string;
    readonly language: string;
    readonly again: string;
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
    /** A host notice: the seat got a new link. */
    readonly reissued: (name: string) => string;
    /** Why a line was not sent, by the client's error code. */
    readonly errors: Readonly<Record<string, string>>;
  };
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
    readonly link: (name: string) => string;
    readonly tooSoon: (name: string) => string;
    readonly handed: (name: string) => string;
    readonly reopened: (name: string) => string;
    readonly goneAway: (name: string) => string;
    /** The countdown to the host's away time. */
    readonly canHandIn: (clock: string) => string;
    readonly canHand: (name: string) => string;
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

const en: Words = {
  table: 'Game table',
  cards: (n) => `${n} card${n === 1 ? '' : 's'}`,
  first: 'First player',
  holds: 'holds a drawn card',
  out: 'out',
  defaulted: 'defaulted',
  toMove: 'to move',
  online: 'online',
  offline: 'offline',
  bot: 'bot',
  myFavor: 'Your cards on the favor pile',
  noBid: 'No bid yet',
  used: 'used',
  free: 'free',
  yourInfluence: 'Your influence',
  yourGold: (n) => `Your gold: ${n}`,
  place: 'Place the card you drew',
  take: 'Take a card from the middle',
  takeLast: 'Take the last middle card',
  king: 'Choose a new value for one primary title',
  bid: 'Bid for the lot, or pass',
  pay: (due, paid, mode) =>
    mode === 'gold' ? `Pay ${due} in gold: choose a gold card (${paid} paid)` : `Pay ${due}: choose a card to discard (${paid} discarded)`,
  busy: (name, step) => `${name}: ${step}`,
  steps: { place: 'placing a card', take: 'taking a card', king: 'choosing a title value', bid: 'bidding', pay: 'paying' },
  bidButton: (n) => `Bid ${n}`,
  saidBid: (n) => `bid ${n}`,
  saidPass: 'passed',
  advisorIs: (name) => `Advisor: ${name}`,
  watching: 'You are watching',
  pass: 'Pass',
  amount: 'Amount',
  lower: 'Lower',
  higher: 'Higher',
  timeLeft: (clock) => `Time left ${clock}`,
  finalHands: 'Final hands',
  primaryShort: '1st',
  secondaryShort: '2nd',
  heldBy: (name) => `held by ${name}`,
  paid: (paid, due) => `${paid} of ${due} paid`,
  newValue: (office, value) => `${office}: ${value}`,
  status: { connecting: 'Connecting…', reconnecting: 'Reconnecting…', open: 'Connected', closed: 'Disconnected' },
  errors: {
    STALE: 'Someone moved first: here is the table as it is now.',
    ILLEGAL: 'That move is not allowed now.',
    UNAUTHORIZED: 'The key of this seat does not work here.',
    FORBIDDEN: 'This match is not open to spectators.',
    NOT_FOUND: 'There is no such match on this host.',
    BAD_VERSION: 'This page and the host speak different versions: reload the page.',
    DISCONNECTED: 'The connection dropped: trying again…',
    TIMEOUT: 'The host did not answer in time.',
    RATE_LIMITED: 'Too many requests: wait a moment.',
    MATCH_FULL: 'Every seat of this match is taken.',
    SEAT_TAKEN: 'That seat was just taken.',
    BAD_NAME: 'Choose a name of 1 to 40 characters.',
    HTTP: 'The host does not answer.',
    OFFLINE: 'The host does not answer here.',
    NETWORK: 'The host does not answer here.',
    BAD_MESSAGE: 'The host answered something this page cannot read.',
    UNFAIR: 'The host changed what it promised for this fair match.',
    CLOSED: 'The connection is closed.',
  },
  revoked: 'This seat was given to someone else.',
  botName: (bot, seat) => `Bot ${seat} (${bot})`,
  download: 'Download the game record',
  watchReplay: 'Watch the replay',
  lobby: {
    newMatch: 'New match',
    seat: (n) => `Seat ${n}`,
    you: 'You',
    person: 'A friend (invite)',
    bots: { heuristic: 'Bot: heuristic', random: 'Bot: random', 'ismcts:300': 'Bot: ISMCTS (strong)' },
    variants: 'Rule variants',
    payment: { 'gold-or-discard': 'gold, or discard without gold', 'by-lot': 'by the lot’s kind' },
    paymentLabel: 'Payment',
    secondary: { half: 'half the primary', tile: 'a separate tile' },
    secondaryLabel: 'Secondary title',
    middle: { 'advisor-keeps-last': 'the Advisor keeps the last card', 'one-per-opponent': 'one card per opponent' },
    middleLabel: 'Middle',
    timer: 'Turn timer',
    noTimer: 'none',
    seconds: (n) => (n < 60 ? `${n} s` : `${n / 60} min`),
    spectators: 'Spectators',
    spectatorsNone: 'nobody',
    spectatorsPublic: 'anyone with the link',
    name: 'Your name',
    create: 'Create and sit down',
    invite: 'Invite your friends: send each the link of their seat',
    inviteSeat: (n) => `Seat ${n}`,
    copy: 'Copy',
    copied: 'Copied',
    join: 'Join the match',
    sit: 'Sit down',
    open: 'open seat',
    watch: 'Watch',
    full: 'Every seat of this match is taken.',
    openMatches: 'Open matches',
    summary: (players, open) => `${players} players, ${open} open seat${open === 1 ? '' : 's'}`,
    none: 'No open matches yet.',
    refresh: 'Refresh',
    local: 'Play against bots on this page',
    play: 'Play',
  },
  app: { title: 'For the King (and Me)', home: 'Lobby', language: 'Language', again: 'Play again' },
  rematch: {
    title: 'Another round?',
    note: 'The same seats and rules, a new deal, the next player starts. Nobody needs a new invite.',
    ask: 'Rematch',
    asked: 'You agreed: waiting for the others…',
    ready: 'ready',
    deciding: 'deciding…',
    you: 'you',
    wants: (name) => `${name} wants a rematch`,
    starting: 'Everybody agreed: the rematch starts…',
    go: 'Go to the rematch',
  },
  chat: {
    title: 'Chat',
    unread: (n) => `${n} new`,
    write: 'Write to the table',
    send: 'Send',
    reissued: (name) => `${name}'s seat has a new link.`,
    errors: {
      RATE_LIMITED: 'Slow down: wait a moment before the next line.',
      FORBIDDEN: 'The chat is closed to you.',
      BAD_MESSAGE: 'This line cannot be sent: write 1 to 500 characters, without control characters.',
      DISCONNECTED: 'Not connected: your line is still here; send it again once connected.',
    },
  },
  seats: {
    title: 'Seats (you created this match)',
    hint: 'When a player has been away for a while, hand their seat to a bot so that the game goes on, or send them a new link to it.',
    online: 'online',
    away: (clock) => `away ${clock}`,
    left: 'left',
    bot: 'bot',
    open: 'open',
    toBot: 'Hand to a bot',
    reopen: 'Give back to a person',
    reissue: 'New seat link',
    link: (name) => `New link to ${name}'s seat: send it to that player only`,
    tooSoon: (name) => `${name} has not been away long enough yet: try again in a little while.`,
    handed: (name) => `A bot now plays ${name}'s seat.`,
    reopened: (name) => `${name}'s seat is open again: the invite link takes it.`,
    goneAway: (name) => `${name} is away.`,
    canHandIn: (clock) => `can hand to a bot in ${clock}`,
    canHand: (name) => `${name}'s seat may now be handed over.`,
  },
  replay: {
    title: 'Replay',
    start: 'To the start',
    back: 'One move back',
    forward: 'One move forward',
    end: 'To the end',
    move: (k, n) => `Move ${k} of ${n}`,
    seenBy: 'Seen by',
    spectator: 'Spectator',
  },
};

const uk: Words = {
  table: 'Ігровий стіл',
  cards: (n) => `карт: ${n}`,
  first: 'Перший гравець',
  holds: 'тримає витягнуту карту',
  out: 'поза торгами',
  defaulted: 'не заплатив',
  toMove: 'ходить',
  online: 'на зв’язку',
  offline: 'не на зв’язку',
  bot: 'бот',
  myFavor: 'Ваші карти в стосі прихильності',
  noBid: 'Ставок ще немає',
  used: 'зайнято',
  free: 'вільно',
  yourInfluence: 'Ваш вплив',
  yourGold: (n) => `Ваше золото: ${n}`,
  place: 'Покладіть витягнуту карту',
  take: 'Візьміть карту із середини',
  takeLast: 'Візьміть останню карту із середини',
  king: 'Оберіть нове значення одного головного титулу',
  bid: 'Зробіть ставку на лот або пасуйте',
  pay: (due, paid, mode) =>
    mode === 'gold'
      ? `Сплатіть ${due} золотом: оберіть карту золота (сплачено ${paid})`
      : `Сплатіть ${due}: оберіть карту, щоб скинути (скинуто ${paid})`,
  busy: (name, step) => `${name}: ${step}`,
  steps: { place: 'кладе карту', take: 'бере карту', king: 'обирає значення титулу', bid: 'торгується', pay: 'платить' },
  bidButton: (n) => `Поставити ${n}`,
  saidBid: (n) => `ставка ${n}`,
  saidPass: 'пас',
  advisorIs: (name) => `Радник: ${name}`,
  watching: 'Ви дивитеся гру',
  pass: 'Пас',
  amount: 'Сума',
  lower: 'Менше',
  higher: 'Більше',
  timeLeft: (clock) => `Залишилось ${clock}`,
  finalHands: 'Руки наприкінці',
  primaryShort: '1-й',
  secondaryShort: '2-й',
  heldBy: (name) => `у руці: ${name}`,
  paid: (paid, due) => `сплачено ${paid} з ${due}`,
  newValue: (office, value) => `${office}: ${value}`,
  status: { connecting: 'З’єднання…', reconnecting: 'Знову з’єднуємося…', open: 'З’єднано', closed: 'Від’єднано' },
  errors: {
    STALE: 'Хтось походив раніше: ось стіл, яким він є зараз.',
    ILLEGAL: 'Цей хід зараз неможливий.',
    UNAUTHORIZED: 'Ключ цього місця тут не діє.',
    FORBIDDEN: 'Ця гра закрита для глядачів.',
    NOT_FOUND: 'На цьому сервері немає такої гри.',
    BAD_VERSION: 'Сторінка й сервер говорять різними версіями: перезавантажте сторінку.',
    DISCONNECTED: 'З’єднання обірвалося: пробуємо знову…',
    TIMEOUT: 'Сервер не відповів вчасно.',
    RATE_LIMITED: 'Забагато запитів: зачекайте трохи.',
    MATCH_FULL: 'Усі місця в цій грі зайняті.',
    SEAT_TAKEN: 'Це місце щойно зайняли.',
    BAD_NAME: 'Оберіть ім’я довжиною від 1 до 40 символів.',
    HTTP: 'Сервер не відповідає.',
    OFFLINE: 'Сервер гри тут не відповідає.',
    NETWORK: 'Сервер гри тут не відповідає.',
    BAD_MESSAGE: 'Сервер відповів те, чого ця сторінка не може прочитати.',
    UNFAIR: 'Сервер змінив те, що обіцяв для цієї чесної гри.',
    CLOSED: 'З’єднання закрито.',
  },
  revoked: 'Це місце передано комусь іншому.',
  botName: (bot, seat) => `Бот ${seat} (${bot})`,
  download: 'Завантажити запис гри',
  watchReplay: 'Переглянути повтор',
  lobby: {
    newMatch: 'Нова гра',
    seat: (n) => `Місце ${n}`,
    you: 'Ви',
    person: 'Друг (запрошення)',
    bots: { heuristic: 'Бот: евристичний', random: 'Бот: випадковий', 'ismcts:300': 'Бот: ISMCTS (сильний)' },
    variants: 'Варіанти правил',
    payment: { 'gold-or-discard': 'золотом, а без золота — скиданням', 'by-lot': 'за видом лота' },
    paymentLabel: 'Оплата',
    secondary: { half: 'половина головного', tile: 'окрема плитка' },
    secondaryLabel: 'Другорядний титул',
    middle: { 'advisor-keeps-last': 'остання карта — Раднику', 'one-per-opponent': 'по карті кожному суперникові' },
    middleLabel: 'Середина',
    timer: 'Час на хід',
    noTimer: 'без обмеження',
    seconds: (n) => (n < 60 ? `${n} с` : `${n / 60} хв`),
    spectators: 'Глядачі',
    spectatorsNone: 'ніхто',
    spectatorsPublic: 'усі, хто має посилання',
    name: 'Ваше ім’я',
    create: 'Створити й сісти',
    invite: 'Запросіть друзів: надішліть кожному посилання на його місце',
    inviteSeat: (n) => `Місце ${n}`,
    copy: 'Копіювати',
    copied: 'Скопійовано',
    join: 'Приєднатися до гри',
    sit: 'Сісти',
    open: 'вільне місце',
    watch: 'Дивитися',
    full: 'Усі місця в цій грі зайняті.',
    openMatches: 'Відкриті ігри',
    summary: (players, open) => `гравців: ${players}, вільних місць: ${open}`,
    none: 'Відкритих ігор поки немає.',
    refresh: 'Оновити',
    local: 'Грати з ботами на цій сторінці',
    play: 'Грати',
  },
  app: { title: 'За Короля та за мене', home: 'Лобі', language: 'Мова', again: 'Зіграти ще' },
  rematch: {
    title: 'Ще партію?',
    note: 'Ті самі місця й правила, нова роздача, починає наступний гравець. Нових запрошень не треба.',
    ask: 'Реванш',
    asked: 'Ви погодилися: чекаємо на інших…',
    ready: 'готовий',
    deciding: 'вирішує…',
    you: 'ви',
    wants: (name) => `${name} хоче реванш`,
    starting: 'Усі погодилися: реванш починається…',
    go: 'До реваншу',
  },
  chat: {
    title: 'Чат',
    unread: (n) => `нових: ${n}`,
    write: 'Напишіть гравцям',
    send: 'Надіслати',
    reissued: (name) => `Місце ${name} має нове посилання.`,
    errors: {
      RATE_LIMITED: 'Не так швидко: зачекайте трохи перед наступним повідомленням.',
      FORBIDDEN: 'Чат для вас закритий.',
      BAD_MESSAGE: 'Це повідомлення не надіслати: від 1 до 500 символів, без керівних символів.',
      DISCONNECTED: 'Немає з’єднання: повідомлення лишилося тут; надішліть його, щойно з’єднаємося.',
    },
  },
  seats: {
    title: 'Місця (цю гру створили ви)',
    hint: 'Коли гравця довго немає, передайте його місце ботові, щоб гра тривала, або надішліть йому нове посилання на місце.',
    online: 'на зв’язку',
    away: (clock) => `немає ${clock}`,
    left: 'вийшов',
    bot: 'бот',
    open: 'вільне',
    toBot: 'Передати ботові',
    reopen: 'Повернути людині',
    reissue: 'Нове посилання на місце',
    link: (name) => `Нове посилання на місце ${name}: надішліть лише цьому гравцеві`,
    tooSoon: (name) => `${name} ще недовго відсутній: спробуйте трохи згодом.`,
    handed: (name) => `Тепер за місце ${name} грає бот.`,
    reopened: (name) => `Місце ${name} знову вільне: його займають за запрошенням.`,
    goneAway: (name) => `${name} не на зв’язку.`,
    canHandIn: (clock) => `можна передати ботові через ${clock}`,
    canHand: (name) => `Місце ${name} тепер можна передати.`,
  },
  replay: {
    title: 'Повтор',
    start: 'На початок',
    back: 'На хід назад',
    forward: 'На хід уперед',
    end: 'У кінець',
    move: (k, n) => `Хід ${k} з ${n}`,
    seenBy: 'Очима',
    spectator: 'Глядач',
  },
};

/** The elements' words by language. */
export const WORDS: Readonly<Record<Lang, Words>> = { en, uk };

/** A language from an attribute's text: `'uk'` for Ukrainian (`uk`, `uk-UA`), else English. */
export function langOf(value: string | null | undefined): Lang {
  return typeof value === 'string' && /^uk\b/i.test(value) ? 'uk' : 'en';
}
