import { describe, expect, it } from 'vitest';
import { shortLabels } from './token-labels.ts';

describe('token labels', () => {
  it('never draws two tokens with the same label (two "BM")', () => {
    expect(shortLabels(['Bloated Mourner', 'Bloated Mourner 2', 'Odile Vantreck'])).toEqual(['BM', 'BM2', 'OV']);
  });

  it('tells apart names with the same initials', () => {
    const labels = shortLabels(['Grey Hound', 'Grave Hag', 'Gnawer', 'Gnawer 2']);
    expect(new Set(labels).size).toBe(4);
    expect(labels).toEqual(['Gre', 'Gra', 'GN', 'GN2']);
    expect(labels.every((l) => l.length <= 4)).toBe(true);
  });

  it('numbers a name that appears twice, and keeps labels short', () => {
    const labels = shortLabels(['Tobin', 'Tobin', 'A Very Long Name Indeed 12']);
    expect(labels[0]).not.toBe(labels[1]);
    expect(labels.every((l) => l.length <= 4)).toBe(true);
    expect(new Set(labels).size).toBe(3);
  });
});
