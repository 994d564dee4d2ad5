// Contact details in a consultation's chat (convex/model/chatMasking.ts): hidden before the other side reads them,
// while what real consultation messages contain (times, prices, dates, cards) reads as written.
import { describe, expect, it } from "vitest";
import { MASK_TOKENS, maskContactDetails } from "../../../convex/model/chatMasking";

const PHONE = MASK_TOKENS.phone;
const EMAIL = MASK_TOKENS.email;
const LINK = MASK_TOKENS.link;
const HANDLE = MASK_TOKENS.handle;

/** The text the other side reads. */
const shown = (text: string) => maskContactDetails(text).text;

/** Each text reads as written and nothing is reported hidden. */
function expectUntouched(...texts: string[]) {
  for (const text of texts) expect(maskContactDetails(text), text).toEqual({ text, masked: [] });
}

describe("phone numbers are hidden", () => {
  it("an Italian mobile, however its digits are grouped", () => {
    for (const number of ["3471234567", "347 1234567", "347 123 4567", "347.123.4567", "347-123-4567", "347/1234567", "347 12 34 567"]) {
      expect(maskContactDetails(`chiamami al ${number} stasera`), number).toEqual({ text: `chiamami al ${PHONE} stasera`, masked: ["phone"] });
    }
  });

  it("with the +39 or 0039 prefix, and in parentheses", () => {
    expect(shown("+39 347 123 4567")).toBe(PHONE);
    expect(shown("+393471234567")).toBe(PHONE);
    expect(shown("0039 06 1234 5678")).toBe(PHONE);
    expect(shown("(+39) 347 1234567")).toBe(PHONE);
    expect(shown("(06) 1234 5678")).toBe(PHONE);
  });

  it("international numbers", () => {
    expect(shown("my number +44 20 7946 0958")).toBe(`my number ${PHONE}`);
    expect(shown("+41 79 123 45 67")).toBe(PHONE);
  });

  it("landlines, short ones too when they start with 0", () => {
    expect(shown("tel. 02-12345678")).toBe(`tel. ${PHONE}`);
    expect(shown("lo 06 12345 dopo le sei")).toBe(`lo ${PHONE} dopo le sei`);
    expect(shown("0574 123456")).toBe(PHONE);
  });

  it("digits spaced one by one, or in pairs when they make a mobile", () => {
    expect(shown("3 4 7 1 2 3 4 5 6 7")).toBe(PHONE);
    expect(shown("34 71 23 45 67")).toBe(PHONE);
    expect(shown("3 47 12 34 56 7")).toBe(PHONE);
  });

  it("digits written as Italian words, seven or more in a row, single digits among them", () => {
    expect(maskContactDetails("il mio numero: tre quattro sette uno due tre quattro cinque sei sette, ok?")).toEqual({
      text: `il mio numero: ${PHONE}, ok?`,
      masked: ["phone"],
    });
    expect(shown("Tre, quattro, SETTE, uno, due, tre, nove")).toBe(PHONE);
    expect(shown("3 quattro 7 uno 2 tre 4")).toBe(PHONE);
  });

  it("after a platform's name, as a number", () => {
    expect(maskContactDetails("WhatsApp: +39 347 123 4567!")).toEqual({ text: `WhatsApp: ${PHONE}!`, masked: ["phone"] });
  });
});

describe("emails are hidden", () => {
  it("written plainly, the sentence's full stop kept", () => {
    expect(maskContactDetails("Scrivimi su nome.cognome@libero.it.")).toEqual({ text: `Scrivimi su ${EMAIL}.`, masked: ["email"] });
    expect(shown("la mia e-mail è luna_viola+consulti@gmail.com")).toBe(`la mia e-mail è ${EMAIL}`);
  });

  it("spelled out to slip past a filter", () => {
    for (const spelled of [
      "nome (at) gmail.com",
      "nome(at)gmail.com",
      "nome [at] gmail punto com",
      "nome at gmail dot com",
      "nome chiocciola libero punto it",
      "nome @ gmail.com",
      "nome@gmail punto com",
      "nome chiocciola gmail",
    ]) {
      expect(maskContactDetails(`scrivimi a ${spelled} grazie`), spelled).toEqual({ text: `scrivimi a ${EMAIL} grazie`, masked: ["email"] });
    }
  });
});

describe("links are hidden", () => {
  it("with a scheme or www, trailing punctuation kept", () => {
    expect(shown("vedi https://www.lunaviola.it/contatti?x=1.")).toBe(`vedi ${LINK}.`);
    expect(shown("HTTP://LUNA.IT")).toBe(LINK);
    expect(shown("(www.lunaviola.it)")).toBe(`(${LINK})`);
  });

  it("bare domains with a real TLD", () => {
    expect(maskContactDetails("il mio sito è mio-sito.it, passa")).toEqual({ text: `il mio sito è ${LINK}, passa`, masked: ["link"] });
    expect(shown("lunaviola.com/contatti")).toBe(LINK);
    for (const domain of ["luna.net", "luna.org", "luna.eu", "luna.info", "luna.co", "luna.app", "luna.page", "luna.xyz", "luna.tk"]) {
      expect(shown(domain), domain).toBe(LINK);
    }
  });

  it("short and messenger links", () => {
    for (const link of ["t.me/luna", "wa.me/393471234567", "bit.ly/x", "m.me/x", "ig.me/x", "linktr.ee/luna", "goo.gl/abc"]) {
      expect(maskContactDetails(`eccolo: ${link}`), link).toEqual({ text: `eccolo: ${LINK}`, masked: ["link"] });
    }
  });

  it("a domain spelled with 'punto'", () => {
    expect(shown("cerca lunaviola punto com")).toBe(`cerca ${LINK}`);
  });

  it("'.io' and '.me', Italian words, only with a path: 'anche.io' is a missing space", () => {
    expect(shown("lunaviola.me/contatti")).toBe(LINK);
    expectUntouched("anche.io", "dillo a te.me lo spieghi?");
  });
});

