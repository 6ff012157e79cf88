import { describe, expect, it } from 'vitest';
import { runStep } from './build-step.mjs';

function sink() {
  const text: string[] = [];
  return { text, out: { write: (c: string | Buffer) => (text.push(String(c)), true) } };
}

describe('runStep', () => {
  it('prints one line for a step that succeeds, none of its output', async () => {
    const { text, out } = sink();
    const script = 'for (let i = 0; i < 300; i++) console.log("chunk " + i); console.error("a warning")';
    const status = await runStep('Building the portal', process.execPath, ['-e', script], { out });
    expect(status).toBe(0);
    const printed = text.join('');
    expect(printed).toMatch(/^Building the portal\.\.\. done in \d+\.\d s\n$/);
  });

  it('prints the output held back when the step fails', async () => {
    const { text, out } = sink();
    const status = await runStep('Building the website', process.execPath, ['-e', 'console.log("tsc: error in x.ts"); process.exit(3)'], {
      out,
    });
    expect(status).toBe(3);
    const printed = text.join('');
    expect(printed).toContain('tsc: error in x.ts');
    expect(printed).toContain('Building the website failed (exit status 3)');
  });

  it('prints a step run beside others on one line of its own, once it is done', async () => {
    const { text, out } = sink();
    const status = await runStep('  the portal', process.execPath, ['-e', 'console.log("vite output")'], { out, beside: true });
    expect(status).toBe(0);
    expect(text.join('')).toMatch(/^ {2}the portal: done in \d+\.\d s\n$/);
  });
});
