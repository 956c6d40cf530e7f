import type { DbOrTrx } from './connect.ts';

/**
 * The stored value of setting `name`; `proposed` becomes it when there is none yet. Instances that
 * start at the same moment all get the first one written: the insert never overwrites.
 */
export async function keepSetting(db: DbOrTrx, name: string, proposed: string): Promise<string> {
  await db.insertInto('settings').values({ name, value: proposed }).onConflict((c) => c.column('name').doNothing()).execute();
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
