import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

/** An S3-compatible server (s3rver) with one empty bucket, started by a test or a benchmark. */
export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** The environment that points a Darkroom process at this bucket. */
  env: Record<string, string>;
  /** The server's process id (a benchmark counts its CPU time). */
  readonly pid: number;
  /** Stops the server (the bucket then fails every request) and starts it again on the same port and files. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it for good and removes its files. */
  close(): Promise<void>;
}

// s3rver's one account; the SDK's standard chain reads it from the environment, in this test
// process and in the server processes it starts.
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

const SCRIPT = path.join(import.meta.dirname, 's3rver-process.mjs');

function launch(directory: string, bucket: string, port = 0): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SCRIPT, directory, bucket, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ child, port: (JSON.parse(line!) as { port: number }).port });
    });
    child.once('exit', () => reject(new Error(`s3rver exited: ${err}`)));
  });
}

/** Starts s3rver on a free port with a fresh bucket. */
export async function startTestBucket(bucket = 'darkroom-test'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-s3-'));
  const started = await launch(directory, bucket);
  let child = started.child;
  const port = started.port;
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };
  return {
    endpoint,
    bucket,
    get pid() {
      return child.pid!;
    },
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true' },
    stop,
    async restart() {
      await stop();
      // Same port: the clients already made keep their endpoint.
      child = (await launch(directory, bucket, port)).child;
    },
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
