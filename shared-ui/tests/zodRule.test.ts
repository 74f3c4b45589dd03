import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { zodRule } from '../src/forms/zodRule.ts';

describe('zodRule', () => {
  const rule = zodRule(z.string().trim().min(1, 'Please enter a subject'));

  it('passes a valid value', async () => {
    await expect(rule.validator(null, 'Hello')).resolves.toBeUndefined();
  });

  it("rejects with the schema's own message", async () => {
    await expect(rule.validator(null, '  ')).rejects.toThrow('Please enter a subject');
  });

  it('treats a missing value as empty', async () => {
    await expect(rule.validator(null, undefined)).rejects.toThrow('Please enter a subject');
  });
});

describe('zodRule with a loader (zod loads on the first validation, not with the page)', () => {
  const EmailSchema = zm.pipe(zm.string().check(zm.trim()), zm.email({ error: 'Please enter a valid email address' }));

  it('does not load the schema until a value is validated, then loads it once', async () => {
    const load = vi.fn(async () => EmailSchema);
    const rule = zodRule(load);
    expect(load).not.toHaveBeenCalled();
    await expect(rule.validator(null, ' ada@example.com ')).resolves.toBeUndefined();
    await expect(rule.validator(null, 'bob@example.com')).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("rejects with the loaded schema's own message, a missing value as empty", async () => {
    const rule = zodRule(async () => EmailSchema);
    await expect(rule.validator(null, 'ada@')).rejects.toThrow('Please enter a valid email address');
    await expect(rule.validator(null, undefined)).rejects.toThrow('Please enter a valid email address');
  });

  it('validations started before the schema arrives share one load and all get their answer', async () => {
    let arrive: (schema: typeof EmailSchema) => void = () => {};
    const load = vi.fn(() => new Promise<typeof EmailSchema>((resolve) => (arrive = resolve)));
    const rule = zodRule(load);
    const first = rule.validator(null, 'nope');
    const second = rule.validator(null, 'ada@example.com');
    arrive(EmailSchema);
    await expect(first).rejects.toThrow('Please enter a valid email address');
    await expect(second).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a load that fails fails that validation and is tried again on the next', async () => {
    const load = vi
      .fn<() => Promise<typeof EmailSchema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(EmailSchema);
    const rule = zodRule(load);
    await expect(rule.validator(null, 'ada@example.com')).rejects.toThrow('offline');
    await expect(rule.validator(null, 'ada@')).rejects.toThrow('Please enter a valid email address');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
