// Ids kept apart as Convex keeps them: `db.get/patch/replace/delete` serve user tables only, `db.system.get`
// system tables only, and storage calls take `_storage` ids only, each refused with Convex's words.
import { tableNameFromId } from "./internals.ts";

/** Throws unless `id` names a table of the kind the caller may reach (`db.system` or not). */
export function checkIdTable(id: unknown, isSystem: boolean): void {
  if (typeof id !== "string") return;
  const table = tableNameFromId(id);
  if (table === null) return;
  const system = table.startsWith("_");
  if (system && !isSystem) throw new Error("System tables can only be accessed with db.system.");
  if (!system && isSystem) throw new Error("User tables cannot be accessed with db.system.");
}

/** Throws Convex's error unless `id` is a `_storage` id. */
export function storageIdProblem(id: unknown, method: string): void {
  if (typeof id === "string" && tableNameFromId(id) === "_storage") return;
  throw new Error(`Invalid argument \`storageId\` for \`${method}\`: Invalid storage ID: ${JSON.stringify(id)}`);
}

export function sha256Hex(base64: string): string {
  return Buffer.from(base64, "base64").toString("hex");
}
