import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The fixture photos (fixtures/, with their licences), for the tests that upload or edit one. */

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES, name));
}
