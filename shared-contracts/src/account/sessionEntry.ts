// The zod-free face of the accounts, for the shell's always-loaded header.
export * from './keys.ts';
export * from './session.ts';
