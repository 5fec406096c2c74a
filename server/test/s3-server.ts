/** A real S3 API on a loopback port (s3rver), with one empty bucket, for tests of receipts in object storage. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3TestServer = {
  bucket: string;
  /** What an S3Client needs to reach it (path-style addressing, s3rver's fixed keys). */
  clientConfig: { endpoint: string; region: string; credentials: { accessKeyId: string; secretAccessKey: string }; forcePathStyle: true };
  /** The same, as the server's S3_ settings. */
  env: Record<string, string>;
  /** Where the store keeps its objects. */
  directory: string;
  /** Stops answering (a store that is down), keeping the objects: start it again on the same port and directory. */
  stop(): Promise<void>;
  /** Stops and removes the objects. */
  close(): Promise<void>;
};

/** A store on a free port in a new directory, or (`again`) on a stopped one's port with its objects. */
export async function startS3Server(bucket = 'receipts', again?: { port: number; directory: string }): Promise<S3TestServer> {
  const directory = again?.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: again?.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  let stopped = false;
  const clientConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true as const,
  };
  return {
    bucket,
    clientConfig,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: clientConfig.endpoint,
      S3_REGION: clientConfig.region,
      S3_ACCESS_KEY_ID: clientConfig.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: clientConfig.credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    stop: async () => {
      if (!stopped) await server.close();
      stopped = true;
    },
    close: async () => {
      if (!stopped) await server.close();
      stopped = true;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
