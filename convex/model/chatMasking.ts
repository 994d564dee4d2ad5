// Contact details typed into a consultation's chat are hidden before the other side reads them, and the sender is
// told which kinds were: the consultation stays on Arcano (the code of conduct, model/conduct.ts, "I consulti restano
// su Arcano"; the rule Kasamba and Oranum apply). A detail hidden by mistake costs a word; one let through costs the
// client, so the rules lean to hiding, except where real consultation messages would trip them (times, prices,
// dates, lucky numbers). Plain functions over strings; every pattern runs in linear time or close to it.

export type MaskedKind = "phone" | "email" | "link" | "handle";

/** What the other side reads in place of each kind of detail. */
export const MASK_TOKENS: Record<MaskedKind, string> = {
  phone: "[numero nascosto]",
  email: "[email nascosta]",
  link: "[link nascosto]",
  handle: "[contatto nascosto]",
};

// While the passes run, a hidden detail is one private-use character: no later pass can match it or the words of
// its token, and the kinds can be read back in the order of the message. Such characters typed in are dropped.
const KINDS: readonly MaskedKind[] = ["phone", "email", "link", "handle"];
const MARK = Object.fromEntries(KINDS.map((kind, index) => [kind, String.fromCharCode(0xe000 + index)])) as Record<MaskedKind, string>;
const MARKS = /[\uE000-\uE003]/gu;

/** Neither a letter nor a digit on this side: where a word or number starts or ends. */
const NOT_AFTER_WORD = String.raw`(?<![\p{L}\p{N}_])`;
const NOT_BEFORE_WORD = String.raw`(?![\p{L}\p{N}_])`;

// The endings of the domains people give. Not "es", "de" or "at": "p.es.", "Sig.De Luca", and "at" spells an @.
const TLDS = "com it net org eu info io me co ly app page link gl tk xyz biz online site store shop live life blog tv fr ch uk";
const TLD = `(?:${TLDS.split(" ").join("|")})`;

// --- Emails: written plainly, or spelled out to slip past a filter ("nome chiocciola libero punto it").
const PROVIDERS = "(?:gmail|hotmail|libero|yahoo|outlook|icloud|virgilio|alice|tiscali|live|protonmail|proton)";
const PLAIN_EMAIL = new RegExp(String.raw`(?<![\w.%+-])[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}${NOT_BEFORE_WORD}`, "gu");
const SPELLED_AT = String.raw`(?:@|\s+@\s+|\s*[(\[{]\s*(?:at|@|chiocciola)\s*[)\]}]\s*|\s+(?:at|chiocciola)\s+)`;
const SPELLED_DOT = String.raw`(?:\s*\.\s*|\s*[(\[{]\s*(?:dot|punto)\s*[)\]}]\s*|\s+(?:dot|punto)\s+)`;
const LABEL = "[A-Za-z0-9-]+";
// A known provider needs no ending ("nome chiocciola gmail"); any other domain is spelled to a real TLD.
const SPELLED_EMAIL = new RegExp(
  String.raw`(?<![\w.%+-])[\w.%+-]+${SPELLED_AT}(?:${PROVIDERS}(?:${SPELLED_DOT}${TLD})?|${LABEL}(?:${SPELLED_DOT}${LABEL})*${SPELLED_DOT}${TLD})${NOT_BEFORE_WORD}`,
  "giu",
);

