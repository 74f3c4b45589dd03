/**
 * Seeds of the e-mail, saved page, RTF, Outlook and Excel 97-2003 kinds: the corpus has no such
 * files, so they are built in code around the corpus's pictures (the builders the tests check
 * the readers with), with the hostile classes of hostile/mail.ts and hostile/rtf.ts.
 */
import type { HostileDocument } from '../hostile/hostileDocument.ts';
import { MAIL_HOSTILE_DOCUMENTS } from '../hostile/mail.ts';
import { RTF_HOSTILE_DOCUMENTS } from '../hostile/rtf.ts';
import { corpusMedia } from '../tests/corpusMedia.ts';
import { sampleEml, sampleMhtml, sampleMsg, sampleRtf, sampleWorkbook } from '../tests/mailFixtures.ts';
import type { BuiltSeed } from './containerSeeds.ts';

const hostile = (kind: HostileDocument['kind']): BuiltSeed[] =>
  [...MAIL_HOSTILE_DOCUMENTS, ...RTF_HOSTILE_DOCUMENTS]
    .filter((doc) => doc.kind === kind)
    .map((doc) => ({ name: `hostile:${doc.name}`, bytes: doc.build() }));

/** The built seeds of each kind the fuzzer has a target for. */
export const MAIL_CONTAINER_SEEDS = {
  eml: () => [{ name: 'built:eml', bytes: sampleEml(corpusMedia()) }, ...hostile('eml')],
  mhtml: () => [{ name: 'built:mhtml', bytes: sampleMhtml(corpusMedia()) }, ...hostile('mhtml')],
  rtf: () => [{ name: 'built:rtf', bytes: sampleRtf(corpusMedia()) }, ...hostile('rtf')],
  msg: () => [{ name: 'built:msg', bytes: sampleMsg(corpusMedia()) }],
  xls: () => [{ name: 'built:xls', bytes: sampleWorkbook(corpusMedia()) }],
} satisfies Record<string, () => BuiltSeed[]>;
