/**
 * Memory for the file pieces of one download, used again once the response has handed a piece's
 * bytes to the kernel.
 *
 * Why: a fresh 1 MB buffer per piece is memory outside V8's heap, and V8 starts a full collection
 * each time such memory grows by 64 MB. A 2 GB zip ran ~30 of them a second; in the server (a
 * heap of ~40 MB, where the plain test server had a few) they took up to half the main thread, and
 * the zip from disk fell to 0.7-0.9 GB/s while a plain server sent the same files at 1.3. Reused,
 * the same downloads ran at 1.6-1.8 GB/s with a third of the CPU time.
 *
 * How a piece is known to be done with: every byte of the download passes one counting stage, in
 * order (`passing`), and what is past that stage but not yet taken by the kernel is measured by
 * `queued` (the stage's own buffer plus the response's and its socket's `writableLength`). A
 * piece whose last byte lies before that point is in no queue any more. A piece is counted in
 * when it leaves the file reader (`entering`) and out as its bytes pass the stage, so one split
 * on the way is only free once every part has passed; one merged into another buffer is never
 * seen leaving and is simply not used again. When none is free, a new buffer is made (up to
 * `max` kept), then plain ones that are not kept: a download never waits for memory.
 */
export class PieceBuffers {
  private readonly pieces = new Map<ArrayBufferLike, Piece>();
  /** Bytes that have passed the counting stage, from the download's first. */
  private passed = 0;
  /** Buffers handed out again (for tests and curiosity). */
  reused = 0;

  constructor(
    private readonly size: number,
    private readonly max: number,
    private readonly queued: () => number,
  ) {}

  /** Buffers kept for reuse. */
  get kept(): number {
    return this.pieces.size;
  }

  /** Memory for a piece of `length` bytes (larger than `size`: memory of its own). */
  take(length: number): Buffer {
    if (length > this.size) return Buffer.allocUnsafeSlow(length);
    const free = this.free();
    if (free) {
      this.reused++;
      return this.handOut(free, length);
    }
    if (this.pieces.size >= this.max) return Buffer.allocUnsafeSlow(length);
    const piece: Piece = { buffer: Buffer.allocUnsafeSlow(this.size), inUse: true, outstanding: 0, doneAt: Infinity };
    this.pieces.set(piece.buffer.buffer, piece);
    return this.handOut(piece, length);
  }

  /** A piece leaves the file reader, into the download. */
  entering(chunk: Buffer): void {
    const piece = this.pieces.get(chunk.buffer);
    if (piece?.inUse) piece.outstanding += chunk.length;
  }

  /** Bytes pass the counting stage (every byte of the download, in order). */
  passing(chunk: Buffer): void {
    this.passed += chunk.length;
    const piece = this.pieces.get(chunk.buffer);
    if (!piece?.inUse) return;
    piece.outstanding -= chunk.length;
    if (piece.outstanding <= 0) piece.doneAt = this.passed;
  }

  private free(): Piece | undefined {
    const handedToKernel = this.passed - this.queued();
    for (const piece of this.pieces.values()) {
      if (!piece.inUse) return piece;
      if (piece.doneAt <= handedToKernel) {
        piece.inUse = false;
        return piece;
      }
    }
    return undefined;
  }

  private handOut(piece: Piece, length: number): Buffer {
    piece.inUse = true;
    piece.outstanding = 0;
    piece.doneAt = Infinity;
    return length === this.size ? piece.buffer : piece.buffer.subarray(0, length);
  }
}

interface Piece {
  buffer: Buffer;
  /** Handed out and not yet known to be done with. */
  inUse: boolean;
  /** Bytes counted in and not yet out. */
  outstanding: number;
  /** Where its last byte lies in the download, once every byte has passed the stage. */
  doneAt: number;
}