// --- Links: with a scheme or www, short and messenger links, and bare domains ending in a real TLD.
const PATH_END = String.raw`[^\s<>"'.,;:!?)\]}\uE000-\uE003]`;
const PATH = String.raw`(?:\/(?:[^\s<>"'\uE000-\uE003]*${PATH_END})?)`;
const URL = new RegExp(String.raw`(?<![\p{L}\p{N}_])(?:https?:\/\/|www\.)[^\s<>"'\uE000-\uE003]*${PATH_END}`, "giu");
const SHORT_HOSTS = String.raw`(?:t\.me|wa\.me|m\.me|ig\.me|bit\.ly|linktr\.ee|lnk\.bio|tinyurl\.com|wa\.link)`;
const SHORT_LINK = new RegExp(String.raw`(?<![\p{L}\p{N}_.@-])${SHORT_HOSTS}${PATH}?`, "giu");
// A domain is never glued to the word before ("fine.Poi", "p.es.", "Sig.ra" end in no TLD of the list).
const BARE_DOMAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}_@.-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(${TLD})${NOT_BEFORE_WORD}(${PATH})?`,
  "giu",
);
// "io" and "me" are Italian words a missing space glues to the one before ("anche.io", "per.me"): with a path only.
const WORD_TLDS = new Set(["io", "me"]);
const SPELLED_DOMAIN = new RegExp(String.raw`(?<![\p{L}\p{N}_.-])[A-Za-z0-9-]+\s*[(\[]?\s*\b(?:punto|dot)\s*[)\]]?\s*(?:com|it|net|org)${NOT_BEFORE_WORD}`, "giu");

// --- Phone numbers.
const NUMBER_WORDS = "(?:zero|uno|due|tre|quattro|cinque|sei|sette|otto|nove)";
/** Digits spelled as words, with single digits among them ("tre quattro 7 uno…"). */
const SPELLED_DIGITS = new RegExp(
  String.raw`${NOT_AFTER_WORD}(?:${NUMBER_WORDS}|\d)${NOT_BEFORE_WORD}(?:[\s,.\-]+(?:${NUMBER_WORDS}|\d)${NOT_BEFORE_WORD})*`,
  "giu",
);
const MIN_SPELLED_DIGITS = 7;

// Numbers that are not phone numbers even when long: dates, times, years, prices. Each is matched before a run of
// digits may start, so "12/03/2025 15.30" stays two plain numbers rather than one of 12 digits.
const DAY = String.raw`(?:0?[1-9]|[12]\d|3[01])`;
const MONTH = String.raw`(?:0?[1-9]|1[0-2])`;
const YEAR = String.raw`(?:19|20)\d\d`;
const END = String.raw`(?![.\/-]?\d)`;
const NOT_CONTACT = [
  String.raw`${DAY}(?<sep>[.\/-])${MONTH}\k<sep>(?:${YEAR}|\d\d)${END}`, // 12/03/2025, 12.03.87
  String.raw`${DAY} ${MONTH} ${YEAR}(?![ .\/-]?\d)`, // 12 03 1987
  String.raw`${YEAR}-${MONTH}-${DAY}${END}`, // 2025-03-12
  String.raw`${MONTH}[.\/]${YEAR}${END}`, // 03/2025
  String.raw`${YEAR}\s?[-\/]\s?(?:${YEAR}|\d\d)${END}`, // 2023-2024, 2023/24
  String.raw`(?:[01]?\d|2[0-3])[:.][0-5]\d(?![.:\/-]?\d)`, // 15:30, 9.45
  String.raw`€\s?\d[\d.]*(?:,\d+)?|\d[\d.]*(?:,\d+)?\s?(?:€|euro?)(?!\p{L})`, // € 45, 1.200 €, 20 euro
];
/** Groups of digits joined by spaces, dots, dashes, slashes or parentheses, maybe after +39 or (+39). */
const DIGIT_RUN = String.raw`(?:\+\s?|\(\+?)?\d+(?:[ \t\u00a0.\/()-]{1,3}\d+)*`;
const NUMBERS = new RegExp(`${NOT_CONTACT.map((pattern) => `(?:${pattern})`).join("|")}|(?<run>${DIGIT_RUN})`, "giu");
const THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/;
const MOBILE = /^3\d{9}$/;

/**
 * Whether a run of digits is a phone number. Italian mobiles have 10 digits (9 for the oldest) and landlines 6–11
 * starting with 0, so: 8 digits or more; 6 or more when it starts with 0 (a landline's prefix; no price, year or
 * age does) unless grouped in thousands; with +/00 in front, 8 counting the country's code. Lucky and card numbers
 * come in ones and twos ("5 12 34 56 78"): such a run is kept, unless it is a mobile's 10 digits from 3 or starts
 * with 0, as no lucky number does ("34 71 23 45 67", "06 12 34 56 78").
 */
function isPhoneNumber(run: string): boolean {
  const groups = run.match(/\d+/g) ?? [];
  const digits = groups.join("");
  if (/^\(?\+/.test(run) || digits.startsWith("00")) return digits.length >= 8;
  const onesAndTwos = groups.length >= 3 && groups.every((group) => group.length <= 2) && groups.some((group) => group.length === 2);
  if (onesAndTwos && !MOBILE.test(digits) && !digits.startsWith("0")) return false;
  return digits.length >= 8 || (digits.length >= 6 && digits.startsWith("0") && !THOUSANDS.test(run));
}

// --- Handles: "@luna_viola", and an identifier after a platform's name ("telegram: lunaviola").
const AT_HANDLE = /(?<![\p{L}\p{N}_.@])@[A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?/gu;
const PLATFORMS =
  "whats\\s?app|telegram|instagram|insta|ig|facebook|fb|messenger|skype|signal|snapchat|tiktok|viber|discord|line|wechat|zoom";
const IDENTIFIER = String.raw`@?[\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?`;
const PLATFORM_HANDLE = new RegExp(
  String.raw`${NOT_AFTER_WORD}((?:${PLATFORMS})${NOT_BEFORE_WORD})(\s*[:=]\s*|\s+(?:è|é|e'|e’)\s*|\s+)(${IDENTIFIER})`,
  "giu",
);
/** Read where an identifier ends: it ends its clause (the message, a line, a sentence). */
const CLAUSE_END = /[ \t]*(?:$|[.,;!)\r\n])/y;
/** Looks like a username rather than a word or a number: an underscore, an inner dot or dash, letters and digits. */
const HANDLE_SHAPED = /[_@]|[\p{L}\p{N}][.-][\p{L}\p{N}]|\p{L}.*\p{N}|\p{N}.*\p{L}/u;

/**
 * The platform's name stays (mentioning WhatsApp is no contact detail). After "è" or a bare space the identifier
 * must look like a username ("whatsapp è lento"); after ":" or "=" a plain word counts too when it ends the clause
 * ("telegram: lunaviola", while "su zoom: va bene?" is a sentence).
 */
function maskPlatformHandle(match: string, platform: string, separator: string, identifier: string, offset: number, text: string): string {
  CLAUSE_END.lastIndex = offset + match.length;
  const endsClause = /[:=]/.test(separator) && CLAUSE_END.test(text);
  return HANDLE_SHAPED.test(identifier) || endsClause ? platform + separator + MARK.handle : match;
}

type Pass = (text: string) => string;

const PASSES: readonly Pass[] = [
  // Emails first: their domain would read as a link, their @ as a handle.
  (text) => text.replace(PLAIN_EMAIL, MARK.email).replace(SPELLED_EMAIL, MARK.email),
  // Links before phones: "wa.me/39347…" is one link, not a number.
  (text) =>
    text
      .replace(URL, MARK.link)
      .replace(SHORT_LINK, MARK.link)
      .replace(BARE_DOMAIN, (match, tld: string, path?: string) => (WORD_TLDS.has(tld.toLowerCase()) && !path ? match : MARK.link))
      .replace(SPELLED_DOMAIN, MARK.link),
  (text) =>
    text.replace(SPELLED_DIGITS, (match) => {
      const tokens = match.split(/[\s,.-]+/);
      const spelled = tokens.length >= MIN_SPELLED_DIGITS && tokens.some((token) => !/^\d$/.test(token));
      return spelled ? MARK.phone : match;
    }),
  // Phones before handles, so "whatsapp: 347…" reads as a number.
  (text) =>
    text.replace(NUMBERS, (match, ...args: unknown[]) => {
      const { run } = args[args.length - 1] as { run?: string };
      return run !== undefined && isPhoneNumber(run) ? MARK.phone : match;
    }),
  (text) => text.replace(AT_HANDLE, MARK.handle).replace(PLATFORM_HANDLE, maskPlatformHandle),
];

/** The message as the other side reads it, and which kinds of contact detail were hidden (each kind once, in the order first met). */
export function maskContactDetails(text: string): { text: string; masked: MaskedKind[] } {
  const marked = PASSES.reduce((current, pass) => pass(current), text.replace(MARKS, ""));
  const masked: MaskedKind[] = [];
  const shown = marked.replace(MARKS, (mark) => {
    const kind = KINDS[mark.charCodeAt(0) - 0xe000];
    if (!masked.includes(kind)) masked.push(kind);
    return MASK_TOKENS[kind];
  });
  return { text: shown, masked };
}
