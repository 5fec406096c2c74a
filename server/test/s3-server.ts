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
  close(): Promise<void>;
};

export async function startS3Server(bucket = 'receipts'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
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
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
