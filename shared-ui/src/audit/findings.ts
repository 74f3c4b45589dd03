import {
  AUDIT_GROUPS,
  AUDIT_RULES,
  type AuditFinding,
  type AuditGroup,
  type AuditRule,
  type AuditSeverity,
  auditGroupOf,
  MESSAGES,
} from 'shared-contracts';

const m = MESSAGES.audit;

/** What the findings table shows: every filter empty (`''`) lets every finding through. */
export type FindingFilters = {
  severity: AuditSeverity | '';
  /** A rule, or a whole group as `group:<group>`. */
  issue: AuditRule | `group:${AuditGroup}` | '';
  page: string;
  text: string;
};

export const NO_FILTERS: FindingFilters = { severity: '', issue: '', page: '', text: '' };

export const SORT_KEYS = ['severity', 'issue', 'image', 'pages', 'element', 'detail', 'bytesSaved', 'files'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';
export type FindingSort = { key: SortKey; direction: SortDirection };

/** Worst first: what the table opens with. */
export const DEFAULT_SORT: FindingSort = { key: 'severity', direction: 'descending' };

const SEVERITY_RANK: Record<AuditSeverity, number> = { high: 2, medium: 1, low: 0 };

export const ruleTitle = (rule: AuditRule): string => m.rules[rule].title;

/**
 * The file name an image address ends with, for a thumbnail's alt and the Image column: the last
 * path segment, decoded, bounded (a page's addresses are anyone's).
 */
export function fileNameOf(url: string): string {
  if (url.startsWith('data:')) return m.inlineImage;
  let name = url;
  try {
    const parsed = new URL(url);
    name = parsed.pathname.split('/').filter(Boolean).at(-1) ?? parsed.host;
    name = decodeURIComponent(name);
  } catch {
    // Not an absolute address, or a malformed escape: show it as written.
  }
  return name.length > 80 ? `${name.slice(0, 79)}…` : name || url.slice(0, 80);
}

/** A link target a page's text can be trusted with: http(s), or this site's own paths. */
export function safeHref(url: string): string | undefined {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return undefined;
}

/** The address a page is told by in a narrow place: its host and path, without the scheme. */
export function shortPage(url: string): string {
  try {
    const parsed = new URL(url);
    const text = `${parsed.host}${parsed.pathname === '/' ? '/' : parsed.pathname}${parsed.search}`;
    return text.length > 90 ? `${text.slice(0, 89)}…` : text;
  } catch {
    return url.slice(0, 90);
  }
}

/** Every page the findings name, in address order: the page filter's choices. */
export function pagesOf(findings: readonly AuditFinding[]): string[] {
  const pages = new Set<string>();
  for (const finding of findings) for (const page of finding.pages) pages.add(page);
  return [...pages].sort((a, b) => a.localeCompare(b));
}

/** The issue filter's choices: each group (every rule of it), then its rules that have findings. */
export function issueChoices(findings: readonly AuditFinding[]): { value: FindingFilters['issue']; label: string }[] {
  const present = new Set(findings.map((finding) => finding.rule));
  const choices: { value: FindingFilters['issue']; label: string }[] = [];
  for (const group of AUDIT_GROUPS) {
    const rules = AUDIT_RULES.filter((rule) => auditGroupOf(rule) === group && present.has(rule));
    if (rules.length === 0) continue;
    choices.push({ value: `group:${group}`, label: m.filters.group(m.groups[group]) });
    for (const rule of rules) choices.push({ value: rule, label: ruleTitle(rule) });
  }
  return choices;
}

export function filterFindings(findings: readonly AuditFinding[], filters: FindingFilters): AuditFinding[] {
  const text = filters.text.trim().toLowerCase();
  const issue = filters.issue;
  return findings.filter((finding) => {
    if (filters.severity && finding.severity !== filters.severity) return false;
    if (issue) {
      if (issue.startsWith('group:')) {
        if (`group:${auditGroupOf(finding.rule)}` !== issue) return false;
      } else if (finding.rule !== issue) return false;
    }
    if (filters.page && !finding.pages.includes(filters.page)) return false;
    if (!text) return true;
    const haystack = [
      ruleTitle(finding.rule),
      finding.imageUrl,
      finding.selector ?? '',
      finding.html ?? '',
      finding.detail,
      ...finding.pages,
      ...(finding.sameAs ?? []),
    ];
    return haystack.some((value) => value.toLowerCase().includes(text));
  });
}

/** The value a column sorts by. */
function sortValue(finding: AuditFinding, key: SortKey): number | string {
  switch (key) {
    case 'severity':
      return SEVERITY_RANK[finding.severity];
    case 'issue':
      return ruleTitle(finding.rule);
    case 'image':
      return fileNameOf(finding.imageUrl);
    case 'pages':
      return finding.pageCount;
    case 'element':
      return finding.selector ?? '';
    case 'detail':
      return finding.detail;
    case 'bytesSaved':
      return finding.bytesSaved ?? 0;
    case 'files':
      return finding.encoded?.length ?? 0;
  }
}

/** Numbers (and severity) read best largest first; words from A. */
export const firstDirection = (key: SortKey): SortDirection =>
  key === 'issue' || key === 'image' || key === 'element' || key === 'detail' ? 'ascending' : 'descending';

/** A new array, sorted by one column; ties keep the report's order (worst, then heaviest, first). */
export function sortFindings(findings: readonly AuditFinding[], sort: FindingSort): AuditFinding[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...findings].sort((a, b) => {
    const left = sortValue(a, sort.key);
    const right = sortValue(b, sort.key);
    const order =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : String(left).localeCompare(String(right), 'en', { numeric: true, sensitivity: 'base' });
    return order * sign;
  });
}
