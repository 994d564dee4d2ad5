// Requests to the application's webhooks, as Twilio makes them: form-encoded, signed with the account's auth
// token (X-Twilio-Signature over the URL and the sorted fields, computed by twilio-node's own function).
import twilio from "twilio";

type WebhookResult = { status: number; body: string } | { status: 0; body: string; error: string };

/** RFC 2822 in UTC, the way Twilio writes a callback's Timestamp. */
export const twilioTimestamp = (ms: number) => new Date(ms).toUTCString().replace("GMT", "+0000");

export async function postSigned(
  authToken: string,
  url: string,
  params: Record<string, string>,
  method: "GET" | "POST" = "POST",
): Promise<WebhookResult> {
  const target = method === "GET" ? `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams(params)}` : url;
  const signature = twilio.getExpectedTwilioSignature(authToken, target, method === "GET" ? {} : params);
  try {
    const response = await fetch(target, {
      method,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": signature,
        "user-agent": "TwilioProxy/1.1",
        "i-twilio-idempotency-token": crypto.randomUUID(),
      },
      body: method === "POST" ? new URLSearchParams(params).toString() : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: "", error: error instanceof Error ? error.message : String(error) };
  }
}
