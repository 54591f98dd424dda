import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_ATTACHMENTS } from '@shared/constants';
import { MAX_IMAGES_PER_REQUEST, MIN_IMAGES_PER_REQUEST } from '@shared/generation';
import { createDb, type Db } from './client';

/**
 * The database holds agent jobs to the same image-count limit the planner, the quote and the
 * composer use: read from the migrated database's own catalogue, not from the schema source, so a
 * migration that forgot the constant (or a constant changed without a migration) fails here.
 */
let db: Db;

beforeAll(() => {
  db = createDb(inject('databaseUrl'), { max: 1 });
});
afterAll(() => db?.$client.end());

async function imageCountBounds(): Promise<{ min: number; max: number }> {
  const result = await db.execute<{ definition: string }>(
    sql`select pg_get_constraintdef(c.oid) as definition from pg_constraint c where c.conrelid = 'agent_jobs'::regclass and c.conname = 'agent_jobs_image_count_check'`,
  );
  expect(result.rows, 'agent_jobs_image_count_check exists').toHaveLength(1);
  // Postgres prints `between 1 and 5` back as CHECK (((image_count >= 1) AND (image_count <= 5))).
  const bounds = /image_count >= (\d+)\)\s+AND\s+\(image_count <= (\d+)/.exec(result.rows[0]!.definition);
  expect(bounds, result.rows[0]!.definition).not.toBeNull();
  return { min: Number(bounds![1]), max: Number(bounds![2]) };
}

describe('the image-count limit of agent jobs', () => {
  it('is the shared one in the database: from one image to MAX_IMAGES_PER_REQUEST', async () => {
    expect(await imageCountBounds()).toEqual({ min: MIN_IMAGES_PER_REQUEST, max: MAX_IMAGES_PER_REQUEST });
  });

  it('lets a message with as many photos as the composer takes get one result for each', () => {
    expect(MAX_IMAGES_PER_REQUEST).toBeGreaterThanOrEqual(MAX_ATTACHMENTS);
  });
});
