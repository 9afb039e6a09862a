import { AwsClient } from 'aws4fetch';
import { HttpError } from '../../http/errors.js';
import { assertKey, isFileKey } from './fileKeys.js';
import type { FileStore } from './fileStore.js';

// Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph…): the S3 API over HTTP, each request signed
// with AWS Signature V4 by aws4fetch. Path-style addresses (`<endpoint>/<bucket>/<key>`), which every such
// server answers, unlike virtual-hosted ones (`<bucket>.<host>`). Keys are content-addressed, so `put` skips
// an object that is there already. A failure of the store (unreachable, refused: a wrong key, a missing bucket)
// is answered 503 `storage_unavailable`, and its cause goes to the server's log, never to the client.

/** An S3-compatible bucket (TERN_S3_*). The secret is never logged: `describeObjectStore` leaves it out. */
export interface S3Config {
  /** The service's base URL, e.g. `https://s3.eu-west-3.amazonaws.com`, `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  /** Default `us-east-1` (what MinIO and R2 expect when they do not care). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** How long one call to the store may take before it counts as unavailable. */
const TIMEOUT_MS = 15_000;

/** Where uploads go, for a log line: the bucket and the endpoint's origin (no credentials, no path). */
export function describeObjectStore(s3: S3Config): string {
  return `bucket ${s3.bucket} at ${new URL(s3.endpoint).origin}`;
}

export function objectFileStore(
  s3: S3Config,
  log: (message: string, error: unknown) => void = () => {},
): FileStore {
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    service: 's3',
    // aws4fetch retries 5xx and 429 answers (10 times by default): twice keeps a request's wait short.
    retries: 2,
  });
  const base = `${s3.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(s3.bucket)}`;
  const call = async (method: string, key: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await client.fetch(`${base}/${key}`, {
        ...init,
        method,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      log(`the object store (${describeObjectStore(s3)}) could not be reached (${method} ${key}):`, error);
      throw new HttpError(503, 'storage_unavailable');
    }
  };
  const refused = async (reply: Response, method: string, key: string): Promise<never> => {
    const text = method === 'HEAD' ? '' : (await reply.text()).slice(0, 500);
    log(
      `the object store (${describeObjectStore(s3)}) answered ${reply.status} to ${method} ${key}:`,
      new Error(text || reply.statusText),
    );
    throw new HttpError(503, 'storage_unavailable');
  };
  return {
    kind: 'object',
    async put(key, bytes, contentType) {
      assertKey(key);
      // A 404, or a 403 from a key without `s3:ListBucket` (S3 answers so for a missing object then): put it.
      if ((await call('HEAD', key)).ok) return;
      const reply = await call('PUT', key, {
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': contentType },
      });
      if (!reply.ok) await refused(reply, 'PUT', key);
      await reply.body?.cancel();
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      const reply = await call('GET', key);
      if (reply.status === 404) {
        await reply.body?.cancel();
        return null;
      }
      if (!reply.ok) return refused(reply, 'GET', key);
      try {
        return {
          bytes: new Uint8Array(await reply.arrayBuffer()),
          contentType: reply.headers.get('content-type') ?? 'application/octet-stream',
        };
      } catch (error) {
        log(`the object store (${describeObjectStore(s3)}) broke off GET ${key}:`, error);
        throw new HttpError(503, 'storage_unavailable');
      }
    },
  };
}
