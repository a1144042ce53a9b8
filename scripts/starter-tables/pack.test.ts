import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildStarterPack } from './pack.ts';

describe('the starter content script', () => {
  it('builds exactly the starter tables the app ships (one home for their content)', () => {
    const shipped = fs.readFileSync(new URL('../../resources/starter/tables.json', import.meta.url), 'utf8');
    expect(JSON.stringify(buildStarterPack(), null, 1) + '\n').toBe(shipped);
  });
});
