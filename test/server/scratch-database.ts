import pg from 'pg';

/**
 * On a shared server (DATABASE_URL) each run gets a database of its own, so runs never see each
 * other's rows or an older schema; without the right to create one, the given database is used.
 */
export async function scratchDatabaseOn(serverUrl: string): Promise<{ url: string; drop?: () => Promise<void> }> {
  const name = `photomuse_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch {
    await admin.end();
    return { url: serverUrl };
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client(serverUrl);
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
