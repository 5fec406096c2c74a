import { describe, expect, it, vi } from 'vitest';
import { accountMessages, loginBody } from '../../contract/accounts.ts';
import { lazySchemaResolver } from './lazy-resolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazySchemaResolver', () => {
  it('fetches the schema on first use, once, and checks the values with it', async () => {
    const load = vi.fn(async () => loginBody);
    const { resolver, prefetch } = lazySchemaResolver(load);
    expect(load).not.toHaveBeenCalled();
    prefetch();
    const bad = await resolver({ email: 'not an email', password: '', code: '' }, undefined, options);
    expect(bad.errors.email?.message).toBe(accountMessages.emailInvalid);
    expect(bad.errors.password?.message).toBe(accountMessages.passwordRequired);
    // The schema's own changes to the values (trimmed, lower-case email; an empty code is none).
    const good = await resolver({ email: ' Ayesha@Example.com ', password: 'secret', code: '' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: 'ayesha@example.com', password: 'secret' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values through to the server when the schema cannot be fetched, and tries again next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(loginBody);
    const { resolver } = lazySchemaResolver(load);
    const values = { email: 'not an email', password: '', code: '' };
    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
    expect((await resolver(values, undefined, options)).errors.email?.message).toBe(accountMessages.emailInvalid);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
