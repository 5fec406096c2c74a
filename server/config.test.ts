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

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).databaseUrl).toBeUndefined();
  });
});
