// What checking extract-api's answers takes: the schemas (zod/mini and the contracts' schemas,
// about 8 KB gzip) and the NDJSON reader. extractClient imports this module when a request starts,
// at the same time as the request, so none of it is part of a page's first load and it costs the
// user no extra wait.
export { AuditReportSchema, ExtractResponseSchema, JobCreatedSchema, SequencedEventSchema } from 'shared-contracts';
export { readResumableNdjson } from 'shared-ui';
