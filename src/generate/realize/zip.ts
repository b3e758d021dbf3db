/**
 * @module A deterministic zip writer that lays files out exactly as JSZip 3.10 `generateAsync({ compression: "DEFLATE",
 * platform: "UNIX" })` does (pako raw DEFLATE at the default level, fed in JSZip's 16 KiB chunks), so a DOCX is the same
 * bytes as before without JSZip's streaming machinery; an entry compressed once can be reused in every archive.
 */
import { deflate, deflateInit2, deflateReset } from "pako/lib/zlib/deflate.js";
import ZStream from "pako/lib/zlib/zstream.js";

/** A file's DEFLATE stream with what the zip headers record about it. */
export type ZipEntry = { name: string; crc32: number; size: number; compressed: Uint8Array };

/** JSZip's DataWorker reads its input in blocks of this size and pushes each into pako (lib/stream/DataWorker.js). */
const JSZIP_BLOCK = 16 * 1024;
/** JSZip's default for files (0100664) in the high half of the external attributes, with platform UNIX. */
const UNIX_FILE_ATTRIBUTES = 0x81b4 << 16;
/** Version made by: UNIX (3), spec 3.0 (30) — as JSZip writes it. */
const VERSION_MADE_BY = 0x031e;

/** The zlib flush modes and return codes pako's port uses (lib/zlib/constants.js). */
const Z = { NO_FLUSH: 0, FINISH: 4, OK: 0, STREAM_END: 1 } as const;
/** pako.Deflate's output buffer size (its `chunkSize`). */
const OUT_CHUNK = 16 * 1024;
let stream: ZStream | undefined;

/**
 * Raw DEFLATE at the default level with the calls `new pako.Deflate({ raw: true })` and its `push` make, input in
 * JSZip's blocks, on one zlib stream reset per file (deflateReset leaves it as deflateInit2 made it) instead of a new
 * 200 KB one, which was most of the cost for a small file.
 */
function deflateRaw(data: Uint8Array): Uint8Array {
  const fail = (status: number) => new Error(`zip: deflate failed (${status}: ${stream?.msg})`);
  let status: number;
  if (!stream) {
    stream = new ZStream();
    status = deflateInit2(stream, -1, 8, -15, 8, 0); // level default, DEFLATE, raw 32 KB window, memLevel 8, default strategy
  } else status = deflateReset(stream);
  if (status !== Z.OK) throw fail(status);
  const s = stream;
  const out: Uint8Array[] = [];
  s.avail_out = 0;
  const push = (input: Uint8Array, flush: number) => {
    s.input = input;
    s.next_in = 0;
    s.avail_in = input.length;
    do {
      if (s.avail_out === 0) {
        s.output = new Uint8Array(OUT_CHUNK);
        s.next_out = 0;
        s.avail_out = OUT_CHUNK;
      }
      status = deflate(s, flush);
      if (status !== Z.OK && status !== Z.STREAM_END) throw fail(status);
      if (s.avail_out === 0 || (s.avail_in === 0 && flush === Z.FINISH))
        out.push(s.output.subarray(0, s.next_out));
    } while ((s.avail_in > 0 || s.avail_out === 0) && status !== Z.STREAM_END);
  };
  for (let start = 0; start < data.length; start += JSZIP_BLOCK)
    push(data.subarray(start, start + JSZIP_BLOCK), Z.NO_FLUSH);
  push(new Uint8Array(0), Z.FINISH);
  return Buffer.concat(out);
}

/** Compress one file as JSZip would: raw DEFLATE, default level, CRC-32 of the uncompressed bytes. */
export function deflateEntry(name: string, data: Uint8Array): ZipEntry {
  if (/[^\x20-\x7e]/.test(name)) throw new Error(`zip: entry name "${name}" must be printable ASCII`);
  return { name, crc32: Bun.hash.crc32(data), size: data.length, compressed: deflateRaw(data) };
}

/** DOS time and date words of `date` in UTC (JSZip reads the UTC fields). */
function dosStamp(date: Date): { time: number; day: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() / 2),
    day: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/** The archive of `entries`, in the order given, every entry stamped with `date`. */
export function zipArchive(entries: readonly ZipEntry[], date: Date): Uint8Array {
  const { time, day } = dosStamp(date);
  const names = entries.map((e) => new TextEncoder().encode(e.name));
  const localSize = entries.reduce((n, e, i) => n + 30 + names[i]!.length + e.compressed.length, 0);
  const centralSize = names.reduce((n, name) => n + 46 + name.length, 0);
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (v: number) => {
    view.setUint16(at, v, true);
    at += 2;
  };
  const u32 = (v: number) => {
    view.setUint32(at, v >>> 0, true);
    at += 4;
  };
  const bytes = (b: Uint8Array) => {
    out.set(b, at);
    at += b.length;
  };
  // the fields the local header and the central record share, from "version needed" to "extra field length"
  const common = (e: ZipEntry, name: Uint8Array) => {
    u16(10); // version needed to extract: 1.0
    u16(0); // flags: sizes known up front, ASCII name
    u16(8); // DEFLATE
    u16(time);
    u16(day);
    u32(e.crc32);
    u32(e.compressed.length);
    u32(e.size);
    u16(name.length);
    u16(0); // no extra field
  };
  const offsets: number[] = [];
  entries.forEach((e, i) => {
    offsets.push(at);
    u32(0x04034b50);
    common(e, names[i]!);
    bytes(names[i]!);
    bytes(e.compressed);
  });
  entries.forEach((e, i) => {
    u32(0x02014b50);
    u16(VERSION_MADE_BY);
    common(e, names[i]!);
    u16(0); // comment length
    u16(0); // disk number
    u16(0); // internal attributes
    u32(UNIX_FILE_ATTRIBUTES);
    u32(offsets[i]!);
    bytes(names[i]!);
  });
  u32(0x06054b50);
  u16(0);
  u16(0);
  u16(entries.length);
  u16(entries.length);
  u32(centralSize);
  u32(localSize);
  u16(0);
  return out;
}
