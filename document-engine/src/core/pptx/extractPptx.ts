/**
 * PowerPoint (.pptx): images with the slides (1-based, in presentation order) that show them.
 *
 * Slides come in `p:sldIdLst` order. Each slide's images are found through its relationships,
 * in document order (a `p:bg` picture is marked `background`); then those of its layout
 * (`layout`), of the layout's master (`master`) and of the master's theme (background fill
 * styles), then of its speaker notes (`notes`). Masters and layouts no slide uses, the notes master
 * and the handout master come last. An image is listed once, where it is first found, with every
 * slide that shows it: a first pass over the relationship parts only (small) maps each image to
 * the slides that reference it directly, through their notes, or through their layout and master,
 * so each image can be yielded as soon as its first slide is read.
 *
 * A rendition is a picture as one use shows it: the same stored picture shown whole on one slide
 * and cropped on another is two images, each with the slides that show it that way. When a
 * picture is used by more than one part, those parts' XML is read (once each) to tell which of
 * them show which rendition; a picture only one part uses needs no more reading.
 *
 * Relationship walks are iterative and bounded (see scanPart.ts); the slide → layout → master
 * steps take one relationship each and every part is read once (`done`), so a layout or master
 * that relates back to a slide cannot loop.
 *
 * Theme images carry no slide numbers: a theme's background fill styles show only where a
 * background refers to one, which the relationships alone do not tell. Movies and sounds
 * (video, audio and media relationships) are not images and are left out; their poster frames are
 * images and are kept.
 */
import { throwIfAborted } from '../../errors.ts';
import { newImagesOf } from '../ooxml/imageFromPart.ts';
import { ooxmlExtractor } from '../ooxml/officeDocument.ts';
import type { OoxmlPackage } from '../ooxml/openPackage.ts';
import { RELATIONSHIP_ATTRIBUTE_NAMESPACES, type Relationships } from '../ooxml/relationships.ts';
import { collectImageKeys, type ImageReference, imageKey, renditionKey, scanPart } from '../ooxml/scanPart.ts';
import { walkXml } from '../ooxml/xmlReader.ts';
import type { DocumentExtractor, DocumentImage } from '../types.ts';

type Presentation = {
  slides: string[];
  masters: string[];
  /** Notes master and handout master. */
  otherMasters: string[];
};

type PartJob = { partName: string; role: string; note?: string };

/**
 * Nested parts (charts, SmartArt) the slide-number map visits, all slides together: far above
 * real decks (3,000 slides with ten charts each is 30,000). 8,000 slides sharing one chart that
 * relates to 2,000 more took 4 s more without it; past it, crafted decks get fewer slide numbers.
 */
const MAX_MAPPED_NESTED_PARTS = 100_000;

export const extractPptx: DocumentExtractor = ooxmlExtractor(
  'presentation',
  async function* extractPptx(pkg, presentationPart, { signal, onProgress }) {
    const { slides, masters, otherMasters } = readPresentation(pkg, presentationPart);
    const { slidesByImage, partsByImage, slidesByPart } = mapImagesToSlides(pkg, slides);
    throwIfAborted(signal);
    const renditionsByPart = new Map<string, Set<string>>();
    const renditionsOf = (part: string): Set<string> => {
      let keys = renditionsByPart.get(part);
      if (!keys) {
        keys = new Set(
          scanPart(pkg, part).flatMap((reference) => (reference.kind === 'image' ? [renditionKey(reference)] : [])),
        );
        renditionsByPart.set(part, keys);
      }
      return keys;
    };
    const slideNumbersOf = (reference: ImageReference): number[] => {
      const imageId = imageKey(reference.relationship);
      const all = slidesByImage.get(imageId);
      if (!all) return [];
      const parts = partsByImage.get(imageId) ?? new Set<string>();
      if (parts.size <= 1) return [...all].sort((a, b) => a - b);
      const wanted = renditionKey(reference);
      const numbers = new Set<number>();
      for (const part of parts) {
        if (renditionsOf(part).has(wanted))
          for (const slideNumber of slidesByPart.get(part) ?? []) numbers.add(slideNumber);
      }
      return [...numbers].sort((a, b) => a - b);
    };

    const visited = new Set<string>();
    const found = new Set<string>();
    const done = new Set<string>();

    async function* imagesOf(job: PartJob): AsyncGenerator<DocumentImage> {
      const key = job.partName.toLowerCase();
      if (done.has(key) || !pkg.hasPart(job.partName)) return;
      done.add(key);
      visited.add(key);
      for await (const [reference, image] of newImagesOf(pkg, scanPart(pkg, job.partName, visited), found)) {
        throwIfAborted(signal);
        if (!image) continue;
        const notes = [
          image.note,
          job.note,
          reference.placed ? undefined : 'Not placed on the slide: only listed in its relationships.',
        ].filter((note): note is string => note !== undefined);
        yield {
          ...image,
          slideNumbers: slideNumbersOf(reference),
          role: reference.inBackground ? 'background' : job.role,
          ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
        };
      }
    }

    async function* masterAndTheme(masterPart: string): AsyncGenerator<DocumentImage> {
      yield* imagesOf({ partName: masterPart, role: 'master' });
      const theme = firstTarget(pkg.relationships(masterPart), 'theme');
      if (theme)
        yield* imagesOf({ partName: theme, role: 'master', note: "A background style of the master's theme." });
    }

    for (const [index, slide] of slides.entries()) {
      throwIfAborted(signal);
      const slideRelationships = pkg.relationships(slide);
      yield* imagesOf({ partName: slide, role: 'slide' });
      const layout = firstTarget(slideRelationships, 'slideLayout');
      if (layout) {
        yield* imagesOf({ partName: layout, role: 'layout' });
        const master = firstTarget(pkg.relationships(layout), 'slideMaster');
        if (master) yield* masterAndTheme(master);
      }
      const notes = firstTarget(slideRelationships, 'notesSlide');
      if (notes) yield* imagesOf({ partName: notes, role: 'notes' });
      onProgress?.({ done: index + 1, total: slides.length, unit: 'slides' });
    }

    // What no slide uses: masters and their layouts, then the notes and handout masters.
    for (const master of masters) {
      throwIfAborted(signal);
      yield* masterAndTheme(master);
      for (const relationship of pkg.relationships(master).list) {
        if (relationship.kind === 'slideLayout' && relationship.targetPart) {
          yield* imagesOf({ partName: relationship.targetPart, role: 'layout' });
        }
      }
    }
    for (const master of otherMasters) {
      throwIfAborted(signal);
      yield* masterAndTheme(master);
    }
  },
);

