import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-protocol server (s3rver, objects in a temporary folder) on a loopback port, with one
 * bucket, behind a front that checks every request's Signature Version 4 the way S3 does.
 * s3rver alone checks only that the access key id exists: it skips SigV4 signatures, so a wrong
 * secret, a wrong region or an unsigned request would pass where S3, MinIO and R2 refuse them.
 * The front refuses those with S3's own codes and statuses before s3rver sees them, and passes
 * everything else through unchanged.
 */
export interface LocalS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables that point the app at this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's one account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';
/** S3 refuses a request signed more than 15 minutes from its own clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;

export async function startLocalS3Server(bucket = 'photomuse-test'): Promise<LocalS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'photomuse-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const backend = await s3rver.run();

  const front = createServer((req, res) => {
    void handle(req, res, backend.port).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, req, 500, 'InternalError', String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    region: REGION,
    ...CREDENTIALS,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, backendPort: number): Promise<void> {
  const body = await readBody(req);
  const problem = signatureProblem(req, body);
  if (problem) return refuse(res, req, problem.status, problem.code, problem.message);
  const upstream = forward({ host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
    // A reader that gives up part-way (the storage contract's abandoned reads) frees s3rver's stream too.
    res.on('close', () => {
      if (!res.writableFinished) answer.destroy();
    });
  });
  upstream.on('error', (error) => (res.headersSent ? res.destroy() : refuse(res, req, 502, 'InternalError', error.message)));
  upstream.end(body);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface Problem {
  status: number;
  code: string;
  message: string;
}

/** What S3 would refuse in this request's authentication, or undefined when it is signed right. */
function signatureProblem(req: IncomingMessage, body: Buffer): Problem | undefined {
  const authorization = req.headers.authorization;
  // A private bucket: anonymous requests (and presigned URLs, which the app does not use) are refused.
  if (!authorization) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const parsed =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!parsed) return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = parsed as unknown as string[];
  if (accessKeyId !== CREDENTIALS.accessKeyId) {
    return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  }
  if (region !== REGION || service !== 's3') {
    return {
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: `The authorization header is malformed; the region '${region}' is wrong; expecting '${REGION}'`,
    };
  }
  const amzDate = header(req, 'x-amz-date');
  const payloadHash = header(req, 'x-amz-content-sha256');
  if (!payloadHash)
    return { status: 400, code: 'InvalidRequest', message: 'Missing required header for this request: x-amz-content-sha256' };
  const signedAt = parseAmzDate(amzDate);
  if (signedAt === undefined || !amzDate.startsWith(day!))
    return { status: 403, code: 'AccessDenied', message: 'AWS authentication requires a valid Date or x-amz-date header' };
  if (Math.abs(Date.now() - signedAt) > MAX_CLOCK_SKEW_MS) {
    return {
      status: 403,
      code: 'RequestTimeTooSkewed',
      message: 'The difference between the request time and the current time is too large.',
    };
  }
  const signedHeaders = signedHeaderList!.split(';');
  if (!signedHeaders.includes('host'))
    return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The host header must be signed.' };
  if (/^[0-9a-f]{64}$/.test(payloadHash) && createHash('sha256').update(body).digest('hex') !== payloadHash) {
    return {
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  }

  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  const rawPath = queryStart < 0 ? url : url.slice(0, queryStart);
  const rawQuery = queryStart < 0 ? '' : url.slice(queryStart + 1);
  const canonicalRequest = [
    req.method,
    rawPath,
    canonicalQuery(rawQuery),
    signedHeaders.map((name) => `${name}:${header(req, name).trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${CREDENTIALS.secretAccessKey}`, day!);
  for (const part of [region!, service!, 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  }
  return undefined;
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** `20261124T153000Z` as a time, or undefined when it is not one. */
function parseAmzDate(value: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, year, month, date, hours, minutes, seconds] = match.map(Number) as number[];
  return Date.UTC(year!, month! - 1, date, hours, minutes, seconds);
}

/** The query's parameters sorted by name, then value, each encoded as RFC 3986 says. */
function canonicalQuery(rawQuery: string): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      const value = equals < 0 ? '' : pair.slice(equals + 1);
      return [encode(decodeURIComponent(name)), encode(decodeURIComponent(value.replace(/\+/g, '%20')))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** S3's error document; a HEAD answer carries only the status, as S3's does. */
function refuse(res: ServerResponse, req: IncomingMessage, status: number, code: string, message: string): void {
  if (req.method === 'HEAD') {
    res.writeHead(status).end();
    return;
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, '')}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml' }).end(xml);
}
