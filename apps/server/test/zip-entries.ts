import yauzl from 'yauzl';

/** One entry of a zip as an independent reader (yauzl) finds it. */
export interface ReadZipEntry {
  name: string;
  method: number;
  crc32: number;
  modified: Date;
  /** The Unix mode kept in the external attributes. */
  mode: number;
  data: Buffer;
}

/** Every entry of a zip, in order, read by yauzl (which checks the sizes against the records). */
export function readZip(buf: Buffer): Promise<ReadZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries: ReadZipEntry[] = [];
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              method: entry.compressionMethod,
              crc32: entry.crc32,
              modified: entry.getLastModDate(),
              mode: entry.externalFileAttributes >>> 16,
              data: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}
