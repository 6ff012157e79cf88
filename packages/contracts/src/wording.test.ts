import { expect, it } from 'vitest';
import * as contracts from './index';

/** Every message string the contracts export (the *_MESSAGES tables, nested ones included). */
function messages(): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const [name, value] of Object.entries(contracts)) if (name.endsWith('_MESSAGES')) walk(value);
  return out;
}

it("writes 'cannot', except where the spec quotes 'can not' verbatim (the carousel's limits)", () => {
  const all = messages();
  expect(all.length).toBeGreaterThan(50);
  expect(all.filter((m) => m.includes('can not')).sort()).toEqual([
    'Favourite name can not be more than 40 characters',
    'Header can not be more than 15 characters',
    'Title can not be more than 15 characters',
  ]);
});
