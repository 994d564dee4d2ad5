// Signs tokens for the fixture's custom JWT provider (see fixture/convex/auth.config.ts), with the
// header and claims a test asks for: a missing kid, an issue time in the future, another issuer.
import { SignJWT, importPKCS8 } from "jose";

// A throwaway key made for these tests; its public half is the provider's JWKS in auth.config.ts.
const PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDtHfUNOA9DoD2U
EfsNrpexoPzJvfkL3uR0u5cYheCEza6tjx6BW9I++0qtZJqXICNtCay2JwH2vpA0
cZCg0aXKcC2Fzvn1h7FsFRP3RvVa7sRzCwP2/j/f4Nm4ZH+sTeCl4Od8VYmzC/QH
nNBYCXjyv9WMjvfmA4Ck70P2iqFNWU/X9NnNmS88nKXY7Pjbm/1qRt+WNzC03Ddb
BsPobzQSSTI6/f++e6qxVbbOFbsZ0eVhaINwFd6RABlkkMqaAiSYAgOzkBEp1sjg
RXQQCnrmlGOMzK8mLVk1K64otvZ232mXE6GqQOq5Zc8QFK9c2x1mbewvnchQvupm
67oHCEOJAgMBAAECggEAB8LAP4ODNGJtQYhpICSDwIOVYoD+Qr4z2gI9ysau94nH
2tRhWjiIJBmTcyNkz+d0YWA8r+WM8eeAzsacxja2Z27Ofp+snLWpP/Fcqu4+n5BL
C7zjj1T5ADnaxmc7qocOAD/hM7eU/zA393vRceA1fjR7J9OSF4wrzLosDkixSNfA
XNxd9TcHBFFjx2X1tQkzGaTWBrkdS6yYf/hN7i8O3zqdUXwPBGwXWUxHXdpChZYn
4Icw/C+v3bUGXHpc/QqB8a/SbdSSaDJDA57jhHcVwQ2DjezuxDRfk1V/LQEU9r5Z
UI5FUiXfwnVKFMf0QkWCQVx8LyH9wjTDaMIVg+j/xQKBgQD6wADklMSi3Raf+Mbq
YhC7nWkg+1N+EQTTxpGBvxREms2BomJ4ZKYitesVZFzQzB9yMIgc9zDPNRGAh4sd
CW/IAOfPZne401v5+LnUR/Wthcj0EFvC02/Hi5Nx58pYj/OjOhVeDvPU8GQvsglp
87YXkn6JkVFCxOTKMrVoY+GYKwKBgQDyFOHWuA5ndB9A28OVGVx05kt2z4E76iZg
Sj9TSg7JAKytH4tbX6tPPuRnohlNnmoR9ekrtVLacPM+Voz2UX9ElAb5vjx6nj86
kd2ZafazWAzifAZh+7g5f+8PMysomr12DcvLfkbFTjEtgGlucHPZNR1jYUqgBJG6
VqUKYz0lGwKBgHfcFdEt57yuECWRxou9KqB0Aw+381YcjoEott8dVnPgx4FC/Ozt
t5h5+xBztAY+vH1aA4ZNBrDVfjNBF1de7mbdP/Gc2nen2Jxpr3Jwn1g9ziwUMbi0
Vwc8idN15/xjeyO4HQSkAxvzeQBvix5xV8Z2yTO7GevfsDmS+bIXpHuXAoGBAI7W
DW8RCMa3+JzfTqaR4UDEhXBj/V/px5z3EihFwTWOZVR9EU/nwf+vHzuapI1s1C8m
xt7YTTvAe3WjweawrYQ8R2VifvLmnm4jlPopULv/TxLvlSCJUujyeI6iZWu+6d1X
RJEcQAu5GEE9zHeyeFiIA4AY7tw99fJZn2XiqjhTAoGAZsdVapPp9ehJTjsZGNSO
ZhwKZawgXY5UC59M/EztooD4xJ9wQ/WLAQSo9prXEcn0XLq9k2hHJSkGcxsRRM40
q7TSFkAhk6Ys7ywdPheK9JliHzNO924qAx2hzb61cClHnk52nh2DAiqlkQ1j2xrT
v+cUpGulGTSZnElvzDMZXXU=
-----END PRIVATE KEY-----`;

const CUSTOM_ISSUER = "https://issuer.example.test";
const CUSTOM_AUDIENCE = "arcano-test";

export async function customJwt(opts: {
  kid?: string | null;
  issuer?: string;
  audience?: string;
  /** Seconds from now (negative: in the past). */
  issuedIn?: number;
  expiresIn?: number;
  claims?: Record<string, unknown>;
} = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const kid = opts.kid === undefined ? "local-test-key" : opts.kid;
  return await new SignJWT(opts.claims ?? {})
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(kid === null ? {} : { kid }) })
    .setIssuer(opts.issuer ?? CUSTOM_ISSUER)
    .setAudience(opts.audience ?? CUSTOM_AUDIENCE)
    .setSubject("custom-user")
    .setIssuedAt(now + (opts.issuedIn ?? -10))
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(await importPKCS8(PRIVATE_KEY, "RS256"));
}
