import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import {
  AUDIT_RULES,
  type AuditFinding,
  type AuditReport,
  AuditReportSchema,
  type AuditRule,
  type AuditSeverity,
  MESSAGES,
} from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_COLUMNS, auditCsv, auditHtml, auditXlsx, escapeHtml, sheetName } from '../../src/audit/index.ts';

const SITE = 'https://shop.example';
const HOSTILE_HTML = '<img src=x onerror=alert(1)>';
const QUOTED_URL = `${SITE}/img/a"b'<c>.png?q="x"`;
const FORMULA_ALT = '=HYPERLINK("https://evil.example","Click")';
/** A control character: raw in a workbook's XML, Excel refuses the whole file. */
const CONTROL = 'alt\u0001text';

let sequence = 0;
function finding(rule: AuditRule, severity: AuditSeverity, extra: Partial<AuditFinding> = {}): AuditFinding {
  sequence += 1;
  const pages = extra.pages ?? [`${SITE}/page-${sequence}`];
  return {
    id: `f${sequence}`,
    rule,
    severity,
    imageUrl: `${SITE}/img/${sequence}.jpg`,
    pages,
    pageCount: pages.length,
    elements: pages.length,
    selector: `main > img:nth-of-type(${sequence})`,
    html: `<img src="/img/${sequence}.jpg">`,
    detail: `Finding number ${sequence}.`,
    ...extra,
  };
}

const FINDINGS: AuditFinding[] = [
  finding('alt-missing', 'high', {
    html: HOSTILE_HTML,
    pages: [`${SITE}/`, `${SITE}/about`, `${SITE}/shop`],
    pageCount: 7,
  }),
  finding('alt-missing', 'high', { imageUrl: QUOTED_URL, html: `<img src='${QUOTED_URL}'>` }),
  finding('alt-missing', 'high', { imageUrl: 'javascript:alert(1)', selector: '-img', html: `<img alt="${CONTROL}">` }),
  finding('alt-placeholder', 'medium', {
    html: `<img alt="${FORMULA_ALT}" src="/p.png">`,
    detail: FORMULA_ALT,
    selector: '@media img',
  }),
  finding('alt-too-long', 'low', { detail: '\tTabbed detail', selector: '+x' }),
  finding('weight-reencode', 'medium', {
    bytesSaved: 812_345,
    encoded: [
      {
        format: 'WEBP',
        mimeType: 'image/webp',
        url: '/api/website-jobs/job-1/audit/files/hero.webp',
        name: 'hero.webp',
        bytes: 201_000,
        width: 1200,
        height: 800,
        quality: 78,
        ssim: 0.9812,
      },
      {
        format: 'AVIF',
        mimeType: 'image/avif',
        url: '/api/website-jobs/job-1/audit/files/hero.avif',
        name: 'hero.avif',
        bytes: 150_123,
        width: 1200,
        height: 800,
        ssim: 0.9801,
      },
    ],
  }),
  finding('weight-heavy', 'high', { bytesSaved: 0 }),
  finding('loading-animated-gif', 'high', {
    bytesSaved: 2_900_000,
    encoded: [
      {
        format: 'MP4',
        mimeType: 'video/mp4',
        url: '/api/website-jobs/job-1/audit/files/spin.mp4',
        name: 'spin.mp4',
        bytes: 310_000,
        width: 480,
        height: 270,
      },
    ],
  }),
  finding('duplicate', 'low', { bytesSaved: 45_000, sameAs: [`${SITE}/a.jpg`, `${SITE}/b.jpg`] }),
  finding('loading-redirect', 'low'),
];

/** The report's summary, counted from its findings the way the audit does. */
function buildReport(findings: AuditFinding[]): AuditReport {
  const byRule = AUDIT_RULES.flatMap((rule) => {
    const mine = findings.filter((item) => item.rule === rule);
    if (mine.length === 0) return [];
    const bytesSaved = mine.reduce((sum, item) => sum + (item.bytesSaved ?? 0), 0);
    const elements = mine.reduce((sum, f) => sum + f.elements, 0);
    return [{ rule, severity: mine[0]?.severity ?? 'low', count: mine.length, elements, bytesSaved }];
  });
  const pages = new Map<string, { pageUrl: string; findings: number; high: number; bytesSaved: number }>();
  for (const item of findings) {
    for (const pageUrl of item.pages) {
      const page = pages.get(pageUrl) ?? { pageUrl, findings: 0, high: 0, bytesSaved: 0 };
      page.findings += 1;
      if (item.severity === 'high') page.high += 1;
      page.bytesSaved += item.bytesSaved ?? 0;
      pages.set(pageUrl, page);
    }
  }
  const count = (severity: AuditSeverity) => findings.filter((item) => item.severity === severity).length;
  return AuditReportSchema.parse({
    jobId: 'job-1',
    status: 'done',
    pages: 12,
    images: 40,
    uses: 57,
    encoding: { done: 3, total: 3 },
    summary: {
      findings: findings.length,
      bytesToSave: findings.reduce((sum, item) => sum + (item.bytesSaved ?? 0), 0),
      bySeverity: { high: count('high'), medium: count('medium'), low: count('low') },
      byRule,
      topPages: [...pages.values()].sort((a, b) => b.high - a.high || b.findings - a.findings).slice(0, 10),
    },
    findings,
    notes: [MESSAGES.audit.displayFromMarkup],
  });
}

