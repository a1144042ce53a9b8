// The faction a striking entity belongs to and its colour signature, read from the campaign's
// entity tables (rulebook ch.12, ch.14): what Dual-Color's immunity to a faction needs.
import type { TokenView } from '@shared/board.ts';
import type { PlayReader } from '../state/session.ts';
import type { HitSource } from '../rules/damage.ts';
import { factionSignature } from '../rules/synchronicity.ts';

/** The faction of an entity token and its signature over every entity table, or null: not an entity, or none. */
export function factionOf(ps: PlayReader, token: TokenView): HitSource['faction'] {
  const name = token.kind === 'entity' ? token.stats.faction : undefined;
  if (!name) return null;
  const entities = ps.tables.ofCategory('entity').flatMap((t) => t.rows.flatMap((r) => (r.entity ? [r.entity] : [])));
  return { name, signature: factionSignature(name, entities) };
}
