import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeErrorCode } from '@tern/sdk';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3FromEnv } from '../src/config.js';
import { HttpError } from '../src/http/errors.js';
import { objectFileStore, type S3Config } from '../src/services/uploads/objectStore.js';
import { startTestServer } from './helpers/server.js';

// The object store against a real S3-protocol server on the loopback address: s3rver, in this process. It
// answers the S3 API (path-style addresses, HEAD/PUT/GET, 404 for a missing key) and refuses an unknown access
// key (403 InvalidAccessKeyId); note that s3rver 3.7 does not recompute SigV4 signatures (only V2 ones), so a
// wrong secret goes unnoticed here: the signing itself is aws4fetch's, tested by its authors against AWS.

const BUCKET = 'tern-uploads';
let folder: string;
let s3rver: S3rver;
let s3: S3Config;

/** A port nothing listens on: one the system gave, then closed. */
const deadPort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** The keys in the bucket, listed with a client of our own (ListObjects, path-style). */
async function keysInBucket(): Promise<string[]> {
  const client = new AwsClient({ ...s3, service: 's3' });
  const reply = await client.fetch(`${s3.endpoint}/${BUCKET}?prefix=uploads/`);
  expect(reply.status).toBe(200);
  return [...(await reply.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!).sort();
}

const refusalOf = async (call: Promise<unknown> | (() => Promise<unknown>)) => {
  try {
    await (typeof call === 'function' ? call() : call);
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tern-s3rver-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  // s3rver's own account.
  s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
});
afterAll(async () => {
  await s3rver?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the object store', () => {
  it('puts an object at its path-style address and gets it back, bytes and content type', async () => {
    const store = objectFileStore(s3);
    expect(store.kind).toBe('object');
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 254, 0]);
    await store.put('uploads/aa11-320.jpg', bytes, 'image/jpeg');
    expect(await store.get('uploads/aa11-320.jpg')).toEqual({ bytes, contentType: 'image/jpeg' });
    // Where any S3 client finds it: <endpoint>/<bucket>/<key>.
    const raw = await new AwsClient({ ...s3, service: 's3' }).fetch(
      `${s3.endpoint}/${BUCKET}/uploads/aa11-320.jpg`,
    );
    expect(raw.status).toBe(200);
    expect(new Uint8Array(await raw.arrayBuffer())).toEqual(bytes);
  });

  it('answers null for a missing key and for what is not a key', async () => {
    const store = objectFileStore(s3);
    expect(await store.get('uploads/missing-1.png')).toBeNull();
    expect(await store.get('../etc/passwd')).toBeNull();
    await expect(store.put('../x.png', new Uint8Array([1]), 'image/png')).rejects.toThrow('Not a file key');
  });

  it('keeps the first bytes of a key stored twice (keys are content-addressed: the second put is skipped)', async () => {
    const store = objectFileStore(s3);
    await store.put('uploads/bb22-575.png', new Uint8Array([1, 1, 1]), 'image/png');
    await store.put('uploads/bb22-575.png', new Uint8Array([2, 2]), 'image/jpeg');
    expect(await store.get('uploads/bb22-575.png')).toEqual({
      bytes: new Uint8Array([1, 1, 1]),
      contentType: 'image/png',
    });
  });

  it('fails with 503 storage_unavailable when the store refuses the key, and logs why', async () => {
    const logged: string[] = [];
    const store = objectFileStore(
      { ...s3, accessKeyId: 'NOT-A-KEY', secretAccessKey: 'a-secret-never-logged' },
      (message, error) => logged.push(`${message} ${String(error)}`),
    );
    for (const call of [
      () => store.put('uploads/cc33-320.png', new Uint8Array([3]), 'image/png'),
      () => store.get('uploads/aa11-320.jpg'),
    ]) {
      const error = await refusalOf(call);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 503, code: 'storage_unavailable' });
    }
    expect(logged.join('\n')).toMatch(/answered 403 to PUT uploads\/cc33-320\.png.*InvalidAccessKeyId/s);
    expect(logged.join('\n')).toMatch(/answered 403 to GET uploads\/aa11-320\.jpg/);
    expect(logged.join('\n')).not.toContain('a-secret-never-logged');
  });

  it('fails with 503 storage_unavailable when the endpoint is down', async () => {
    const logged: string[] = [];
    const store = objectFileStore({ ...s3, endpoint: `http://127.0.0.1:${await deadPort()}` }, (message) =>
      logged.push(message),
    );
    for (const call of [
      () => store.put('uploads/dd44-320.png', new Uint8Array([4]), 'image/png'),
      () => store.get('uploads/dd44-320.png'),
    ]) {
      expect(await refusalOf(call)).toMatchObject({ status: 503, code: 'storage_unavailable' });
    }
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/could not be reached \(HEAD uploads\/dd44-320\.png\)/);
  });
});

