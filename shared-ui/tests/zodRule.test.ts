import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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
