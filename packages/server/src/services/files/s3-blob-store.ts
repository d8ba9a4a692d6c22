import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobNotFound, blobKeyPart, type BlobStore } from './blob-store.ts';
import type { S3Settings } from './s3-settings.ts';

/** S3's smallest part but the last; with two parts in flight an upload holds about 15 MB at most. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** Objects deleted at once when an account goes. */
const OWNER_DELETES_IN_FLIGHT = 8;
/** Read at start to prove the bucket answers; never a blob's key, which always holds a slash. */
const START_PROBE_KEY = '.parley-start-check';

/**
 * Blobs as objects in one S3-compatible bucket, for several instances sharing the same files.
 * Uploads stream through a multipart upload (a part at a time, never the whole body); an upload
 * whose body fails is aborted, so no object appears under its key. Downloads are the response
 * body itself, piped on by the caller.
 */
export class S3BlobStore implements BlobStore {
  readonly source = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly describe: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.describe = `bucket "${settings.bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint !== undefined && { endpoint: settings.endpoint }),
      ...(settings.credentials && { credentials: settings.credentials }),
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 demands them: many S3-compatible servers refuse the newer
      // trailing-checksum uploads the SDK would otherwise send on every PutObject/UploadPart.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  /**
   * Proves at start that the bucket exists and the keys may use it, with a message an operator can
   * act on. It reads an object that never exists (keys are `{userId}/{fileId}`, this one has no
   * slash): "no such key" is the healthy answer, and it needs the same rights as a missing upload's
   * download does (s3:GetObject, and s3:ListBucket so that S3 answers 404 rather than 403).
   */
  async checkReachable(): Promise<void> {
    try {
      const found = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: START_PROBE_KEY }),
        {
          abortSignal: AbortSignal.timeout(15_000),
        },
      );
      (found.Body as Readable | undefined)?.destroy();
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'NoSuchKey') return;
      const why =
        name === 'NoSuchBucket'
          ? 'it does not exist'
          : name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch'
            ? 'the server refuses the keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)'
            : name === 'AccessDenied'
              ? 'the keys may not use it (they need s3:GetObject, s3:PutObject, s3:DeleteObject and s3:ListBucket on it)'
              : `it could not be reached (${(err as Error).message || name})`;
      throw new Error(`S3 storage: ${this.describe}: ${why}`, { cause: err });
    }
  }

  async put(key: string, body: Readable, contentType: string): Promise<number> {
    let bytes = 0;
    let bodyError: unknown;
    const counted = Readable.from(
      (async function* count() {
        try {
          for await (const chunk of body) {
            bytes += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        } catch (err) {
          bodyError = err;
          throw err;
        }
      })(),
    );
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // A body that failed mid-way has already aborted the multipart upload (or never sent its
      // single PutObject); the source must not keep delivering into nothing. The body's own error
      // is the reason, even when aborting the parts failed as well.
      body.destroy();
      throw bodyError ?? err;
    }
    return bytes;
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    if (range && range.end < range.start) return Readable.from([]);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range && { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
      return answer.Body as Readable;
    } catch (err) {
      if (statusOf(err) === 404) throw new BlobNotFound(key);
      // A range starting past the end: the disk store answers no bytes, so this one does too.
      if (statusOf(err) === 416 && range && (await this.exists(key))) return Readable.from([]);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * The keys the user's file rows named, a few at a time. Choice — no listing of the prefix:
   * every blob Parley keeps has a row, and a key-by-key delete needs no list permission on the
   * bucket (nor the batch delete's checksum header, which some S3-compatible servers refuse).
   */
  async deleteOwner(userId: string, keys: string[]): Promise<void> {
    const prefix = `${blobKeyPart(userId)}/`;
    const owned = keys.filter((key) => key.startsWith(prefix));
    for (let i = 0; i < owned.length; i += OWNER_DELETES_IN_FLIGHT) {
      await Promise.all(owned.slice(i, i + OWNER_DELETES_IN_FLIGHT).map((key) => this.delete(key)));
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  /** Closes the client's kept-alive connections (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}
