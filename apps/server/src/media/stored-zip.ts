import { crc32 } from 'node:zlib';

/**
 * The zip format for files kept as they are (method 0, "stored"): photos do not shrink, so a
 * delivery zip is its files' bytes between small headers. Each file's CRC-32 (the one recorded at
 * upload, or computed by zlib as its bytes pass) is written after them in a data descriptor, so a
 * file is read once and nothing is held back; the length is known from the names and sizes alone.
 * ZIP64 records are written only where a size, an offset or the count needs them (a file of 4 GB
 * or more, a zip past 4 GB or of 65,535 files and more).
 */

/** A file of a stored zip: exactly `size` bytes arrive from `data`. */
export interface StoredZipFile {
  name: string;
  mtime: Date;
  size: number;
  /** The CRC-32 of `data` when it is known already: not computed again. */
  crc32?: number | undefined;
  data: AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** A file of the zip did not hold the size it was announced with. */
export class ZipSizeMismatch extends Error {
  constructor(name: string, expected: number, got: number) {
    super(`${name} held ${got} bytes, not the ${expected} announced`);
    this.name = 'ZipSizeMismatch';
  }
}

const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
// Bit 3: the CRC-32 and sizes follow the data. Bit 11: names are UTF-8.
const FLAGS = 0x0808;
const VERSION = 20;
const VERSION_ZIP64 = 45;
// Made by Unix (3), spec 6.3: the external attributes carry the file's mode.
const MADE_BY = (3 << 8) | 63;
const REGULAR_FILE = (0o100644 << 16) >>> 0;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const ZIP64_END = 56 + 20;

interface Options {
  /** ZIP64 records on every file and at the end, whatever the sizes: lets tests read them. */
  forceZip64?: boolean;
}

const bigSize = (size: number, opts: Options) => opts.forceZip64 === true || size >= MAX32;
const bigOffset = (offset: number, opts: Options) => opts.forceZip64 === true || offset >= MAX32;

const localLength = (name: Buffer, size: number, opts: Options) => LOCAL_HEADER + name.length + (bigSize(size, opts) ? 20 : 0);
const descriptorLength = (size: number, opts: Options) => (bigSize(size, opts) ? 24 : 16);
const centralExtra = (size: number, offset: number, opts: Options) => (bigSize(size, opts) ? 16 : 0) + (bigOffset(offset, opts) ? 8 : 0);
const centralLength = (name: Buffer, size: number, offset: number, opts: Options) => {
  const extra = centralExtra(size, offset, opts);
  return CENTRAL_HEADER + name.length + (extra ? 4 + extra : 0);
};
const needsZip64End = (count: number, cdOffset: number, cdSize: number, opts: Options) =>
  opts.forceZip64 === true || count >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32;

/** The exact length of the zip of these files, for Content-Length. */
export function storedZipLength(files: { name: string; size: number }[], opts: Options = {}): number {
  let offset = 0;
  let cdSize = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    cdSize += centralLength(name, file.size, offset, opts);
    offset += localLength(name, file.size, opts) + file.size + descriptorLength(file.size, opts);
  }
  return offset + cdSize + (needsZip64End(files.length, offset, cdSize, opts) ? ZIP64_END : 0) + END_RECORD;
}

/** MS-DOS date and time, in local time as zip tools read them. */
function dosDateTime(d: Date): { date: number; time: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
  };
}

interface Written {
  name: Buffer;
  size: number;
  crc: number;
  offset: number;
  date: number;
  time: number;
}

function localHeader(w: Omit<Written, 'crc' | 'offset'>, opts: Options): Buffer {
  const big = bigSize(w.size, opts);
  const buf = Buffer.alloc(localLength(w.name, w.size, opts));
  buf.writeUInt32LE(0x04034b50, 0);
  buf.writeUInt16LE(big ? VERSION_ZIP64 : VERSION, 4);
  buf.writeUInt16LE(FLAGS, 6);
  buf.writeUInt16LE(0, 8);
  buf.writeUInt16LE(w.time, 10);
  buf.writeUInt16LE(w.date, 12);
  // CRC-32 and sizes are 0 here (bit 3), or 0xffffffff pointing at the ZIP64 field's zeros.
  if (big) {
    buf.writeUInt32LE(MAX32, 18);
    buf.writeUInt32LE(MAX32, 22);
  }
  buf.writeUInt16LE(w.name.length, 26);
  buf.writeUInt16LE(big ? 20 : 0, 28);
  w.name.copy(buf, LOCAL_HEADER);
  if (big) {
    // The ZIP64 field: its two sizes stay 0 until the data descriptor.
    buf.writeUInt16LE(1, LOCAL_HEADER + w.name.length);
    buf.writeUInt16LE(16, LOCAL_HEADER + w.name.length + 2);
  }
  return buf;
}

