import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const rows = await query(inject('adminDatabaseUrl'), 'select 1 from pg_database where datname = $1', [name]);
  return rows.length === 1;
}

describe('test database provisioning', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });

  afterAll(async () => {
    await Promise.all([first?.drop(), second?.drop()]);
  });

  it('gives a database that answers select 1, on PostgreSQL 15 or newer', async () => {
    const [row] = await query<{ one: number; db: string; version: string }>(
      first.url,
      "select 1 as one, current_database() as db, current_setting('server_version_num') as version",
    );
    expect(row?.one).toBe(1);
    expect(row?.db).toBe(first.name);
    expect(Number(row?.version)).toBeGreaterThanOrEqual(150000);
  });

  it('names each database test_<random> and gives two calls two different databases', async () => {
    expect(first.name).toMatch(/^test_[0-9a-f]+$/);
    expect(second.name).not.toBe(first.name);
    expect(second.url).not.toBe(first.url);
    const [row] = await query<{ db: string }>(second.url, 'select current_database() as db');
    expect(row?.db).toBe(second.name);
  });

  it('runs the migrations', async () => {
    const rows = await query<{ name: string }>(first.url, 'select name from kysely_migration order by name');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('drop removes the database, even with connections still open', async () => {
    const extra = await createTestDatabase();
    expect(await databaseExists(extra.name)).toBe(true);
    const lingering = new pg.Client({ connectionString: extra.url });
    lingering.on('error', () => {}); // terminated by DROP ... WITH (FORCE)
    await lingering.connect();
    try {
      await extra.drop();
      expect(await databaseExists(extra.name)).toBe(false);
      await extra.drop(); // idempotent
    } finally {
      await lingering.end().catch(() => {});
    }
  });
});
