// The audit's exports, each made from one AuditReport so their numbers are the screen's.
export * from './csv.ts';
export * from './formats.ts';
export * from './html.ts';
export { AUDIT_EXPORT_COLUMNS } from './rows.ts';
export * from './xlsx.ts';
