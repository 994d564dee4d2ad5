// The deployment's environment variables, as `npx convex env` sees them: the ones set with the CLI (or
// handed over at start in LOCAL_BACKEND_ENV, as `npm start` does), kept in the data folder so they outlive
// a restart, and applied to `process.env`, where the functions read them. Variables the process merely
// inherited are readable by the functions (one process, see docs) but are not the deployment's.
import fs from "node:fs";
import path from "node:path";
import { replaceFileDurably } from "../../shared/ownerOnly.ts";

/** Convex's rule for a variable's name (at most 40 characters, a letter or `_` first). */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
/** Convex's limit on a value: 8 KiB. */
const ENV_VALUE_MAX_BYTES = 8192;

type EnvironmentChange = { name: string; value?: string };

export class DeploymentEnvironment {
  private readonly file: string;
  private readonly vars = new Map<string, string>();
  /** Names handed over at the last start (LOCAL_BACKEND_ENV): the next start's set replaces them. */
  private handed = new Set<string>();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, "environment.json");
    try {
      const stored = JSON.parse(fs.readFileSync(this.file, "utf8")) as { vars: Record<string, string>; handed: string[] };
      for (const [name, value] of Object.entries(stored.vars)) this.vars.set(name, value);
      this.handed = new Set(stored.handed);
    } catch {
      // None set yet.
    }
    const handedNow = process.env.LOCAL_BACKEND_ENV;
    delete process.env.LOCAL_BACKEND_ENV;
    if (handedNow) {
      const given = JSON.parse(handedNow) as Record<string, string>;
      // A variable the last start handed over and this one does not (say, Twilio's without --twilio) is gone.
      for (const name of this.handed) if (!(name in given)) this.vars.delete(name);
      for (const [name, value] of Object.entries(given)) this.vars.set(name, value);
      this.handed = new Set(Object.keys(given));
      this.save();
    }
    for (const [name, value] of this.vars) process.env[name] = value;
  }

  /** Sorted by name, as `npx convex env list` prints them. */
  list(): Array<{ name: string; value: string }> {
    return [...this.vars].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, value]) => ({ name, value }));
  }

  record(): Record<string, string> {
    return Object.fromEntries(this.list().map(({ name, value }) => [name, value]));
  }

  /** Applies every change or none (a bad one is named), then keeps them on disk before answering. */
  update(changes: EnvironmentChange[]): void {
    for (const { name, value } of changes) {
      if (!ENV_NAME.test(name)) throw new EnvironmentError(`Invalid environment variable name: ${JSON.stringify(name)}`);
      if (value !== undefined && Buffer.byteLength(value) > ENV_VALUE_MAX_BYTES)
        throw new EnvironmentError(`Environment variable ${name} is too large: at most ${ENV_VALUE_MAX_BYTES} bytes`);
    }
    for (const { name, value } of changes) {
      // Set by hand now: a later start's handover leaves it alone.
      this.handed.delete(name);
      if (value === undefined) {
        this.vars.delete(name);
        delete process.env[name];
      } else {
        this.vars.set(name, value);
        process.env[name] = value;
      }
    }
    this.save();
  }

  private save(): void {
    replaceFileDurably(this.file, JSON.stringify({ vars: Object.fromEntries(this.vars), handed: [...this.handed] }));
  }
}

export class EnvironmentError extends Error {}
