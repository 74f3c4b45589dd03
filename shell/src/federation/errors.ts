import type { RemoteName } from 'shared-contracts/remotes';

/** A remote's page could not be shown: why, and which remote and module, for the log and the UI. */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
  constructor(
    readonly remoteName: RemoteName,
    readonly moduleName: string,
    readonly reason: 'timeout' | 'failed' | 'not-configured' | 'bad-export' | 'manifest',
    cause?: unknown,
  ) {
    super(`[shell] could not load ${remoteName}/${moduleName.replace(/^\.\//, '')} (${reason})`, { cause });
  }
}
