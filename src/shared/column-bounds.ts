import { z } from 'zod';

/**
 * What an API input may be so that the database column it reaches can hold it: the request
 * schemas (src/shared) bound every input within these, so a value out of them is a 400
 * VALIDATION_ERROR before any query, never the database's 500.
 */

/** The range of a Postgres `integer` (int4), the narrowest integer column an API input reaches. */
export const PG_INTEGER_MAX = 2_147_483_647;
export const PG_INTEGER_MIN = -2_147_483_648;

/**
 * An ISO date-time that Postgres' `timestamptz` also reads: ISO allows the year 0000 and offsets
 * up to ±23:59, Postgres neither (it refuses offsets past ±15:59), and its refusal would be a 500.
 */
export const pgDateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine((value) => !value.startsWith('0000') && !/[+-](?:1[6-9]|2\d):?\d\d$/.test(value), 'Invalid ISO datetime');
