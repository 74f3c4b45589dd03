import { MiB } from 'shared-contracts';

/** "100 MB" from a byte limit of shared-contracts, so the pages state the limits in force. */
export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / MiB)} MB`;
}
