// The SQL the migrations share that move a JSON setting into rows of its own: the setting read as the
// app read it, and its row left behind emptied.

/**
 * SQL for the records of the setting `key`, an object keyed by a row's id (a Lichslayer's, a
 * token's): each record's key as text (`id`), its value (`v`) and its JSON type (`type`). None when
 * the setting is missing, is not valid JSON or is not an object.
 */
export function settingRecords(key: string): string {
  return `SELECT e.key AS id, e.value AS v, e.type AS type FROM setting AS s,
     json_each(CASE WHEN json_valid(s.value) AND json_type(s.value) = 'object' THEN s.value ELSE '{}' END) AS e
   WHERE s.key = '${key}'`;
}

/**
 * SQL that empties the moved settings. Their rows stay, so that older undo steps naming their ids land
 * on them and nowhere else: a deleted row's id would go to the next setting written.
 */
export function emptiedSettings(keys: readonly string[]): string {
  return `UPDATE setting SET value = '{}' WHERE key IN (${keys.map((k) => `'${k}'`).join(', ')});`;
}
