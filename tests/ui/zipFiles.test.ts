// The browser's ZIP writer (src/lib/browser/zipFiles.ts), read back: by a small parser of the end record, the
// central directory and the local headers written from PKWARE's APPNOTE here, and by Info-ZIP's `unzip` when the
// machine has it (it checks every CRC and extracts the bytes).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { crc32, zipFiles } from "@/lib/browser/zipFiles";

const text = (value: string) => new TextEncoder().encode(value);

type ReadEntry = { name: string; flags: number; method: number; time: number; date: number; crc: number; bytes: Uint8Array };

/** The archive's files as its central directory lists them, each checked against its local header. */
function readZip(archive: Uint8Array): ReadEntry[] {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  // No archive comment: the end record is the last 22 bytes.
  const end = archive.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  expect(view.getUint16(end + 8, true)).toBe(count);
  const centralSize = view.getUint32(end + 12, true);
  const centralStart = view.getUint32(end + 16, true);
  expect(centralStart + centralSize).toBe(end);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const entries: ReadEntry[] = [];
  let at = centralStart;
  for (let index = 0; index < count; index++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const time = view.getUint16(at + 12, true);
    const date = view.getUint16(at + 14, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const nameBytes = archive.subarray(at + 46, at + 46 + nameLength);
    expect(view.getUint16(at + 4, true) >> 8).toBe(3); // made on Unix
    expect(view.getUint32(at + 38, true) >>> 16).toBe(0o100644);
    expect(compressedSize).toBe(size);

    // The local header says the same, and the bytes follow it.
    expect(view.getUint32(localOffset, true)).toBe(0x04034b50);
    expect(view.getUint16(localOffset + 6, true)).toBe(flags);
    expect(view.getUint16(localOffset + 8, true)).toBe(method);
    expect(view.getUint32(localOffset + 14, true)).toBe(crc);
    expect(view.getUint32(localOffset + 18, true)).toBe(compressedSize);
    expect(view.getUint32(localOffset + 22, true)).toBe(size);
    const localNameLength = view.getUint16(localOffset + 26, true);
    const localExtraLength = view.getUint16(localOffset + 28, true);
    expect(archive.subarray(localOffset + 30, localOffset + 30 + localNameLength)).toEqual(nameBytes);
    const dataStart = localOffset + 30 + localNameLength + localExtraLength;
    entries.push({ name: decoder.decode(nameBytes), flags, method, time, date, crc, bytes: archive.subarray(dataStart, dataStart + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  expect(at).toBe(end);
  return entries;
}

const files = [
  { name: "IT12345678901_00A01.xml", bytes: text('<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12"/>\n') },
  { name: "fattura-FC2026-0001.pdf", bytes: new Uint8Array(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256)) },
  { name: "nota-di-credito-NCC2026-0001 – più.pdf", bytes: text("%PDF-1.3 è") },
  { name: "vuoto.txt", bytes: new Uint8Array(0) },
];
// 14 November 2026, 09:41:37 local time: DOS time keeps seconds in twos.
const modifiedAt = new Date(2026, 10, 14, 9, 41, 37);

describe("the ZIP writer", () => {
  it("computes ZIP's CRC-32 (the standard check value of '123456789')", () => {
    expect(crc32(text("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(text("The quick brown fox jumps over the lazy dog"))).toBe(0x414fa339);
  });

  it("writes every file stored, in order, with its UTF-8 name, size, CRC and date", () => {
    const entries = readZip(zipFiles(files, modifiedAt));
    expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
    entries.forEach((entry, index) => {
      expect(entry.method).toBe(0);
      expect(entry.flags).toBe(0x0800);
      expect(entry.bytes).toEqual(files[index]!.bytes);
      expect(entry.crc).toBe(crc32(files[index]!.bytes));
      expect(entry.time).toBe((9 << 11) | (41 << 5) | 18);
      expect(entry.date).toBe(((2026 - 1980) << 9) | (11 << 5) | 14);
    });
  });

  it("writes an empty archive as its end record alone", () => {
    const archive = zipFiles([], modifiedAt);
    expect(archive).toHaveLength(22);
    expect(readZip(archive)).toEqual([]);
  });

  describe("read by Info-ZIP's unzip", () => {
    const hasUnzip = (() => {
      try {
        execFileSync("unzip", ["-v"], { stdio: "ignore" });
        return true;
      } catch {
        return false;
      }
    })();
    const folder = mkdtempSync(join(tmpdir(), "zip-files-"));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it.skipIf(!hasUnzip)("tests every CRC, lists the names and extracts the bytes", () => {
      const path = join(folder, "fatture-commissione-2026-11.zip");
      writeFileSync(path, zipFiles(files, modifiedAt));
      expect(execFileSync("unzip", ["-t", path], { encoding: "utf8" })).toContain("No errors detected");
      expect(execFileSync("unzip", ["-Z1", path], { encoding: "utf8" }).trim().split("\n")).toEqual(files.map((file) => file.name));
      for (const file of files) expect(new Uint8Array(execFileSync("unzip", ["-p", path, file.name]))).toEqual(file.bytes);
    });
  });
});
