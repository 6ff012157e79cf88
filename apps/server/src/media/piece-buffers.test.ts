import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PieceBuffers } from './piece-buffers';

const SIZE = 64;

/**
 * A download's way as PieceBuffers sees it, in memory: pieces read (taken and filled), entering
 * the zip (where a stage may split one in two), passing the counting stage into its buffer, then
 * into the sink's queue, which the kernel drains in order. Yazl's headers join between pieces.
 */
class Way {
  readonly reader: Buffer[] = [];
  readonly stages: Buffer[] = [];
  readonly outBuffer: Buffer[] = [];
  readonly sink: Buffer[] = [];
  readonly pieces = new PieceBuffers(SIZE, 4, () => this.bytes(this.outBuffer) + this.bytes(this.sink));

  private bytes = (xs: Buffer[]) => xs.reduce((n, b) => n + b.length, 0);

  /** Every buffer's memory some part of the way still holds. */
  held(): Set<ArrayBufferLike> {
    return new Set([...this.reader, ...this.stages, ...this.outBuffer, ...this.sink].map((b) => b.buffer));
  }

  read(length: number): Buffer {
    const piece = this.pieces.take(length);
    this.reader.push(piece);
    return piece;
  }
  enter(split: boolean): void {
    const piece = this.reader.shift();
    if (!piece) return;
    this.pieces.entering(piece);
    const cut = Math.floor(piece.length / 2);
    if (split && cut > 0) this.stages.push(piece.subarray(0, cut), piece.subarray(cut));
    else this.stages.push(piece);
  }
  header(length: number): void {
    this.stages.push(Buffer.alloc(length));
  }
  pass(): void {
    const chunk = this.stages.shift();
    if (!chunk) return;
    this.pieces.passing(chunk);
    this.outBuffer.push(chunk);
  }
  emit(): void {
    const chunk = this.outBuffer.shift();
    if (chunk) this.sink.push(chunk);
  }
  drain(): void {
    this.sink.shift();
  }
}

const step = fc.oneof(
  fc.record({ op: fc.constant('read' as const), length: fc.integer({ min: 1, max: SIZE }) }),
  fc.record({ op: fc.constant('enter' as const), split: fc.boolean() }),
  fc.record({ op: fc.constant('header' as const), length: fc.integer({ min: 1, max: 40 }) }),
  fc.constant({ op: 'pass' as const }),
  fc.constant({ op: 'emit' as const }),
  fc.constant({ op: 'drain' as const }),
);

describe('PieceBuffers', () => {
  it('never hands out memory that any part of the way still holds, whatever the order of events', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200, size: 'max' }), (steps) => {
        const way = new Way();
        for (const s of steps) {
          if (s.op === 'read') {
            const held = way.held();
            const piece = way.read(s.length);
            expect(held.has(piece.buffer)).toBe(false);
            expect(piece.length).toBe(s.length);
          } else if (s.op === 'enter') way.enter(s.split);
          else if (s.op === 'header') way.header(s.length);
          else way[s.op]();
        }
      }),
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 300) },
    );
  });

  it('uses a piece again once its bytes have all been drained, and keeps at most its number', () => {
    const way = new Way();
    const first = way.read(SIZE);
    way.enter(true);
    way.header(10);
    way.pass();
    way.pass();
    way.pass();
    way.emit();
    way.emit();
    // Both halves are in the sink's queue (the header behind them in the stage's buffer): not free.
    expect(way.read(SIZE).buffer).not.toBe(first.buffer);
    way.enter(false); // the second piece, held until it drains too
    way.pass();
    way.emit();
    way.emit();
    way.drain(); // the first half
    expect(way.read(SIZE).buffer).not.toBe(first.buffer);
    way.drain(); // the second half: the first piece is done with
    expect(way.read(SIZE).buffer).toBe(first.buffer);
    expect(way.pieces.reused).toBe(1);
    // Four kept at most: past them, plain buffers, never waiting.
    for (let i = 0; i < 6; i++) way.read(SIZE);
    expect(way.pieces.kept).toBe(4);
  });

  it('gives a piece larger than its size memory of its own', () => {
    const pieces = new PieceBuffers(SIZE, 4, () => 0);
    expect(pieces.take(SIZE * 2).length).toBe(SIZE * 2);
    expect(pieces.kept).toBe(0);
  });
});
