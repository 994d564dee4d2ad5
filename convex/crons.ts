// Scheduled housekeeping. Each job is an internal function, safe to run twice.
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

crons.hourly("remove unattached uploads", { minuteUTC: 17 }, internal.uploads.removeUnattached, {});

export default crons;