describe('TERN_S3_* settings', () => {
  const full = {
    TERN_S3_ENDPOINT: 'https://s3.example.test/',
    TERN_S3_BUCKET: 'photos',
    TERN_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    TERN_S3_SECRET_ACCESS_KEY: 'very-secret-value',
  };

  it('are off without an endpoint or a bucket, and default the region to us-east-1', () => {
    expect(s3FromEnv({})).toBeNull();
    expect(s3FromEnv(full)).toEqual({
      endpoint: 'https://s3.example.test',
      bucket: 'photos',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'very-secret-value',
    });
    expect(s3FromEnv({ ...full, TERN_S3_REGION: 'eu-west-3' })?.region).toBe('eu-west-3');
  });

  it('refuse half a configuration and a bad endpoint, naming what is missing and never the secret', () => {
    const { TERN_S3_ACCESS_KEY_ID: _, ...noKey } = full;
    expect(() => s3FromEnv(noKey)).toThrow('set TERN_S3_ACCESS_KEY_ID as well');
    expect(() => s3FromEnv({ TERN_S3_BUCKET: 'photos' })).toThrow(
      'set TERN_S3_ENDPOINT, TERN_S3_ACCESS_KEY_ID, TERN_S3_SECRET_ACCESS_KEY as well',
    );
    expect(() => s3FromEnv({ ...full, TERN_S3_ENDPOINT: 'not a url' })).toThrow(
      'TERN_S3_ENDPOINT must be a URL',
    );
    expect(() => s3FromEnv({ ...full, TERN_S3_ENDPOINT: 'ftp://s3.example.test' })).toThrow('http or https');
  });
});

describe('a server with a bucket', () => {
  const png = (background: string) =>
    sharp({ create: { width: 1000, height: 500, channels: 4, background } })
      .png()
      .toBuffer();

  it('keeps the resized files in the bucket, not the database, and serves them from there', async () => {
    const server = await startTestServer({ s3 });
    try {
      const hotelier = server.client(await server.signIn('hotelier'));
      const propertyId = (await server.db.one<{ id: string }>(
        "select id from properties where key = 'harbour-view'",
      ))!.id;
      const image = new File([(await png('#16a085')) as Uint8Array<ArrayBuffer>], 'wide.png', {
        type: 'image/png',
      });
      const uploaded = await hotelier.photos.upload({ body: { image, propertyId } });
      const hash = /uploads\/([0-9a-f]{32})/.exec(uploaded.publicUrl)![1]!;
      const keys = uploaded.widths.map((w) => `uploads/${hash}-${w}.png`).sort();
      expect((await keysInBucket()).filter((k) => k.includes(hash))).toEqual(keys);
      expect(await server.db.query('select key from stored_files')).toEqual([]);
      const reply = await server.fetch(`${uploaded.publicUrl}?w=575`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('image/png');
      expect((await sharp(Buffer.from(await reply.arrayBuffer())).metadata()).width).toBe(575);
      expect(server.errors).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('answers 503 storage_unavailable, without details, when the bucket’s endpoint is down', async () => {
    const server = await startTestServer({ s3: { ...s3, endpoint: `http://127.0.0.1:${await deadPort()}` } });
    try {
      const propertyId = (await server.db.one<{ id: string }>(
        "select id from properties where key = 'harbour-view'",
      ))!.id;
      const form = new FormData();
      form.set('property_id', propertyId);
      form.set(
        'image',
        new File([(await png('#8e44ad')) as Uint8Array<ArrayBuffer>], 'wide.png', { type: 'image/png' }),
      );
      const reply = await server.fetch('/api/v1/tern_hotels/upload_image', {
        method: 'POST',
        headers: { authorization: `Bearer ${await server.signIn('hotelier')}`, accept: 'application/json' },
        body: form,
      });
      expect(reply.status).toBe(503);
      const body = (await reply.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'request_id']);
      expect(body).toMatchObject({
        code: 'storage_unavailable',
        message: describeErrorCode('storage_unavailable'),
      });
      // Nothing recorded for files that are not stored; the cause is in the server's log only.
      expect(await server.db.query('select hash from upload_files')).toEqual([]);
      expect(server.errors.map((e) => e.message).join('\n')).toMatch(/could not be reached/);
    } finally {
      await server.close();
    }
  });
});