function descriptor(w: Written, opts: Options): Buffer {
  const buf = Buffer.alloc(descriptorLength(w.size, opts));
  buf.writeUInt32LE(0x08074b50, 0);
  buf.writeUInt32LE(w.crc, 4);
  if (buf.length === 24) {
    buf.writeBigUInt64LE(BigInt(w.size), 8);
    buf.writeBigUInt64LE(BigInt(w.size), 16);
  } else {
    buf.writeUInt32LE(w.size, 8);
    buf.writeUInt32LE(w.size, 12);
  }
  return buf;
}

function centralHeader(w: Written, opts: Options): Buffer {
  const bigS = bigSize(w.size, opts);
  const bigO = bigOffset(w.offset, opts);
  const extra = centralExtra(w.size, w.offset, opts);
  const buf = Buffer.alloc(centralLength(w.name, w.size, w.offset, opts));
  buf.writeUInt32LE(0x02014b50, 0);
  buf.writeUInt16LE(MADE_BY, 4);
  buf.writeUInt16LE(extra ? VERSION_ZIP64 : VERSION, 6);
  buf.writeUInt16LE(FLAGS, 8);
  buf.writeUInt16LE(0, 10);
  buf.writeUInt16LE(w.time, 12);
  buf.writeUInt16LE(w.date, 14);
  buf.writeUInt32LE(w.crc, 16);
  buf.writeUInt32LE(bigS ? MAX32 : w.size, 20);
  buf.writeUInt32LE(bigS ? MAX32 : w.size, 24);
  buf.writeUInt16LE(w.name.length, 28);
  buf.writeUInt16LE(extra ? 4 + extra : 0, 30);
  buf.writeUInt32LE(REGULAR_FILE, 38);
  buf.writeUInt32LE(bigO ? MAX32 : w.offset, 42);
  w.name.copy(buf, CENTRAL_HEADER);
  if (extra) {
    let at = CENTRAL_HEADER + w.name.length;
    at = buf.writeUInt16LE(1, at);
    at = buf.writeUInt16LE(extra, at);
    if (bigS) {
      at = buf.writeBigUInt64LE(BigInt(w.size), at);
      at = buf.writeBigUInt64LE(BigInt(w.size), at);
    }
    if (bigO) buf.writeBigUInt64LE(BigInt(w.offset), at);
  }
  return buf;
}

function endRecords(count: number, cdOffset: number, cdSize: number, opts: Options): Buffer {
  const zip64 = needsZip64End(count, cdOffset, cdSize, opts);
  const buf = Buffer.alloc((zip64 ? ZIP64_END : 0) + END_RECORD);
  let at = 0;
  if (zip64) {
    at = buf.writeUInt32LE(0x06064b50, at);
    at = buf.writeBigUInt64LE(44n, at);
    at = buf.writeUInt16LE(MADE_BY, at);
    at = buf.writeUInt16LE(VERSION_ZIP64, at);
    at = buf.writeUInt32LE(0, at);
    at = buf.writeUInt32LE(0, at);
    at = buf.writeBigUInt64LE(BigInt(count), at);
    at = buf.writeBigUInt64LE(BigInt(count), at);
    at = buf.writeBigUInt64LE(BigInt(cdSize), at);
    at = buf.writeBigUInt64LE(BigInt(cdOffset), at);
    // The locator: where the ZIP64 end record starts.
    at = buf.writeUInt32LE(0x07064b50, at);
    at = buf.writeUInt32LE(0, at);
    at = buf.writeBigUInt64LE(BigInt(cdOffset + cdSize), at);
    at = buf.writeUInt32LE(1, at);
  }
  at = buf.writeUInt32LE(0x06054b50, at);
  at = buf.writeUInt32LE(0, at);
  at = buf.writeUInt16LE(Math.min(count, MAX16), at);
  at = buf.writeUInt16LE(Math.min(count, MAX16), at);
  at = buf.writeUInt32LE(Math.min(cdSize, MAX32), at);
  at = buf.writeUInt32LE(Math.min(cdOffset, MAX32), at);
  buf.writeUInt16LE(0, at);
  return buf;
}

/**
 * The zip of `files`, as the buffers to send in turn: a file is asked for only once the one before
 * it has been written, so a consumer that stops pulling stops the reading too.
 */
export async function* storedZip(files: AsyncIterable<StoredZipFile>, opts: Options = {}): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const file of files) {
    const entry = { name: Buffer.from(file.name), size: file.size, ...dosDateTime(file.mtime) };
    const header = localHeader(entry, opts);
    yield header;
    let crc = 0;
    let got = 0;
    for await (const chunk of file.data) {
      if (file.crc32 === undefined) crc = crc32(chunk, crc);
      got += chunk.length;
      if (got > file.size) throw new ZipSizeMismatch(file.name, file.size, got);
      yield chunk;
    }
    if (got !== file.size) throw new ZipSizeMismatch(file.name, file.size, got);
    const w = { ...entry, crc: file.crc32 ?? crc, offset };
    written.push(w);
    const tail = descriptor(w, opts);
    yield tail;
    offset += header.length + file.size + tail.length;
  }
  const central = Buffer.concat(written.map((w) => centralHeader(w, opts)));
  yield Buffer.concat([central, endRecords(written.length, offset, central.length, opts)]);
}
