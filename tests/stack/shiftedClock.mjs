// Preloaded (NODE_OPTIONS=--import) into a stand-in a fault test starts: its clock runs as far ahead of the real
// one as the number in the file ARCANO_TEST_CLOCK_FILE says, read again every 50 ms, so it moves with the
// embedded backend's test clock (LOCAL_BACKEND_TEST_CLOCK_OFFSET_MS) and Stripe's signed webhooks stay in tolerance.
import { readFileSync } from "node:fs";

const file = process.env.ARCANO_TEST_CLOCK_FILE;
if (file) {
  const realNow = Date.now.bind(Date);
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, "utf8")) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 50).unref();
  Date.now = () => realNow() + offset;
}
