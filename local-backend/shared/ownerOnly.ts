// What the local stand-ins keep on disk (emails with reset codes, payments, the database, keys) is readable
// by the person who ran them only: folders 0700, files 0600.
import fs from "node:fs";

/** The mode every data file is created with. */
export const OWNER_ONLY_FILE = 0o600;

/** Creates `dir` (and its parents) owner-only, and makes an existing one owner-only too. */
export function ownerOnlyDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}
