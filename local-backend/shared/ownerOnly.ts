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

/** Replaces `file` whole, owner-only: written beside it, fsynced, renamed, so a crash leaves the old or the new. */
export function replaceFileDurably(file: string, contents: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, "w", OWNER_ONLY_FILE);
  try {
    fs.writeSync(fd, contents);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}
