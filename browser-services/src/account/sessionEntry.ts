// The zod-free face of the accounts, for the shell's always-loaded header.
export * from 'shared-contracts/account-keys';
export * from './session.ts';
