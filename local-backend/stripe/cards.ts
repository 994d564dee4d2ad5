// The hosted page's card form, checked with Stripe's test-card rules: 4242… pays, 0002 is declined,
// 9995 has insufficient funds, any other number passing the Luhn check pays. Messages are Italian.
export type CardForm = { email: string; cardNumber: string; expiry: string; cvc: string; name: string };
export type CardField = keyof CardForm;

export type CardCheck =
  | { ok: true; card: { last4: string; brand: string; expMonth: number; expYear: number } }
  | { ok: false; fieldErrors: Partial<Record<CardField, string>>; decline?: string };

const DECLINES: Record<string, string> = {
  "4000000000000002": "La carta è stata rifiutata.",
  "4000000000009995": "Fondi insufficienti sulla carta.",
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return "unknown";
}

export function checkCard(form: CardForm, now = new Date()): CardCheck {
  const fieldErrors: Partial<Record<CardField, string>> = {};
  const email = form.email.trim();
  if (!email) fieldErrors.email = "Inserisci la tua email.";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fieldErrors.email = "Inserisci un indirizzo email valido.";

  const digits = form.cardNumber.replace(/[\s-]/g, "");
  if (!digits) fieldErrors.cardNumber = "Inserisci il numero della carta.";
  else if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) fieldErrors.cardNumber = "Il numero della carta non è valido.";

  let expMonth = 0;
  let expYear = 0;
  const expiry = form.expiry.replace(/\s/g, "");
  const expiryMatch = expiry.match(/^(\d{1,2})\/?(\d{2})$/);
  if (!expiry) fieldErrors.expiry = "Inserisci la data di scadenza.";
  else if (!expiryMatch || Number(expiryMatch[1]) < 1 || Number(expiryMatch[1]) > 12) {
    fieldErrors.expiry = "La data di scadenza non è valida: usa il formato MM/AA.";
  } else {
    expMonth = Number(expiryMatch[1]);
    expYear = 2000 + Number(expiryMatch[2]);
    // A card is valid through the last day of its expiry month.
    if (expYear * 12 + expMonth < now.getFullYear() * 12 + now.getMonth() + 1) {
      fieldErrors.expiry = "La carta è scaduta: la data di scadenza è nel passato.";
    }
  }

  const cvc = form.cvc.trim();
  if (!cvc) fieldErrors.cvc = "Inserisci il codice CVC.";
  else if (!/^\d{3,4}$/.test(cvc)) fieldErrors.cvc = "Il codice CVC non è valido: servono 3 o 4 cifre.";

  if (!form.name.trim()) fieldErrors.name = "Inserisci il nome dell'intestatario della carta.";

  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const decline = DECLINES[digits];
  if (decline) return { ok: false, fieldErrors: {}, decline };
  return { ok: true, card: { last4: digits.slice(-4), brand: brandOf(digits), expMonth, expYear } };
}
