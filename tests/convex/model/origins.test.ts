// Who is asking, for the limits: network origins and mailboxes (convex/model/origins.ts).
import { describe, expect, it } from "vitest";
import { LOOPBACK_ORIGIN, mailboxOf, originOfAddress } from "../../../convex/model/origins";

describe("originOfAddress", () => {
  it("counts IPv4 per address", () => {
    expect(originOfAddress("203.0.113.7")).toBe("ipv4:203.0.113.7");
  });

  it("takes the address the deployment's proxy added, the last entry, never one the caller wrote before it", () => {
    for (const forged of ["127.0.0.1", "::1", "unknown", "sconosciuto", "198.51.100.1", "10.0.0.1", "", "2001:db8:9::1"]) {
      expect(originOfAddress(`${forged}, 203.0.113.7`)).toBe("ipv4:203.0.113.7");
      expect(originOfAddress(`${forged},203.0.113.7`)).toBe("ipv4:203.0.113.7");
    }
    expect(originOfAddress("203.0.113.7, 127.0.0.1")).toBe(LOOPBACK_ORIGIN);
    expect(originOfAddress("203.0.113.7, unknown")).toBeNull();
  });

  it("reads an address the proxy wrote with its port as the address", () => {
    expect(originOfAddress("203.0.113.7:4711")).toBe("ipv4:203.0.113.7");
    expect(originOfAddress("[2001:db8:1:2::9]:443")).toBe("ipv6:2001:db8:1:2::/64");
  });

  it("counts IPv6 per /64, however the address is written", () => {
    const a = originOfAddress("2001:db8:1:2:aaaa::1");
    expect(a).toBe("ipv6:2001:db8:1:2::/64");
    expect(originOfAddress("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(a);
    expect(originOfAddress("[2001:db8:1:2::9]")).toBe(a);
    expect(originOfAddress("2001:db8:1:3::1")).not.toBe(a);
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(originOfAddress("::ffff:203.0.113.7")).toBe("ipv4:203.0.113.7");
  });

  it("names loopback (the machine itself) apart, and has no origin for what is not an address", () => {
    for (const raw of ["127.0.0.1", "127.9.9.9", "::1", "[::1]:5173"]) expect(originOfAddress(raw)).toBe(LOOPBACK_ORIGIN);
    for (const raw of [null, "", "unknown", "sconosciuto", "300.1.1.1", "1:2:3", "1::2::3", "203.0.113.7:x"]) {
      expect(originOfAddress(raw)).toBeNull();
    }
  });
});

describe("mailboxOf", () => {
  it("reads plus-tags and case as one mailbox", () => {
    expect(mailboxOf("Spam+42@Esempio.it")).toBe("spam@esempio.it");
    expect(mailboxOf("spam@esempio.it")).toBe("spam@esempio.it");
  });

  it("ignores the dots of Gmail addresses, on either of its domains, and only there", () => {
    expect(mailboxOf("ma.rio.ros.si+x@googlemail.com")).toBe("mariorossi@gmail.com");
    expect(mailboxOf("mario.rossi@esempio.it")).toBe("mario.rossi@esempio.it");
  });
});
