// What a JSON text holds before it is parsed: how deep it nests and how many values it has,
// read in one pass that never recurses. JSON.parse itself copes with any depth, but everything
// that walks the parsed value afterwards (a schema check, JSON.stringify, a view) recurses and
// ends in "Maximum call stack size exceeded" on a value nested a million deep.

export interface JsonShapeLimits {
  /** Arrays and objects inside one another. */
  depth: number;
  /** Values (counted by their commas): a bound on the work a parse and a schema check cost. */
  values: number;
}

/** Which limit a JSON text passes (the first one met, reading from its start), or null when none. */
export function jsonShapeOver(text: string, limits: JsonShapeLimits): keyof JsonShapeLimits | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limits.depth) return 'depth';
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c && ++values > limits.values) return 'values';
  }
  return null;
}
