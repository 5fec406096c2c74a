import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).databaseUrl).toBeUndefined();
  });
});
