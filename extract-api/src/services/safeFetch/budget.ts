import { formatBytes } from 'media-files';
import { MESSAGES } from 'shared-contracts';
import { SafeFetchError } from './errors.ts';

/**
 * Bytes one extraction (a page, a scan) may receive in all, every fetch it makes adding to the one
 * counter as its body arrives: the kind limits bound one answer, this bounds how many answers a
 * page of thousands of images or a site of heavy pages may cost. Counted on the decoded bytes,
 * what memory and parsers see.
 */
export class ByteBudget {
  #spent = 0;

  constructor(readonly limit: number) {}

  get spent(): number {
    return this.#spent;
  }

  get exhausted(): boolean {
    return this.#spent >= this.limit;
  }

  /** Counts `bytes` received; false once the budget is overdrawn. */
  spend(bytes: number): boolean {
    this.#spent += bytes;
    return this.#spent <= this.limit;
  }
}

/** A fetch refused, or a body cut off, because its extraction's byte budget is spent. */
export class ByteBudgetError extends SafeFetchError {
  constructor(budget: ByteBudget, url: string | undefined) {
    super('too-large', {
      ...(url === undefined ? {} : { url }),
      detail: `the extraction's budget of ${budget.limit} bytes is spent`,
      message: MESSAGES.budget.bytesSpent(formatBytes(budget.limit, 'limit')),
    });
  }
}

export function isByteBudgetError(error: unknown): error is ByteBudgetError {
  return error instanceof ByteBudgetError;
}
