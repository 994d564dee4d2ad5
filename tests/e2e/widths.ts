// The widths a journey is proven at: the desktop project's 1280 × 720 and a 360 × 740 phone with touch.
// A journey checked at both runs in one spec, once per width (`for (const width of WIDTHS)`); checks that only
// a phone needs sit in the spec of their page, in a `test.describe` that uses PHONE.
export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true };

export const WIDTHS = [
  { name: "at 1280 px", use: {} },
  { name: "at 360 px", use: PHONE },
] as const;
