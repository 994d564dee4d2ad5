// `node --import tsx local-backend/mail/main.ts --data-dir DIR --port N --api-key KEY`
// Prints one ready line, `MAIL_CATCHER_READY {"url":...}`, for the process that started it.
import { parseArgs } from "node:util";
import { startMailCatcher } from "./mailCatcher.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    port: { type: "string", default: "0" },
    "api-key": { type: "string" },
  },
});
if (!values["data-dir"] || !values["api-key"]) {
  console.error("Uso: main.ts --data-dir DIR --api-key KEY [--port N]");
  process.exit(2);
}
const catcher = await startMailCatcher({
  dataDir: values["data-dir"],
  port: Number(values.port),
  apiKey: values["api-key"],
});
console.log(`MAIL_CATCHER_READY ${JSON.stringify({ url: catcher.url })}`);
const stop = () => void catcher.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
