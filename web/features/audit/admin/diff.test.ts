import { describe, expect, it } from 'vitest';
import { diffValues, formatValue, prettyJson } from './diff.ts';

describe('diffValues', () => {
  it('lists only the fields that changed, old → new', () => {
    const changes = diffValues(
      { name: 'Ali', email: 'ali@example.com', role: 'USER', isActive: true },
      { name: 'Ali Khan', email: 'ali@example.com', role: 'ADMIN', isActive: true },
    );
    expect(changes.map((c) => `${c.key}: ${c.before} → ${c.after}`)).toEqual(['name: Ali → Ali Khan', 'role: USER → ADMIN']);
  });

  it('shows every field of a created record as new, and of a deleted one as gone', () => {
    expect(diffValues(null, { name: 'Gold', monthlyAmount: 5000 })).toEqual([
      { key: 'name', before: '—', after: 'Gold', added: true, removed: false },
      { key: 'monthlyAmount', before: '—', after: '5000', added: true, removed: false },
    ]);
    expect(diffValues({ isActive: false }, null)).toEqual([{ key: 'isActive', before: 'false', after: '—', added: false, removed: true }]);
  });

  it('reads a field that appears on one side only as added or removed', () => {
    expect(diffValues({ isBlocked: false }, { isBlocked: true, reason: 'Spam' })).toEqual([
      { key: 'isBlocked', before: 'false', after: 'true', added: false, removed: false },
      { key: 'reason', before: '—', after: 'Spam', added: true, removed: false },
    ]);
  });

  it('has nothing to show without before and after, or when nothing differs', () => {
    expect(diffValues(null, null)).toEqual([]);
    expect(diffValues(undefined, undefined)).toEqual([]);
    expect(diffValues({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });

  it('compares plain values as one line', () => {
    expect(diffValues('PENDING', 'PAID')).toEqual([{ key: '', before: 'PENDING', after: 'PAID', added: false, removed: false }]);
  });
});

describe('formatValue and prettyJson', () => {
  it('keeps values short and JSON readable', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(undefined)).toBe('null');
  });
});
