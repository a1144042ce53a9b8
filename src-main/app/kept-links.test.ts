// The private links kept across restarts: a damaged or crafted file keeps no link rather than a
// guessed one, and keeping or forgetting one link leaves the others as they were.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../test-support/temp-app.ts';
import { KeptLinks } from './kept-links.ts';

const secret = 'ab'.repeat(24);

describe('kept private links', () => {
  it('keeps none from a file that is not JSON or holds a crafted entry, and says so', () => {
    const file = path.join(tempDir(), 'private-links.json');
    fs.writeFileSync(file, '{"campaign":');
    expect(new KeptLinks(file).list()).toEqual([]);
    fs.writeFileSync(file, JSON.stringify([{ campaign: '/c.lichslayer', lichslayerId: 1, secret: '../../etc' }]));
    expect(new KeptLinks(file).of('/c.lichslayer')).toEqual([]);
  });

  it('keeps one link per campaign and Lichslayer, and forgets only the one named', () => {
    const kept = new KeptLinks(path.join(tempDir(), 'private-links.json'));
    kept.keep({ campaign: '/a.lichslayer', lichslayerId: 1, secret });
    kept.keep({ campaign: '/a.lichslayer', lichslayerId: 1, secret: 'cd'.repeat(24) });
    kept.keep({ campaign: '/b.lichslayer', lichslayerId: 1, secret });
    expect(kept.of('/a.lichslayer')).toEqual([{ campaign: '/a.lichslayer', lichslayerId: 1, secret: 'cd'.repeat(24) }]);
    kept.forget('/a.lichslayer', 1);
    expect(kept.list()).toEqual([{ campaign: '/b.lichslayer', lichslayerId: 1, secret }]);
  });
});
