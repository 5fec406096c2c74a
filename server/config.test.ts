import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults: port 5000, ./data, links to localhost', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.appUrl).toBe('http://localhost:5000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
  });

  it('follows PORT for the link base unless APP_URL is set', () => {
    expect(loadConfig({ PORT: '6100' }).appUrl).toBe('http://localhost:6100');
    expect(loadConfig({ PORT: '6100', APP_URL: 'https://umrah.example.pk/' }).appUrl).toBe('https://umrah.example.pk');
  });

  it('refuses a first-admin password that is one of the most common ones', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'password123' })).toThrow(/ADMIN_PASSWORD: is one of the most common passwords/);
    expect(loadConfig({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'a-long-secret-42' }).admin?.password).toBe('a-long-secret-42');
  });

  it('lists every mistake in one readable error', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', ADMIN_EMAIL: 'root@example.com' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('Invalid configuration');
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  });

  it('reads TRUST_PROXY as off, a number of proxies, or the proxies\' addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,fd00::/8 , loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']);
  });

  it('gives Fastify a hop count as a trust function of the hop (Fastify ignores a plain number)', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    const byHop = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => byHop('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });

  it('refuses TRUST_PROXY=true, which would let any client pose as any address', () => {
    for (const value of ['true', 'TRUE']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: true would believe every X-Forwarded-For header, so any client could pose as any address/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/set the number of proxies in front of the server \(such as 1\) or their addresses/);
  });

  it('refuses other TRUST_PROXY values with the forms it takes', () => {
    for (const value of ['0', '11', 'yes', '1.2.3', '10.0.0.0/33', '10.0.0.1,', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be false, the number of proxies in front of the server \(such as 1\), or their addresses/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.local' })).toThrow(/not an IP address or CIDR range: "proxy.local"/);
  });

  it('stores receipts in DATA_DIR/receipts unless S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/umrah' }).receiptStore).toEqual({ kind: 'folder', dir: path.resolve('/srv/umrah', 'receipts') });
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: '' }).receiptStore.kind).toBe('folder');
  });

  it('reads an S3-compatible store: bucket, endpoint, region, keys and path-style addressing', () => {
    const env = {
      S3_BUCKET: 'umrah-receipts',
      S3_ENDPOINT: 'https://minio.example.pk:9000',
      S3_REGION: 'me-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/key+42',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(env).receiptStore).toEqual({
      kind: 's3',
      bucket: 'umrah-receipts',
      endpoint: 'https://minio.example.pk:9000',
      region: 'me-central-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/key+42' },
      forcePathStyle: true,
    });
    // AWS itself with the default credential chain: the bucket alone.
    expect(loadConfig({ S3_BUCKET: 'umrah-receipts' }).receiptStore).toEqual({
      kind: 's3',
      bucket: 'umrah-receipts',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'false' }).receiptStore).toMatchObject({ forcePathStyle: false });
  });

  it('refuses an S3 key without its secret (and the other way round)', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(/S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/must be set together/);
  });

  it('never repeats the secret key in its error', () => {
    let message = '';
    try {
      loadConfig({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'do-not-print-me', S3_ENDPOINT: 'nope' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('S3_ENDPOINT');
    expect(message).not.toContain('do-not-print-me');
  });

  it('refuses an S3 endpoint that is not an http(s) URL', () => {
    for (const value of ['minio:9000', 'ftp://minio.example.pk', 'not a url']) {
      expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: value }), value).toThrow(/S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/);
    }
    expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:4569' }).receiptStore).toMatchObject({ endpoint: 'http://127.0.0.1:4569' });
  });

  it('refuses S3_FORCE_PATH_STYLE other than true or false', () => {
    for (const value of ['yes', '1', 'on']) {
      expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: value }), value).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
    }
  });

  it('refuses S3 settings without S3_BUCKET rather than ignoring them', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:4569' })).toThrow(/S3_BUCKET: must be set when S3_ENDPOINT is/);
  });

  it('keeps 10 connections to PostgreSQL per server unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });


  it('reads WhatsApp: the number id and token together, the API address, and template names over their defaults', () => {
    expect(loadConfig({}).phone).toEqual({ whatsapp: undefined, sms: undefined, timeoutMs: 10_000 });
    const { whatsapp } = loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '1065403522', WHATSAPP_TOKEN: 'EAAJB', WHATSAPP_TEMPLATES: '{"reminder":"umrah_reminder_v2","code":"umrah_otp"}' }).phone;
    expect(whatsapp).toEqual({
      apiUrl: 'https://graph.facebook.com/v21.0',
      phoneNumberId: '1065403522',
      token: 'EAAJB',
      templates: { reminder: 'umrah_reminder_v2', receipt: 'umrah_receipt', winner: 'umrah_winner', draw: 'umrah_draw', security: 'umrah_security', code: 'umrah_otp' },
    });
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '1065403522' })).toThrow(/WHATSAPP_TOKEN: WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN must be set together/);
    expect(() => loadConfig({ WHATSAPP_TEMPLATES: 'umrah_reminder' })).toThrow(/WHATSAPP_TEMPLATES: must be a JSON object of template names by kind \(reminder, receipt, winner, draw, security, code\)/);
    expect(() => loadConfig({ WHATSAPP_TEMPLATES: '{"payday":"umrah_payday"}' })).toThrow(/not a kind: "payday"/);
    expect(() => loadConfig({ WHATSAPP_TEMPLATES: '{"code":"Umrah Code"}' })).toThrow(/lowercase letters, digits and underscores.*code/);
  });

  it('reads an SMS gateway: JSON by default, a form or GET as written, the authorization header as a name and a secret', () => {
    expect(loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.pk/send', SMS_GATEWAY_AUTH_HEADER: 'Authorization: Basic dXNlcjpwYXNz' }).phone.sms).toEqual({
      url: 'https://sms.example.pk/send',
      method: 'POST',
      authHeader: { name: 'Authorization', value: 'Basic dXNlcjpwYXNz' },
      contentType: 'application/json',
      body: '{"to":"{to}","text":"{text}"}',
    });
    const form = loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.pk/send', SMS_GATEWAY_CONTENT_TYPE: 'application/x-www-form-urlencoded' }).phone.sms;
    expect(form?.body).toBe('to={to}&text={text}');
    const get = loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.pk/api?key=k&to={to}&msg={text}', SMS_GATEWAY_METHOD: 'GET' }).phone.sms;
    expect(get).toMatchObject({ method: 'GET', body: undefined });
  });

  it('refuses an SMS gateway setting that would make every SMS fail, without repeating its secret', () => {
    const mistakes = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(mistakes({ SMS_GATEWAY_AUTH_HEADER: 'X-Key: abc' })).toMatch(/SMS_GATEWAY_URL: must be set when SMS_GATEWAY_AUTH_HEADER is/);
    expect(mistakes({ SMS_GATEWAY_URL: 'https://sms.example.pk/send', SMS_GATEWAY_BODY: '{"to":"{to}"}' })).toMatch(/SMS_GATEWAY_BODY: must hold \{text\}/);
    expect(mistakes({ SMS_GATEWAY_URL: 'https://sms.example.pk/send', SMS_GATEWAY_BODY: '{"to":"{to}","key":"s3cret",text:"{text}"}' })).toMatch(/SMS_GATEWAY_BODY: must be JSON/);
    expect(mistakes({ SMS_GATEWAY_URL: 'https://sms.example.pk/send', SMS_GATEWAY_BODY: '{"to":"{to}","key":"s3cret",text:"{text}"}' })).not.toContain('s3cret');
    expect(mistakes({ SMS_GATEWAY_URL: 'https://sms.example.pk/send?to={to}', SMS_GATEWAY_METHOD: 'GET' })).toMatch(/SMS_GATEWAY_URL: with GET it must hold \{text\}/);
    expect(mistakes({ SMS_GATEWAY_URL: 'https://sms.example.pk/send', SMS_GATEWAY_AUTH_HEADER: 'Basic dXNlcjpwYXNz' })).toMatch(/SMS_GATEWAY_AUTH_HEADER: must be a header line/);
    expect(mistakes({ SMS_GATEWAY_URL: 'ftp://sms.example.pk' })).toMatch(/SMS_GATEWAY_URL: must be an http/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).databaseUrl).toBeUndefined();
  });
});
