// The TwiML our voice webhook answers, read as Twilio reads it: the verbs the product uses (<Dial> with a
// <Conference>, <Say>, <Hangup>, <Reject>) with Twilio's defaults for the attributes left out. Anything
// else is an application error, as Twilio reports a document it cannot run (error 12100).

export type ConferenceNoun = {
  name: string;
  maxParticipants: number;
  beep: string;
  startConferenceOnEnter: boolean;
  endConferenceOnExit: boolean;
  waitUrl: string | null;
  statusCallback: string | null;
  statusCallbackMethod: "GET" | "POST";
  /** Twilio's event names: start, end, join, leave, mute, hold, modify, speaker, announcement. */
  statusCallbackEvent: string[];
};

export type Verb =
  | { verb: "Dial"; timeLimitSeconds: number; conference: ConferenceNoun }
  | { verb: "Say"; text: string; language: string | null }
  | { verb: "Hangup" }
  | { verb: "Reject"; reason: string };

type Element = { name: string; attributes: Record<string, string>; children: Array<Element | string> };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });

export class TwimlError extends Error {}

/** A small, strict reader for well-formed XML documents without DTDs (what a TwiML response is). */
function parseXml(source: string): Element {
  const text = source
    .replace(/^\uFEFF/, "")
    .replace(/<\?xml[^?]*\?>/, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  const root: Element = { name: "#document", attributes: {}, children: [] };
  const stack: Element[] = [root];
  const tag = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
  let at = 0;
  while (at < text.length) {
    const next = text.indexOf("<", at);
    const chunk = text.slice(at, next === -1 ? text.length : next);
    if (chunk.trim() !== "") stack[stack.length - 1].children.push(decode(chunk));
    if (next === -1) break;
    tag.lastIndex = next;
    const match = tag.exec(text);
    if (match === null) throw new TwimlError(`XML non valido vicino a: ${text.slice(next, next + 40)}`);
    const [, closing, name, rawAttributes, selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new TwimlError(`Tag </${name}> non atteso`);
    } else {
      const attributes: Record<string, string> = {};
      for (const [, key, quoted] of rawAttributes.matchAll(/([\w:.-]+)\s*=\s*("[^"]*"|'[^']*')/g)) attributes[key] = decode(quoted.slice(1, -1));
      const element: Element = { name, attributes, children: [] };
      stack[stack.length - 1].children.push(element);
      if (!selfClosing) stack.push(element);
    }
    at = tag.lastIndex;
  }
  if (stack.length !== 1) throw new TwimlError(`Tag <${stack[stack.length - 1].name}> non chiuso`);
  return root;
}

const textOf = (element: Element) =>
  element.children
    .filter((child): child is string => typeof child === "string")
    .join("")
    .trim();
const flag = (value: string | undefined, fallback: boolean) => (value === undefined ? fallback : value.toLowerCase() === "true");

function integer(value: string | undefined, fallback: number, attribute: string): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new TwimlError(`${attribute}="${value}" non è un intero`);
  return Number(value);
}

function conferenceOf(element: Element): ConferenceNoun {
  const a = element.attributes;
  const name = textOf(element);
  if (name === "") throw new TwimlError("<Conference> senza nome");
  const method = (a.statusCallbackMethod ?? "POST").toUpperCase();
  if (method !== "GET" && method !== "POST") throw new TwimlError(`statusCallbackMethod="${method}"`);
  return {
    name,
    // Twilio's bounds: 2 to 250 participants, 250 when left out.
    maxParticipants: Math.min(250, Math.max(2, integer(a.maxParticipants, 250, "maxParticipants"))),
    beep: a.beep ?? "true",
    startConferenceOnEnter: flag(a.startConferenceOnEnter, true),
    endConferenceOnExit: flag(a.endConferenceOnExit, false),
    waitUrl: a.waitUrl === undefined ? "default" : a.waitUrl === "" ? null : a.waitUrl,
    statusCallback: a.statusCallback ?? null,
    statusCallbackMethod: method,
    // Left out, Twilio sends only the conference's start and end.
    statusCallbackEvent: (a.statusCallbackEvent ?? "start end").split(/[\s,]+/).filter(Boolean),
  };
}

/** The verbs of a TwiML document, in order; throws TwimlError for what Twilio would refuse. */
export function parseTwiml(source: string): Verb[] {
  const document = parseXml(source);
  const response = document.children.find((child): child is Element => typeof child !== "string");
  if (response?.name !== "Response") throw new TwimlError("Il documento non è una <Response>");
  return response.children.map((child): Verb => {
    if (typeof child === "string") throw new TwimlError(`Testo fuori da un verbo: ${child.slice(0, 40)}`);
    switch (child.name) {
      case "Dial": {
        const nouns = child.children.filter((noun): noun is Element => typeof noun !== "string");
        const conference = nouns.find((noun) => noun.name === "Conference");
        if (conference === undefined || nouns.length !== 1)
          throw new TwimlError("<Dial> senza una sola <Conference> (l'unico caso che il servizio simula)");
        // Twilio's default time limit is four hours.
        return { verb: "Dial", timeLimitSeconds: integer(child.attributes.timeLimit, 14_400, "timeLimit"), conference: conferenceOf(conference) };
      }
      case "Say":
        return { verb: "Say", text: textOf(child), language: child.attributes.language ?? null };
      case "Hangup":
        return { verb: "Hangup" };
      case "Reject":
        return { verb: "Reject", reason: child.attributes.reason ?? "rejected" };
      default:
        throw new TwimlError(`Verbo <${child.name}> non supportato`);
    }
  });
}
