import { createHash } from 'node:crypto';
import {
  AUDIT_DEFAULTS,
  AUDIT_RULES,
  type AuditFinding,
  type AuditPageSummary,
  type AuditReport,
  type AuditRule,
  type AuditSeverity,
  type ExtractedImage,
  type ImageFetchFacts,
  type ImageUse,
  MESSAGES,
} from 'shared-contracts';
import { altRules } from './rules/alt.ts';
import {
  type AuditThresholds,
  collectFacts,
  type DraftFinding,
  type ImagePassResult,
  type RuleContext,
} from './rules/context.ts';
import { duplicateRule } from './rules/duplicate.ts';
import { loadingRules } from './rules/loading.ts';
import { sizeRules } from './rules/size.ts';
import { weightRules } from './rules/weight.ts';

export type { AuditThresholds, ImagePassResult } from './rules/context.ts';

export type AuditInput = {
  jobId: string;
  status: 'running' | 'done';
  pages: number;
  render: boolean;
  uses: ImageUse[];
  fetches: ImageFetchFacts[];
  images: ExtractedImage[];
  pass: ImagePassResult[];
  encoding: { done: number; total: number };
  /** The server's settings over AUDIT_DEFAULTS (numbers, not the defaults' literal types). */
  thresholds?: Partial<AuditThresholds>;
  notes?: string[];
};

/**
 * How much each problem weighs, for sorting and the summary:
 *
 * | severity | rules                                                                        | why                                                     |
 * |----------|------------------------------------------------------------------------------|---------------------------------------------------------|
 * | high     | alt-missing, weight-heavy, loading-lazy-lcp, loading-animated-gif, loading-broken | blocks a visitor (no text, a broken image) or slows the first screen by far |
 * | medium   | alt-empty, alt-placeholder, size-oversized, size-unsized, weight-reencode, loading-robots | a real cost (a wrong name, wasted bytes, layout shift, lost search) |
 * | low      | alt-too-long, alt-duplicate, size-no-srcset, loading-eager-offscreen, loading-redirect, duplicate | worth fixing, small per page view |
 */
export const AUDIT_SEVERITY: Readonly<Record<AuditRule, AuditSeverity>> = {
  'alt-missing': 'high',
  'alt-empty': 'medium',
  'alt-too-long': 'low',
  'alt-placeholder': 'medium',
  'alt-duplicate': 'low',
  'size-oversized': 'medium',
  'size-unsized': 'medium',
  'size-no-srcset': 'low',
  'weight-heavy': 'high',
  'weight-reencode': 'medium',
  'loading-eager-offscreen': 'low',
  'loading-lazy-lcp': 'high',
  'loading-animated-gif': 'high',
  'loading-broken': 'high',
  'loading-redirect': 'low',
  'loading-robots': 'medium',
  duplicate: 'low',
};

/** Pages listed in one finding (`pageCount` says how many in all). */
const FINDING_PAGES_MAX = 20;
/** Pages in the summary's "most to fix". */
const TOP_PAGES = 10;

const SEVERITY_RANK: Record<AuditSeverity, number> = { high: 0, medium: 1, low: 2 };
const RULE_RANK = new Map<AuditRule, number>(AUDIT_RULES.map((rule, i) => [rule, i]));

function findingId(rule: AuditRule, imageUrl: string, pageUrl: string, key = ''): string {
  return createHash('sha256').update(`${rule}\n${imageUrl}\n${pageUrl}\n${key}`).digest('hex').slice(0, 16);
}

interface Built {
  finding: AuditFinding;
  /** Every page, unbounded, for the summary by page. */
  allPages: string[];
}

function toFinding(draft: DraftFinding): Built {
  const pages = new Set<string>();
  for (const use of draft.uses) pages.add(use.pageUrl);
  for (const page of draft.pages ?? []) pages.add(page);
  const allPages = [...pages].sort();
  const first = draft.uses[0];
  const finding: AuditFinding = {
    id: findingId(draft.rule, draft.imageUrl, allPages[0] ?? '', draft.key),
    rule: draft.rule,
    severity: AUDIT_SEVERITY[draft.rule],
    imageUrl: draft.imageUrl,
    pages: allPages.slice(0, FINDING_PAGES_MAX),
    pageCount: allPages.length,
    elements: draft.uses.length,
    detail: draft.detail,
  };
  if (first) {
    finding.selector = first.selector;
    finding.html = first.html;
  }
  if (draft.bytesSaved !== undefined && draft.bytesSaved > 0) finding.bytesSaved = Math.round(draft.bytesSaved);
  if (draft.encoded?.length) finding.encoded = draft.encoded;
  if (draft.sameAs?.length) finding.sameAs = draft.sameAs;
  return { finding, allPages };
}

/**
 * The bytes a set of findings saves without counting the same bytes twice: fixing one image's
 * problems (re-encode it, resize it, make the GIF a video, drop its duplicates) saves at most the
 * largest of their savings, since each is measured against the same original file. So, per image,
 * the largest single saving among its findings; summed over images.
 */
