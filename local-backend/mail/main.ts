// `MAIL_CATCHER_API_KEY=KEY node --import tsx local-backend/mail/main.ts --data-dir DIR [--port N]`
// The API key the app's Resend SDK sends, and optionally the mailbox's access token
// (MAIL_CATCHER_ACCESS_TOKEN; random otherwise), come through the environment, never the command line
// (`ps` shows it to everyone). Prints one ready line, `MAIL_CATCHER_READY {"url":…,"mailboxUrl":…}`,
// for the process that started it; `mailboxUrl` carries the access token.
import { parseArgs } from "node:util";
import { startMailCatcher } from "./mailCatcher.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    port: { type: "string", default: "0" },
  },
});
const apiKey = process.env.MAIL_CATCHER_API_KEY;
if (!values["data-dir"] || !apiKey) {
  console.error("Uso: MAIL_CATCHER_API_KEY=chiave main.ts --data-dir DIR [--port N]");
  process.exit(2);
}
const catcher = await startMailCatcher({
  dataDir: values["data-dir"],
  port: Number(values.port),
  apiKey,
  accessToken: process.env.MAIL_CATCHER_ACCESS_TOKEN || undefined,
});
console.log(`MAIL_CATCHER_READY ${JSON.stringify({ url: catcher.url, mailboxUrl: catcher.mailboxUrl })}`);
const stop = () => void catcher.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
