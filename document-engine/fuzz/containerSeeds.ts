/**
 * Seeds of the ZIP container kinds (EPUB, OpenDocument, XLSX, image archives): the corpus has no
 * such files, so they are built in code, from the well-formed and hostile builders of
 * hostile/zipContainers.ts.
 */
import {
  wellFormedCbz,
  wellFormedEpub,
  wellFormedFlatOdt,
  wellFormedOdf,
  wellFormedXlsx,
  ZIP_CONTAINER_HOSTILE_DOCUMENTS,
} from '../hostile/zipContainers.ts';

export type BuiltSeed = { name: string; bytes: Uint8Array };

const hostile = (kinds: readonly string[]): BuiltSeed[] =>
  ZIP_CONTAINER_HOSTILE_DOCUMENTS.filter((doc) => kinds.includes(doc.kind)).map((doc) => ({
    name: `hostile:${doc.name}`,
    bytes: doc.build(),
  }));

/** The built seeds of each container kind the fuzzer has a target for. */
export const ZIP_CONTAINER_SEEDS = {
  epub: () => [
    { name: 'built:epub', bytes: wellFormedEpub() },
    {
      name: 'built:epub-svg',
      bytes: wellFormedEpub('<svg><image xlink:href="../images/a.png"/></svg><img src="../images/cover.png"/>'),
    },
    ...hostile(['epub']),
  ],
  odf: () => [
    { name: 'built:odp', bytes: wellFormedOdf() },
    {
      name: 'built:ods',
      bytes: wellFormedOdf(
        'spreadsheet',
        '<office:spreadsheet><table:table table:name="T"><table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="2"/><table:table-cell><draw:frame><draw:image xlink:href="Pictures/a.png"/></draw:frame></table:table-cell></table:table-row></table:table></office:spreadsheet>',
      ),
    },
    { name: 'built:fodt', bytes: wellFormedFlatOdt() },
    ...hostile(['odt', 'odp', 'ods', 'odg']),
  ],
  xlsx: () => [{ name: 'built:xlsx', bytes: wellFormedXlsx() }, ...hostile(['xlsx'])],
  cbz: () => [{ name: 'built:cbz', bytes: wellFormedCbz() }, ...hostile(['image-archive'])],
} satisfies Record<string, () => BuiltSeed[]>;
