// Who is asking, for the limits against abuse (docs/product-rules.md, "Limits against abuse"): the network origin a
// request came from, and the mailbox an address really reaches. Pure: the HTTP action and the mutations
// that count limits call these.

/** How long an origin pass (the proof of where a request came from) stays usable. */
export const ORIGIN_PASS_MINUTES = 15;

/** Passes are 32 characters; anything much longer is not one. */
export const MAX_ORIGIN_PASS_LENGTH = 100;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(address) || address.split("::").length > 2) return null;
  const [head, tail = null] = address.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const headParts = parse(head);
  const tailParts = tail === null ? [] : parse(tail);
  // An embedded IPv4 (::ffff:203.0.113.7) is two groups.
  const expand = (parts: string[]) =>
    parts.flatMap((part) => {
      const v4 = IPV4.exec(part);
      if (v4 === null) return [part];
      const [a, b, c, d] = v4.slice(1).map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const first = expand(headParts);
  const last = expand(tailParts);
  const missing = 8 - first.length - last.length;
  if (tail === null ? missing !== 0 : missing < 1) return null;
  const groups = [...first, ...Array<string>(tail === null ? 0 : missing).fill("0"), ...last];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/** The machine itself (loopback): the developer and the tests, never limited per origin. */
export const LOOPBACK_ORIGIN = "loopback";

/** The address part of a header entry: without brackets, and without a port when the proxy wrote one. */
function bareAddress(entry: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(entry);
  if (bracketed !== null) return bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return withPort !== null ? withPort[1] : entry;
}

/**
 * The origin a client address counts under: `LOOPBACK_ORIGIN` for the machine itself, null when the
 * entry is not an address at all. IPv4 counts per address; IPv6 per /64, the block one subscriber
 * gets, so rotating addresses inside it gains nothing.
 */
export function originOfAddress(raw: string | null): string | null {
  // The caller may send X-Forwarded-For itself and the proxy appends the peer it saw: only the last
  // entry is the proxy's word. A single-value header (CLIENT_ADDRESS_HEADER) is its own last entry.
  const address = bareAddress(raw?.split(",").at(-1)?.trim() ?? "");
  const v4 = IPV4.exec(address);
  if (v4 !== null) {
    const octets = v4.slice(1).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    return octets[0] === 127 ? LOOPBACK_ORIGIN : `ipv4:${octets.join(".")}`;
  }
  const groups = ipv6Groups(address);
  if (groups === null) return null;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return LOOPBACK_ORIGIN; // ::1
  // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return originOfAddress([groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join("."));
  }
  return `ipv6:${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** Mail providers that ignore dots in the local part. */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches, for counting limits: `Spam+1@Example.com` and `spam@example.com` are
 * one mailbox, as are Gmail's dotted spellings. Only limits use it; the address is stored as typed.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  let local = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  local = local.split("+")[0];
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
