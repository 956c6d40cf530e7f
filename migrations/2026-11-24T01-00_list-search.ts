import { sql, type Kysely } from 'kysely';

// Indexes for the searched, sorted and paged lists. Their search is ILIKE '%text%', which only a
// trigram index (pg_trgm, in PostgreSQL's contrib) can serve. pg_trgm is a trusted extension, but a
// database may still lack it or refuse this role the right to add it: then the lists work the same,
// by scanning tables that stay small (engineers and projects), so the migration must not fail.
const trigramIndexes = [
  ['engineers_name_trgm', 'engineers', 'name'],
  ['engineers_email_trgm', 'engineers', 'email'],
  ['projects_name_trgm', 'projects', 'name'],
  ['assignments_role_trgm', 'assignments', "(doc ->> 'role')"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // A failed CREATE EXTENSION inside the DO block's own sub-transaction leaves this one usable.
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%): list search will scan instead of using trigram indexes', sqlerrm;
    end $$`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (schema) {
    for (const [name, table, expression] of trigramIndexes) {
      await sql`create index if not exists ${sql.id(name)} on ${sql.id(table)} using gin (${sql.raw(expression)} ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    }
  }
  // Status filters (active, completed) and the default order compare end dates.
  await db.schema.createIndex('assignments_end').ifNotExists().on('assignments').columns(['end_date', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The extension stays: other objects may have come to use it since.
  for (const [name] of trigramIndexes) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.dropIndex('assignments_end').ifExists().execute();
}