const REPORT = buildReport(FINDINGS);

/** RFC 4180, strictly: quoted fields may hold commas, quotes (doubled) and line breaks; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"' && field === '') {
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') throw new Error(`text after a closing quote at ${i}`);
    } else if (char === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (char === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`bare CR at ${i}`);
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (char === '\n' || char === '"') {
      throw new Error(`unquoted ${JSON.stringify(char)} at ${i}`);
    } else {
      field += char;
      i += 1;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('last record without CRLF');
  return records;
}

const column = (name: (typeof AUDIT_EXPORT_COLUMNS)[number]) => AUDIT_EXPORT_COLUMNS.indexOf(name);

describe('auditCsv', () => {
  const text = auditCsv(REPORT);
  const [header, ...rows] = parseCsv(text.slice(1));

  it('is UTF-8 CSV with a BOM, a header and one CRLF record per finding', () => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(header).toEqual([...AUDIT_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(REPORT.findings.length);
    for (const row of rows) expect(row).toHaveLength(AUDIT_EXPORT_COLUMNS.length);
  });

  it('holds the report’s numbers and words exactly', () => {
    REPORT.findings.forEach((item, index) => {
      const row = rows[index] ?? [];
      expect(row[column('Rule')]).toBe(item.rule);
      expect(row[column('Issue')]).toBe(MESSAGES.audit.rules[item.rule].title);
      expect(row[column('Severity')]).toBe(MESSAGES.audit.severities[item.severity]);
      expect(row[column('Bytes saved')]).toBe(item.bytesSaved === undefined ? '' : String(item.bytesSaved));
      expect(row[column('Page count')]).toBe(String(item.pageCount));
      expect(row[column('Pages')]).toBe(item.pages.join(' '));
      expect(row[column('First page')]).toBe(item.pages[0]);
    });
    const bytes = rows.reduce((sum, row) => sum + Number(row[column('Bytes saved')] || 0), 0);
    expect(bytes).toBe(REPORT.summary.bytesToSave);
    expect(rows[0]?.[column('HTML')]).toBe(HOSTILE_HTML);
    expect(rows[1]?.[column('Image URL')]).toBe(QUOTED_URL);
    expect(rows[0]?.[column('Page count')]).toBe('7');
    expect(rows[5]?.[column('Encoded files')]).toBe(
      'WEBP:201000:0.9812:/api/website-jobs/job-1/audit/files/hero.webp;AVIF:150123:0.9801:/api/website-jobs/job-1/audit/files/hero.avif',
    );
    expect(rows[7]?.[column('Encoded files')]).toBe('MP4:310000::/api/website-jobs/job-1/audit/files/spin.mp4');
  });

  it('makes no cell a spreadsheet would run as a formula', () => {
    expect(rows[3]?.[column('Detail')]).toBe(`'${FORMULA_ALT}`);
    expect(rows[3]?.[column('Selector')]).toBe("'@media img");
    expect(rows[4]?.[column('Detail')]).toBe("'\tTabbed detail");
    expect(rows[4]?.[column('Selector')]).toBe("'+x");
    expect(rows[2]?.[column('Selector')]).toBe("'-img");
    for (const row of [header, ...rows]) for (const cell of row ?? []) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('auditXlsx', async () => {
  const bytes = await auditXlsx(REPORT);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const withFindings = REPORT.summary.byRule.filter((entry) => entry.count > 0);

  it('has a Summary sheet, then one sheet per issue with findings, with names Excel accepts', () => {
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names[0]).toBe('Summary');
    expect(names).toHaveLength(1 + withFindings.length);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(31);
      expect(name).not.toMatch(/[[\]:*?/\\]/);
    }
    expect(names).toContain('Missing alt attribute');
    // 40 characters, cut at a word.
    expect(names).toContain('Alt text is a file name or a…');
  });

  it('holds as many rows on each issue sheet as the report counts, the header bold, frozen and filtered', () => {
    withFindings.forEach((entry, index) => {
      const sheet = workbook.worksheets[index + 1];
      if (!sheet) throw new Error(`no sheet for ${entry.rule}`);
      expect(sheet.rowCount - 1).toBe(entry.count);
      expect(sheet.getRow(1).values).toEqual([undefined, ...AUDIT_EXPORT_COLUMNS]);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
      for (let r = 2; r <= sheet.rowCount; r += 1) {
        expect(sheet.getRow(r).getCell(column('Rule') + 1).value).toBe(entry.rule);
      }
    });
  });

  it('has the report’s totals on its Summary sheet', () => {
    const summary = workbook.getWorksheet('Summary');
    if (!summary) throw new Error('no Summary');
    const totalOf = (label: string) => {
      let found: unknown;
      summary.eachRow((row) => {
        if (found === undefined && row.getCell(1).value === label) found = row.getCell(2).value;
      });
      return found;
    };
    expect(totalOf('Findings')).toBe(REPORT.summary.findings);
    expect(totalOf('Bytes to save')).toBe(REPORT.summary.bytesToSave);
    expect(totalOf('Pages')).toBe(REPORT.pages);
    expect(totalOf('High')).toBe(REPORT.summary.bySeverity.high);
    expect(totalOf('Low')).toBe(REPORT.summary.bySeverity.low);
    // By issue: the count (column D), elements (E) and bytes (F) of each rule, as numbers; its title
    // links to its sheet.
    const names = new Set(workbook.worksheets.map((sheet) => sheet.name));
    for (const entry of REPORT.summary.byRule) {
      let row: ExcelJS.Row | undefined;
      summary.eachRow((candidate) => {
        if (candidate.getCell(2).value === entry.rule) row = candidate;
      });
      expect(row?.getCell(4).value).toBe(entry.count);
      expect(row?.getCell(5).value).toBe(entry.elements);
      expect(row?.getCell(6).value).toBe(entry.bytesSaved);
      const target = /^#'(.*)'!A1$/.exec(row?.getCell(1).hyperlink ?? '')?.[1];
      expect(names.has(target ?? '')).toBe(true);
    }
  });

  it('writes bytes as numbers, links only http(s) addresses, and no formula anywhere', () => {
    const sheets = workbook.worksheets.slice(1);
    const all = sheets.flatMap((sheet) => {
      const rows: ExcelJS.Row[] = [];
      sheet.eachRow((row, number) => {
        if (number > 1) rows.push(row);
      });
      return rows;
    });
    expect(all).toHaveLength(REPORT.findings.length);
    const byId = new Map(all.map((row) => [row.getCell(column('Selector') + 1).text, row]));
    const reencode = byId.get(FINDINGS[5]?.selector ?? '');
    expect(reencode?.getCell(column('Bytes saved') + 1).value).toBe(812_345);
    expect(reencode?.getCell(column('Bytes saved') + 1).type).toBe(ExcelJS.ValueType.Number);
    const plain = byId.get(FINDINGS[0]?.selector ?? '');
    expect(plain?.getCell(column('Image URL') + 1).type).toBe(ExcelJS.ValueType.Hyperlink);
    expect(plain?.getCell(column('HTML') + 1).value).toBe(HOSTILE_HTML);
    // The quoted address links to its parsed form, shown as written.
    const quoted = byId.get(FINDINGS[1]?.selector ?? '')?.getCell(column('Image URL') + 1).value;
    expect(quoted).toEqual({ text: QUOTED_URL, hyperlink: `${SITE}/img/a%22b'%3Cc%3E.png?q=%22x%22` });
    const script = byId.get(FINDINGS[2]?.selector ?? '');
    expect(script?.getCell(column('Image URL') + 1).value).toBe('javascript:alert(1)');
    // A control character is shown as U+FFFD (as the HTML shows it), not dropped unseen.
    expect(script?.getCell(column('HTML') + 1).value).toBe('<img alt="alt\uFFFDtext">');
    const formula = byId.get(FINDINGS[3]?.selector ?? '');
    expect(formula?.getCell(column('Detail') + 1).value).toBe(FORMULA_ALT);
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) => {
        row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
      });
    }
    // And in the file itself: no sheet has a formula element.
    const files = unzipSync(bytes);
    const sheetXml = Object.keys(files).filter((name) => name.startsWith('xl/worksheets/sheet'));
    expect(sheetXml).toHaveLength(1 + withFindings.length);
    for (const name of sheetXml) expect(strFromU8(files[name] ?? new Uint8Array())).not.toMatch(/<f[\s>]/);
  });
});

it('loads exceljs only when a workbook is asked for, not with the module', async () => {
  // A fresh Node process: this test file has loaded exceljs itself.
  const script = `
    import Module from 'node:module';
    const loaded = () => Object.keys(Module._cache).some((key) => key.includes('/exceljs/'));
    const exports = await import('./src/audit/index.ts');
    const before = loaded();
    await exports.auditXlsx(${JSON.stringify(buildReport([]))});
    console.log(JSON.stringify({ before, after: loaded() }));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
  );
  expect(JSON.parse(stdout)).toEqual({ before: false, after: true });
});

describe('sheetName', () => {
  it('strips what Excel refuses, cuts to 31 characters and keeps names unique whatever the case', () => {
    const taken = new Set(['summary']);
    expect(sheetName('Summary', taken)).toBe('Summary (2)');
    expect(sheetName("'a/b:c*d?[e]\\f'", taken)).toBe('a b c d e f');
    expect(sheetName('A B C D E F', taken)).toBe('A B C D E F (2)');
    expect(sheetName('history', taken)).toBe('history (2)');
    const long = sheetName('x'.repeat(50), taken);
    expect(long).toHaveLength(31);
    const again = sheetName('x'.repeat(50), taken);
    expect(again).toHaveLength(31);
    expect(again).not.toBe(long);
    expect(sheetName('', taken)).toBe('Sheet');
  });
});

describe('auditHtml', () => {
  const html = auditHtml(REPORT, { title: 'Audit of <shop>', baseUrl: 'https://tool.example' });

  it('runs nothing: no script, the hostile HTML escaped, a policy that forbids scripts', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain(escapeHtml(HOSTILE_HTML));
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:`,
    );
    // No element carries an event handler, and no attribute was broken out of by a quote.
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toContain('<shop>');
    expect(html).toContain('<title>Audit of &#60;shop&#62;</title>');
    expect(html).not.toContain('\u0001');
  });

  it('links only http(s) addresses, each with rel="noopener noreferrer"', () => {
    const anchors = [...html.matchAll(/<a\s([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(anchors.length).toBeGreaterThan(REPORT.findings.length);
    for (const attributes of anchors) {
      const href = /href="([^"]*)"/.exec(attributes)?.[1] ?? '';
      if (href.startsWith('#')) continue;
      expect(href).toMatch(/^https?:\/\//);
      expect(attributes).toContain('rel="noopener noreferrer"');
    }
    expect(html).not.toMatch(/href="javascript:/i);
    const sources = [...html.matchAll(/<img\s[^>]*src="([^"]*)"/g)].map((match) => match[1]);
    expect(sources).toHaveLength(REPORT.findings.length - 1);
    for (const source of sources) expect(source).toMatch(/^https?:\/\//);
    expect(html).toContain('javascript:alert(1)');
    // The quoted address: linked in its parsed form, shown escaped.
    expect(html).toContain(`href="${SITE}/img/a%22b'%3Cc%3E.png?q=%22x%22"`.replace("'", '&#39;'));
    // The re-encoded files, made absolute from the server's address.
    expect(html).toContain('href="https://tool.example/api/website-jobs/job-1/audit/files/hero.avif"');
  });

  it('shows the totals, both charts, the top pages and every finding under its issue', () => {
    expect(html).toContain(`<dt>Findings</dt><dd>${REPORT.summary.findings}</dd>`);
    expect(html).toContain(REPORT.summary.bytesToSave.toLocaleString('en-US'));
    expect(html).toContain(`${(3_757_345).toLocaleString('en-US')} bytes`);
    expect(html.match(/<svg /g)).toHaveLength(2);
    for (const entry of REPORT.summary.byRule) {
      const section = new RegExp(
        `<section id="${entry.rule}"><h2>${escapeHtml(MESSAGES.audit.rules[entry.rule].title)} \\(${entry.count}\\)</h2>`,
      );
      expect(html).toMatch(section);
    }
    expect(html.match(/<article class="finding /g)).toHaveLength(REPORT.findings.length);
    expect(html).toContain('and 4 more');
    expect(html).toContain('@media print');
    expect(html.match(/<td class="url">/g)).toHaveLength(REPORT.summary.topPages.length);
  });
});