/** Slides in `p:sldIdLst` order, and the masters, from presentation.xml and its relationships. */
function readPresentation(pkg: OoxmlPackage, presentationPart: string): Presentation {
  const relationships = pkg.relationships(presentationPart);
  const xml = pkg.readXml(presentationPart) ?? '';
  const idsByElement = new Map<string, string[]>();
  walkXml(
    xml,
    {
      open(element) {
        if (!LISTED_ELEMENTS.has(element.local) || !element.uri.includes('presentationml')) return;
        const id = element.attributes.find(
          (attribute) => attribute.local === 'id' && RELATIONSHIP_ATTRIBUTE_NAMESPACES.has(attribute.uri),
        )?.value;
        if (id === undefined) return;
        const ids = idsByElement.get(element.local) ?? [];
        ids.push(id);
        idsByElement.set(element.local, ids);
      },
    },
    presentationPart,
  );
  const targets = (element: string, kind: string): string[] => {
    const listed = (idsByElement.get(element) ?? [])
      .map((id) => relationships.byId.get(id))
      .filter((relationship) => relationship?.kind === kind && relationship.targetPart !== undefined)
      .map((relationship) => relationship?.targetPart as string);
    const all = relationships.list
      .filter((relationship) => relationship.kind === kind && relationship.targetPart !== undefined)
      .map((relationship) => relationship.targetPart as string);
    // Slides not in the list are not part of the show; masters not in it are still read, at the end.
    return unique(kind === 'slide' ? listed : [...listed, ...all]).filter((part) => pkg.hasPart(part));
  };
  return {
    slides: targets('sldId', 'slide'),
    masters: targets('sldMasterId', 'slideMaster'),
    otherMasters: [...targets('notesMasterId', 'notesMaster'), ...targets('handoutMasterId', 'handoutMaster')],
  };
}

const LISTED_ELEMENTS: ReadonlySet<string> = new Set(['sldId', 'sldMasterId', 'notesMasterId', 'handoutMasterId']);

type SlideMap = {
  /** Image key → the slides that show it, one way or another. */
  slidesByImage: Map<string, Set<number>>;
  /** Image key → the slides, notes, layouts and masters that show it (themselves or in a chart…). */
  partsByImage: Map<string, Set<string>>;
  /** Slide, notes, layout or master → the slides it shows on. */
  slidesByPart: Map<string, number[]>;
};

/**
 * Image key → slide numbers: what each slide references itself or through its notes, and what its
 * layout and master reference (to every slide that uses them). Relationship parts only.
 */
function mapImagesToSlides(pkg: OoxmlPackage, slides: readonly string[]): SlideMap {
  const slidesByImage = new Map<string, Set<number>>();
  const slidesByPart = new Map<string, number[]>();
  const slidesBySharedPart = new Map<string, number[]>();
  const partsByImage = new Map<string, Set<string>>();
  const addPart = (key: string, part: string) => {
    const parts = partsByImage.get(key) ?? new Set<string>();
    parts.add(part);
    partsByImage.set(key, parts);
  };
  const budget = { parts: MAX_MAPPED_NESTED_PARTS };
  const addSlide = (key: string, slideNumber: number) => {
    const numbers = slidesByImage.get(key) ?? new Set<number>();
    numbers.add(slideNumber);
    slidesByImage.set(key, numbers);
  };
  for (const [index, slide] of slides.entries()) {
    const slideNumber = index + 1;
    const relationships = pkg.relationships(slide);
    const layout = firstTarget(relationships, 'slideLayout');
    const master = layout ? firstTarget(pkg.relationships(layout), 'slideMaster') : undefined;
    const notes = firstTarget(relationships, 'notesSlide');
    for (const part of [slide, notes]) {
      if (!part) continue;
      slidesByPart.set(part, [slideNumber]);
      for (const key of collectImageKeys(pkg, part, new Set(), budget)) {
        addSlide(key, slideNumber);
        addPart(key, part);
      }
    }
    for (const part of [layout, master]) {
      if (!part) continue;
      const numbers = slidesBySharedPart.get(part) ?? [];
      numbers.push(slideNumber);
      slidesBySharedPart.set(part, numbers);
      slidesByPart.set(part, numbers);
    }
  }
  for (const [part, slideNumbers] of slidesBySharedPart) {
    for (const key of collectImageKeys(pkg, part, new Set(), budget)) {
      addPart(key, part);
      for (const slideNumber of slideNumbers) addSlide(key, slideNumber);
    }
  }
  return { slidesByImage, partsByImage, slidesByPart };
}

function firstTarget(relationships: Relationships, kind: string): string | undefined {
  return relationships.list.find((relationship) => relationship.kind === kind && !relationship.external)?.targetPart;
}

function unique(parts: readonly string[]): string[] {
  const seen = new Set<string>();
  return parts.filter((part) => {
    const key = part.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
