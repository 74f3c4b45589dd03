import type {
  ExtractedImage,
  ExtractionEvent,
  JobCreated,
  JobSnapshot,
  JobStatus,
  SequencedEvent,
  WebsiteJobRequest,
} from 'shared-contracts';
import type { AuditRecord } from '../extractors/web/index.ts';
import type { AuditData } from './auditRecords.ts';

/** A job's request as the route validated it (defaults applied). */
export type WebsiteJobInput = Omit<WebsiteJobRequest, 'depth' | 'render'> & { depth: number; render: boolean };

/**
 * Website scans as jobs: one interface, two implementations (embedded: in this process; redis:
 * BullMQ workers sharing the crawl), chosen by configuration. Every method takes the id alone, so
 * any request, on any instance of the API, re-attaches to any job.
 */
export interface ScanJobs {
  readonly kind: 'embedded' | 'redis';
  /** Queues a scan; throws JobsBusyError when too many wait already. */
  create(input: WebsiteJobInput): Promise<JobCreated>;
  /** Where the job is, and the images after `after`; undefined for an unknown or expired id. */
  snapshot(id: string, after: number): Promise<JobSnapshot | undefined>;
  /**
   * The job's events after `after`, as they come, ending with its last event (done or error);
   * progress is the latest only (what it says is a total, not a change). Undefined for an
   * unknown id. Leaving the loop (or the signal) stops the reading, never the job.
   */
  events(id: string, after: number, signal?: AbortSignal): Promise<AsyncIterable<SequencedEvent> | undefined>;
  /** Stops the job (what it found stays); undefined for an unknown id. */
  cancel(id: string): Promise<JobSnapshot | undefined>;
  /** Every image the job found so far, in order; undefined for an unknown id. */
  images(id: string): Promise<ExtractedImage[] | undefined>;
  /** What an auditing job read for its audit so far, with its request and where it is; undefined for an unknown id. */
  audit(id: string): Promise<JobAudit | undefined>;
  close(): Promise<void>;
}

/**
 * Past either bound the oldest finished jobs are forgotten before their time to live is up (a
 * request for one then finds no such job), so that many small scans or a few huge ones cannot
 * fill the memory of the API or of Redis. The bytes are estimated from the JSON of their events.
 */
export type FinishedJobsBound = { maxCount: number; maxBytes: number };

/** An auditing job's records beside its request, status and pages read (see ScanJobs' audit). */
export type JobAudit = AuditData & { input: WebsiteJobInput; status: JobStatus; pages: number };

/** The scan a job runs: the website extractor bound to its environment; an auditing scan hands its records to `onAudit`. */
export type RunScan = (
  input: WebsiteJobInput,
  signal: AbortSignal,
  onAudit?: (record: AuditRecord) => void,
) => AsyncIterable<ExtractionEvent>;

export type ScanJobsOptions = {
  runScan: RunScan;
  /** Scans running at once; more wait their turn. */
  concurrency: number;
  /** Scans that may wait; more are refused (JobsBusyError). */
  maxQueued: number;
  /** A scan is stopped this long after it starts, with what it found kept (scanTimeLimitEvent). */
  timeLimitMs: number;
  /** How long a finished job's results are kept, in ms. */
  ttlMs: number;
  /** An auditing job keeps at most this many element uses (the rest are counted). */
  auditMaxUses?: number;
  /** Finished jobs kept at most, besides their time to live; unbounded when left out. */
  finished?: FinishedJobsBound;
  /** The user's words for why a scan failed. */
  describeFailure: (error: unknown) => string;
  /** Logs what goes wrong outside any request. */
  log?: { error: (object: object, message: string) => void };
  now?: () => number;
};

/** Too many scans wait already: the client is told to try again later (503): the scans gate's refusal. */
export { BusyError as JobsBusyError } from '../admission/index.ts';
