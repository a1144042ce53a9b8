// The loot row a held item's name finds, as the app found it by name before items kept a link:
// the first loot table (by name) with a loot row of that label. Used by the migrations that give
// items already held (and refills remembered) their link.

/** SQL for the "<table key>#<row id>" link of the item named by `name` (an SQL expression), or NULL. */
export function lootRefOfName(name: string): string {
  return `(
    SELECT lt.key || '#' || (lr.data ->> '$.id') FROM rtable AS lt JOIN rtable_row AS lr ON lr.table_id = lt.id
    WHERE lt.category = 'loot' AND json_valid(lr.data) AND json_type(lr.data, '$.loot') = 'object'
      AND json_type(lr.data, '$.id') = 'integer' AND lower(trim(lr.data ->> '$.label')) = lower(trim(${name}))
    ORDER BY lt.name, lr.position, lr.id LIMIT 1)`;
}
