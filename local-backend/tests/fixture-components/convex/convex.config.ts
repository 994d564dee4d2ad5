// Components from npm (a rate limiter; a workpool, which mounts a component of its own) and one defined here.
import { defineApp } from "convex/server";
import workpool from "@convex-dev/workpool/convex.config";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import counter from "./counter/convex.config";

const app = defineApp();
app.use(workpool, { name: "jobs" });
app.use(rateLimiter);
app.use(counter, { env: { GREETING: "ciao" } });
export default app;
