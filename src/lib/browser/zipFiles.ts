// A ZIP archive of a few files, made in the browser (the admin's month of commission invoices): stored, not
// compressed — the XML and PDF files are small and the archive only gathers them. The layout follows PKWARE's
// APPNOTE.TXT: each file's local header (4.3.7) and bytes, the central directory (4.3.12), its end record
// (4.3.16). Names are UTF-8 (general purpose flag bit 11); no ZIP64, so at most 65 535 files under 4 GiB.

/** CRC-32 as ZIP has it (APPNOTE 4.4.7): polynomial 0xEDB88320, reflected, starting and ending inverted. */
const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The MS-DOS time and date fields (APPNOTE 4.4.6) of a local wall-clock instant, years 1980 to 2107. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
/** 1.0: stored files need nothing newer to extract (APPNOTE 4.4.3.2). */
const VERSION_NEEDED = 10;
/**
 * Made on Unix (upper byte 3), APPNOTE 2.0: Info-ZIP's unzip reads the names of an MS-DOS-made archive as code
 * page 437 whatever bit 11 says, so "più" would come out garbled; Unix also lets the files' modes say rw-r--r--.
 */
const VERSION_MADE_BY = (3 << 8) | 20;
/** A regular file, rw-r--r--, in the external attributes' upper 16 bits (Unix mode). */
const REGULAR_FILE = 0o100644 * 0x10000;
/** Bit 11: the name is UTF-8. */
const UTF8_NAMES = 0x0800;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

/** The archive of `files`, in their order, each dated `modifiedAt` (the machine's local time, as ZIP tools read it). */
export function zipFiles(files: Array<{ name: string; bytes: Uint8Array }>, modifiedAt: Date = new Date()): Uint8Array<ArrayBuffer> {
  if (files.length > MAX_16) throw new Error(`too many files for a ZIP without ZIP64: ${files.length}`);
  const { time, date } = dosDateTime(modifiedAt);
  const encoder = new TextEncoder();
  const entries = files.map(({ name, bytes }) => {
    const nameBytes = encoder.encode(name);
    if (nameBytes.length > MAX_16) throw new Error(`file name too long: ${name}`);
    return { nameBytes, bytes, crc: crc32(bytes) };
  });
  const localSize = entries.reduce((sum, entry) => sum + LOCAL_HEADER + entry.nameBytes.length + entry.bytes.length, 0);
  const centralSize = entries.reduce((sum, entry) => sum + CENTRAL_HEADER + entry.nameBytes.length, 0);
  if (localSize > MAX_32 || centralSize > MAX_32) throw new Error("archive too large for a ZIP without ZIP64");

  const archive = new Uint8Array(localSize + centralSize + END_RECORD);
  const view = new DataView(archive.buffer);
  let at = 0;
  const u16 = (value: number) => {
    view.setUint16(at, value, true);
    at += 2;
  };
  const u32 = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };
  const put = (bytes: Uint8Array) => {
    archive.set(bytes, at);
    at += bytes.length;
  };
  /** The fields local and central headers share, from "version needed to extract" to "extra field length". */
  const common = (entry: (typeof entries)[number]) => {
    u16(VERSION_NEEDED);
    u16(UTF8_NAMES);
    u16(0); // stored
    u16(time);
    u16(date);
    u32(entry.crc);
    u32(entry.bytes.length); // compressed size: the same, stored
    u32(entry.bytes.length);
    u16(entry.nameBytes.length);
    u16(0); // no extra field
  };

  const offsets: number[] = [];
  for (const entry of entries) {
    offsets.push(at);
    u32(0x04034b50);
    common(entry);
    put(entry.nameBytes);
    put(entry.bytes);
  }
  const centralStart = at;
  entries.forEach((entry, index) => {
    u32(0x02014b50);
    u16(VERSION_MADE_BY);
    common(entry);
    u16(0); // no comment
    u16(0); // disk number start
    u16(0); // internal attributes
    u32(REGULAR_FILE); // external attributes
    u32(offsets[index]!);
    put(entry.nameBytes);
  });
  u32(0x06054b50);
  u16(0); // this disk
  u16(0); // the disk where the central directory starts
  u16(entries.length);
  u16(entries.length);
  u32(centralSize);
  u32(centralStart);
  u16(0); // no archive comment
  return archive;
}
