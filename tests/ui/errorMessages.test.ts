// The Italian error table (src/lib/errors.ts): a message with a limit in it says the server's limit.
import { describe, expect, it } from "vitest";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@convex/model/accounts";
import { errorMessages } from "@/lib/errors";

describe("limits in the error messages", () => {
  it("the password's, in the spec's words, are the server's", () => {
    expect(errorMessages.WEAK_PASSWORD).toBe(`La password deve essere di almeno ${MIN_PASSWORD_LENGTH} caratteri.`);
    expect(errorMessages.PASSWORD_TOO_LONG).toBe(`La password può avere al massimo ${MAX_PASSWORD_LENGTH} caratteri.`);
  });
});