describe("handles are hidden", () => {
  it("an @ that is not part of an email", () => {
    expect(maskContactDetails("seguimi @luna_viola.")).toEqual({ text: `seguimi ${HANDLE}.`, masked: ["handle"] });
    expect(shown("Seguimi su IG @luna.viola")).toBe(`Seguimi su IG ${HANDLE}`);
  });

  it("an identifier after a platform's name and ':' or '=', the name itself kept", () => {
    expect(maskContactDetails("telegram: lunaviola")).toEqual({ text: `telegram: ${HANDLE}`, masked: ["handle"] });
    expect(shown("whats app: lunaviola")).toBe(`whats app: ${HANDLE}`);
    expect(shown("skype=luna.viola87 dopo")).toBe(`skype=${HANDLE} dopo`);
  });

  it("after 'è' or a space, an identifier that looks like a username", () => {
    expect(shown("il mio instagram è luna.viola")).toBe(`il mio instagram è ${HANDLE}`);
    expect(shown("il mio telegram e' luna_88")).toBe(`il mio telegram e' ${HANDLE}`);
    expect(shown("Instagram luna_viola")).toBe(`Instagram ${HANDLE}`);
    expect(shown("su TikTok: luna.viola, ciao")).toBe(`su TikTok: ${HANDLE}, ciao`);
  });

  it("naming a platform in a sentence hides nothing", () => {
    expectUntouched("whatsapp è lento", "su zoom: va bene?", "mi ha scritto su WhatsApp ieri", "su Instagram 3 volte", "Facebook 2024", "instagram è bello");
  });
});

describe("what consultation messages contain reads as written", () => {
  it("times", () => {
    expectUntouched("ci sentiamo alle 15:30", "alle 9.45", "ore 15.30 18.30", "dalle 9 alle 18, 7 giorni su 7", "sono le 10 e 30");
  });

  it("money", () => {
    expectUntouched("45,00 €", "45,00\u00a0€", "20 euro", "1.200 €", "1.200.000 euro", "Ho pagato 1.234,56 € e poi € 20", "costa 1,50 €/min");
  });

  it("dates and years", () => {
    expectUntouched("12/03/2025", "12.03.1987", "12-03-1987", "1987-03-12", "12 03 1987", "1987", "il 3 marzo", "scade 03/2025", "dal 2023-2024", "2023/24");
    expectUntouched("Il 12/03/2025 alle 15.30", "Sono nata il 12 marzo 1987 alle 15.30 a Roma.");
  });

  it("durations, ages, counts and cards", () => {
    expectUntouched("30 minuti", "7 anni", "3 carte", "Ho 34 anni, lui 37.", "Mio marito (55 anni) non mi parla", "tra 2-3 settimane", "Le carte: 13, 16 e 21");
    expectUntouched("Il Matto, la Torre", "La Torre (XVI) e la Luna (XVIII)", "sei sette otto");
  });

  it("lucky numbers in ones and twos", () => {
    expectUntouched("numeri fortunati: 5 12 34 56 78 90");
  });

  it("sentences with dots and abbreviations", () => {
    expectUntouched("ecc.", "p.es. il lavoro", "Sig.ra Rossi", "ok...va bene", "fine.Poi ne parliamo", "Ho visto il sito.Non mi piace", "S.p.A.");
  });

  it("Italian text with accents", () => {
    expectUntouched("È così: più avanti sarà perché tu l'hai già detto. Né lui né lei, però.");
  });
});

describe("a whole message", () => {
  const message = "Ciao! Scrivimi a nome@gmail.com o chiama il 347 123 4567, oppure t.me/luna o @luna_viola. A presto";

  it("every detail is hidden, the text and punctuation around them kept", () => {
    expect(shown(message)).toBe(`Ciao! Scrivimi a ${EMAIL} o chiama il ${PHONE}, oppure ${LINK} o ${HANDLE}. A presto`);
  });

  it("each kind reported once, in the order the message gives them", () => {
    expect(maskContactDetails(message).masked).toEqual(["email", "phone", "link", "handle"]);
    expect(maskContactDetails("www.luna.it, 3471234567, www.sole.it, 3331234567, luna@libero.it").masked).toEqual(["link", "phone", "email"]);
  });

  it("masking twice changes nothing: the tokens themselves are never masked", () => {
    const once = shown(message);
    expect(maskContactDetails(once)).toEqual({ text: once, masked: [] });
    expectUntouched(Object.values(MASK_TOKENS).join(" "), `whatsapp: ${PHONE}`, `telegram: ${HANDLE}`, `il mio instagram è ${HANDLE}`);
  });

  it("an empty message", () => {
    expect(maskContactDetails("")).toEqual({ text: "", masked: [] });
  });

  it("the tokens are Italian", () => {
    expect(MASK_TOKENS).toEqual({ phone: "[numero nascosto]", email: "[email nascosta]", link: "[link nascosto]", handle: "[contatto nascosto]" });
  });

  it("long adversarial messages of 1 000 characters end with the right answer", () => {
    const long = (unit: string) => unit.repeat(1000 / unit.length);
    expect(maskContactDetails(long("1 ").trimEnd())).toEqual({ text: PHONE, masked: ["phone"] });
    for (const unit of ["a.", "a-", "a ", "a@", "12 ", "a at ", "x dot ", "+1 ", "9.45 "]) expectUntouched(long(unit));
    expect(shown(long("uno "))).toBe(`${PHONE} `);
    expect(shown(`${long("a.")}com`)).toBe(LINK);
  });
});