function bytesWithoutOverlap(findings: readonly AuditFinding[]): number {
  const best = new Map<string, number>();
  for (const f of findings) {
    if (!f.bytesSaved) continue;
    best.set(f.imageUrl, Math.max(best.get(f.imageUrl) ?? 0, f.bytesSaved));
  }
  let sum = 0;
  for (const bytes of best.values()) sum += bytes;
  return sum;
}

function compareFindings(a: AuditFinding, b: AuditFinding): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    (b.bytesSaved ?? 0) - (a.bytesSaved ?? 0) ||
    (RULE_RANK.get(a.rule) ?? 0) - (RULE_RANK.get(b.rule) ?? 0) ||
    (a.imageUrl < b.imageUrl ? -1 : a.imageUrl > b.imageUrl ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function topPages(built: readonly Built[]): AuditPageSummary[] {
  const byPage = new Map<string, AuditFinding[]>();
  for (const { finding, allPages } of built) {
    for (const page of allPages) {
      const list = byPage.get(page);
      if (list) list.push(finding);
      else byPage.set(page, [finding]);
    }
  }
  const rows: AuditPageSummary[] = [...byPage].map(([pageUrl, findings]) => ({
    pageUrl,
    findings: findings.length,
    high: findings.filter((f) => f.severity === 'high').length,
    bytesSaved: bytesWithoutOverlap(findings),
  }));
  rows.sort(
    (a, b) =>
      b.high - a.high || b.findings - a.findings || b.bytesSaved - a.bytesSaved || (a.pageUrl < b.pageUrl ? -1 : 1),
  );
  return rows.slice(0, TOP_PAGES);
}

/**
 * The audit report of a scan, from what the scan read (element uses, fetch facts, measured images)
 * and what the image pass made (hashes, re-encoded copies). Pure: the same input gives the same
 * report, ids included, so the screen, the exports and the CLI agree.
 */
export function buildAudit(input: AuditInput): AuditReport {
  const thresholds: AuditThresholds = { ...AUDIT_DEFAULTS, ...input.thresholds };
  const facts = collectFacts(input.images, input.pass, input.fetches);
  // An element whose src is a smaller srcset candidate shows the image the scan reports by its
  // largest: its findings are that image's.
  const ownerOf = new Map<string, string>();
  for (const image of input.images) {
    for (const variant of image.variants ?? []) {
      if (variant.url !== image.url && !facts.has(variant.url)) ownerOf.set(variant.url, image.url);
    }
  }
  const usesByImage = new Map<string, ImageUse[]>();
  for (const use of input.uses) {
    const key = ownerOf.get(use.imageUrl) ?? use.imageUrl;
    const list = usesByImage.get(key);
    if (list) list.push(use);
    else usesByImage.set(key, [use]);
  }
  const imageUrls = [...new Set([...usesByImage.keys(), ...facts.keys()])];
  const context: RuleContext = { thresholds, usesByImage, facts, imageUrls, render: input.render };

  const drafts = [
    ...altRules(context),
    ...sizeRules(context),
    ...weightRules(context),
    ...loadingRules(context),
    ...duplicateRule(context),
  ];
  const built = drafts.map(toFinding);
  const findings = built.map((b) => b.finding).sort(compareFindings);

  const bySeverity = { high: 0, medium: 0, low: 0 };
  const byRuleCount = new Map<AuditRule, { count: number; elements: number; bytes: number }>();
  for (const f of findings) {
    bySeverity[f.severity]++;
    const row = byRuleCount.get(f.rule) ?? { count: 0, elements: 0, bytes: 0 };
    row.count++;
    row.elements += f.elements;
    row.bytes += f.bytesSaved ?? 0;
    byRuleCount.set(f.rule, row);
  }
  const byRule = AUDIT_RULES.filter((rule) => byRuleCount.has(rule)).map((rule) => {
    const row = byRuleCount.get(rule) as { count: number; elements: number; bytes: number };
    return { rule, severity: AUDIT_SEVERITY[rule], count: row.count, elements: row.elements, bytesSaved: row.bytes };
  });

  const notes = [...(input.render ? [] : [MESSAGES.audit.displayFromMarkup]), ...(input.notes ?? [])];
  const encoding = { done: Math.max(0, input.encoding.done), total: Math.max(0, input.encoding.total) };
  return {
    jobId: input.jobId,
    status: input.status === 'done' && encoding.done >= encoding.total ? 'done' : 'running',
    pages: input.pages,
    images: imageUrls.length,
    uses: input.uses.length,
    encoding,
    summary: {
      findings: findings.length,
      bytesToSave: bytesWithoutOverlap(findings),
      bySeverity,
      byRule,
      topPages: topPages(built),
    },
    findings,
    notes,
  };
}
