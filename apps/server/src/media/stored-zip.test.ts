import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../test/zip-entries';
import { storedZip, storedZipLength, ZipSizeMismatch, type StoredZipFile } from './stored-zip';

const mtime = new Date(2024, 4, 1, 10, 30, 44);

async function zipOf(files: StoredZipFile[], opts?: { forceZip64?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storedZip(Readable.from(files), opts)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const file = (name: string, data: Buffer, chunk = 65_536): StoredZipFile => ({
  name,
  mtime,
  size: data.length,
  data: Readable.from(Array.from({ length: Math.ceil(data.length / chunk) }, (_, i) => data.subarray(i * chunk, (i + 1) * chunk))),
});

describe('storedZip', () => {
  for (const forceZip64 of [false, true]) {
    it(`writes each file byte for byte with its CRC-32, date and mode, at the length announced${forceZip64 ? ' (ZIP64 records)' : ''}`, async () => {
      const contents = [randomBytes(300_000), Buffer.alloc(0), randomBytes(10)];
      const names = ['a.jpg', 'ü and é.jpg', 'folder/c.jpg'];
      const zip = await zipOf(
        contents.map((d, i) => file(names[i]!, d)),
        { forceZip64 },
      );
      expect(zip.length).toBe(
        storedZipLength(
          contents.map((d, i) => ({ name: names[i]!, size: d.length })),
          { forceZip64 },
        ),
      );
      const read = await readZip(zip);
      expect(read.map((e) => e.name)).toEqual(names);
      read.forEach((e, i) => {
        expect(e.method).toBe(0);
        expect(e.data.equals(contents[i]!)).toBe(true);
        expect(e.crc32).toBe(crc32(contents[i]!));
        // MS-DOS times count in two seconds.
        expect(e.modified.getTime()).toBe(new Date(2024, 4, 1, 10, 30, 44).getTime());
        expect(e.mode).toBe(0o100644);
      });
    });
  }

  it('writes a CRC-32 recorded beforehand as it is, without a pass over the bytes', async () => {
    const data = randomBytes(1000);
    const read = await readZip(
      await zipOf([
        { ...file('known.jpg', data), crc32: crc32(data) },
        { ...file('trusted.jpg', data), crc32: 0x1234 },
      ]),
    );
    expect(read.map((e) => e.crc32)).toEqual([crc32(data), 0x1234]);
  });

  it('writes the ZIP64 end records for 65,535 files and more', async () => {
    const files = Array.from({ length: 70_000 }, (_, i) => ({ name: `${i}.txt`, mtime, size: 1, data: [Buffer.from('x')] }));
    const zip = await zipOf(files);
    expect(zip.length).toBe(storedZipLength(files));
    const read = await readZip(zip);
    expect(read).toHaveLength(70_000);
    expect(read.at(-1)).toMatchObject({ name: '69999.txt', data: Buffer.from('x') });
  });

  it('fails rather than write a zip whose length or records would be wrong', async () => {
    for (const data of [Buffer.alloc(9), Buffer.alloc(11)]) {
      await expect(zipOf([{ name: 'changed.jpg', mtime, size: 10, data: [data] }])).rejects.toBeInstanceOf(ZipSizeMismatch);
    }
  });

  it('asks for the next file only once the one before is written', async () => {
    const asked: string[] = [];
    async function* files(): AsyncGenerator<StoredZipFile> {
      for (const name of ['one', 'two', 'three']) {
        asked.push(name);
        yield { name, mtime, size: 3, data: [Buffer.from('abc')] };
      }
    }
    const chunks = storedZip(files());
    await chunks.next(); // the first local header
    expect(asked).toEqual(['one']);
    await chunks.return(undefined);
    expect(asked).toEqual(['one']);
  });
});
