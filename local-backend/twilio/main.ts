// `node --import tsx local-backend/twilio/main.ts --data-dir DIR --voice-url URL [--port 3214]`
// The secrets come through the environment, never the command line: TWILIO_STANDIN_ACCOUNT_SID (AC…),
// TWILIO_STANDIN_API_KEY_SID (SK…), TWILIO_STANDIN_API_KEY_SECRET, TWILIO_STANDIN_AUTH_TOKEN and
// TWILIO_STANDIN_TWIML_APP_SID (AP…), random when unset. Prints one ready line for the process that started it,
// `TWILIO_STANDIN_READY {"url":…,"port":…,"spki":…,"accountSid":…,…}`, and writes the same to DIR/standin.json
// (mode 600) for the browser tests.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { newSid } from "./gateway.ts";
import { startTwilioStandIn } from "./standIn.ts";

const { values } = parseArgs({
  options: { "data-dir": { type: "string" }, port: { type: "string", default: "3214" }, "voice-url": { type: "string" } },
});
if (!values["data-dir"] || !values["voice-url"]) {
  console.error("Uso: [TWILIO_STANDIN_…=…] main.ts --data-dir DIR --voice-url URL [--port N]");
  process.exit(2);
}
const keys = {
  accountSid: process.env.TWILIO_STANDIN_ACCOUNT_SID || newSid("AC"),
  apiKeySid: process.env.TWILIO_STANDIN_API_KEY_SID || newSid("SK"),
  apiKeySecret: process.env.TWILIO_STANDIN_API_KEY_SECRET || randomBytes(24).toString("base64url"),
  authToken: process.env.TWILIO_STANDIN_AUTH_TOKEN || randomBytes(16).toString("hex"),
  appSid: process.env.TWILIO_STANDIN_TWIML_APP_SID || newSid("AP"),
};
const standIn = await startTwilioStandIn({ ...keys, dataDir: values["data-dir"], port: Number(values.port), voiceUrl: values["voice-url"] });
const ready = { url: standIn.url, port: standIn.port, spki: standIn.spki, ...keys };
fs.writeFileSync(path.join(values["data-dir"], "standin.json"), JSON.stringify(ready), { mode: 0o600 });
console.log(`TWILIO_STANDIN_READY ${JSON.stringify(ready)}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
