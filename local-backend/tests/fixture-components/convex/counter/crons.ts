// A component's own cron: it runs in the component, on the component's data.
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();
crons.interval("tick", { seconds: 1 }, internal.lib.tick, {});
export default crons;
