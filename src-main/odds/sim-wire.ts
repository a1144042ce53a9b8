// A simulated world as it crosses to a worker thread: Maps and Sets as plain arrays.
import type { SimPolicies } from '@shared/odds-sim.ts';
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
  from: number;
  to: number;
}

export function worldToWire(w: SimWorld): WireWorld {
  return { ...w, tables: [...w.tables], drawn: [...w.drawn].map(([k, s]) => [k, [...s]]) };
}

export function worldFromWire(w: WireWorld): SimWorld {
  return { ...w, tables: new Map(w.tables), drawn: new Map(w.drawn.map(([k, s]) => [k, new Set(s)])) };
}
