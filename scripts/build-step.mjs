// One step of `npm start`'s first run (building the portal, the website): one line while it runs
// and when it is done, the command's own output only when it fails (it is hundreds of lines).
import { spawn } from 'node:child_process';

/**
 * Runs `command args` with its output held back; prints "<label>... done in N s", or on failure
 * the held output and a line naming the step. Resolves to the command's exit status. A step run
 * beside others (`beside`) prints its line only when done ("<label>: done in N s"), so the lines
 * of steps running at once do not mix.
 */
export function runStep(label, command, args, { cwd, out = process.stdout, beside = false } = {}) {
  if (!beside) out.write(`${label}...`);
  const started = performance.now();
  const chunks = [];
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => {
      const status = code ?? 1;
      if (status === 0) {
        out.write(`${beside ? `${label}:` : ''} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
      } else {
        out.write(`${beside ? label : ''} failed:\n`);
        out.write(Buffer.concat(chunks));
        out.write(`\n${label} failed (exit status ${status}); its output is above.\n`);
      }
      resolve(status);
    });
  });
}
