// A simulated world as it crosses to a worker thread: Maps and Sets as plain arrays.
import type { SimPolicies, SimTally } from '@shared/odds-sim.ts';
import type { TableDef } from '@shared/tables.ts';
import type { SimWorld } from './sim-party.ts';

export interface WireWorld extends Omit<SimWorld, 'tables' | 'drawn'> {
  tables: [string, TableDef][];
  drawn: [string, number[]][];
}

export interface SimJob {
  world: WireWorld;
  policies: SimPolicies;
  seed: number;
}

/** Dives from..to of a run, handed to a worker; null: no more, the worker closes. */
export interface SimBlock {
  from: number;
  to: number;
}

/** A block done: its tally and the time the worker spent on it (null: the worker is ready for its first). */
export interface SimBlockDone extends SimBlock {
  tally: SimTally;
  busyMs: number;
}

export function worldToWire(w: SimWorld): WireWorld {
  return { ...w, tables: [...w.tables], drawn: [...w.drawn].map(([k, s]) => [k, [...s]]) };
}

export function worldFromWire(w: WireWorld): SimWorld {
  return { ...w, tables: new Map(w.tables), drawn: new Map(w.drawn.map(([k, s]) => [k, new Set(s)])) };
}
