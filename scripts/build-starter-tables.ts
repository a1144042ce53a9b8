// Writes resources/starter/tables.json: the original starter tables, shaped like the book's
// (ch.5, ch.9, ch.10, ch.12, ch.13) but with entries written for this app.
// Run with: node --import tsx scripts/build-starter-tables.ts
import fs from 'node:fs';
import { buildStarterPack } from './starter-tables/pack.ts';

const pack = buildStarterPack();
fs.writeFileSync(new URL('../resources/starter/tables.json', import.meta.url), JSON.stringify(pack, null, 1) + '\n');
console.log(`wrote ${pack.tables.length} tables, ${pack.tables.reduce((a, t) => a + t.rows.length, 0)} rows`);
