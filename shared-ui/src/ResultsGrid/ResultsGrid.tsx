import { rememberedNameTemplate, rememberNameTemplate } from 'browser-services/files';
import { logError } from 'browser-services/log';
import { toasts } from 'browser-services/toast';
import { formatBytes } from 'media-files';
import { type KeyboardEvent, type ReactNode, useMemo, useState } from 'react';
import { DEFAULT_DOWNLOAD_CHOICES, type DownloadChoices, type ExtractedImage, MESSAGES } from 'shared-contracts';
import { Button } from '../design-system/antd/button.ts';
import { Empty } from '../design-system/antd/empty.ts';
import { Select } from '../design-system/antd/select.ts';
import {
  ChoiceGroup,
  DownloadOutlined,
  FileTextOutlined,
  NativeSelect,
  NumberInput,
  Text,
  Title,
} from '../design-system/index.ts';
import { DuplicatesBar } from '../duplicates/DuplicatesBar.tsx';
import { useDuplicates } from '../duplicates/useDuplicates.ts';
import type { RemoteInBrowserZip } from '../extraction/downloadAll.ts';
import { downloadManifest } from '../extraction/manifest.ts';
import { hasOriginals, namedFiles } from '../extraction/namedFiles.ts';
import { CardGrid, DRAW_ALL_UP_TO, VirtualCardList } from './CardList.tsx';
import { ConvertField } from './ConvertField.tsx';
import { DownloadOptions, downloadOptionsSummary } from './DownloadOptions.tsx';
import type { FigureSvgAction } from './FigureSvgButton.tsx';
import { FileNamesField, NAMES_PREVIEWED } from './FileNamesField.tsx';
import { filterImages, formatsOf, type ImageFilter, mixesFigures } from './filterImages.ts';
import type { CardSection } from './gridRows.ts';
import { groupsOf } from './groupBySource.ts';
import { ImageCard, type ImageLinks } from './ImageCard.tsx';
import { PhoneSheet } from './PhoneSheet.tsx';
import './ResultsGrid.css';
import { SaveSelected, SaveToFolder } from './SelectionActions.tsx';
import {
  EMPTY_SELECTION,
  invert,
  type Selection,
  selectAll,
  selectedOf,
  selectNone,
  selectRange,
  toggle,
} from './selection.ts';
import { useNarrow } from './useNarrow.ts';

export type ResultsGridProps = {
  title: string;
  images: readonly ExtractedImage[];
  /** Open and Download targets of one image. */
  linksFor: (image: ExtractedImage) => ImageLinks;
  onDownload?: (image: ExtractedImage) => void;
  downloadAllLabel?: string;
  /** Download All of what is shown, with the visitor's choices (the one download path takes them). */
  onDownloadAll?: (shown: readonly ExtractedImage[], choices: DownloadChoices) => void;
  downloadAllBusy?: boolean;
  /** Per-source lines on each card. */
  detailsFor?: (image: ExtractedImage) => ReactNode;
  /** Per-card actions such as Save. */
  actionsFor?: (image: ExtractedImage) => ReactNode;
  /** Passed to each card: makes a vector figure's SVG (the screen's call to the server); its card then offers "SVG". */
  figureSvg?: FigureSvgAction;
  /** Show the size/format filters and sorting (on by default). */
  filters?: boolean;
  /** Passed to each card: what to show when a file size is unknown. */
  unknownSizeText?: string;
  /** A card's frame content in place of the image itself (see `ImageCardProps.preview`). */
  previewFor?: (image: ExtractedImage) => ReactNode;
  /** Passed to each card: Save for signed-in visitors (on by default). */
  saveable?: boolean;
  /** Passed to each card: extra buttons on its hover layer. */
  hoverActionsFor?: (image: ExtractedImage) => ReactNode;
  /** Passed to each card: its dimensions, format and size line (on by default). */
  showMeta?: boolean;
  /** For Save to folder, as for the screen's ZIP: images whose bytes must not be fetched (a document's linked images), and why. */
  remoteNote?: RemoteInBrowserZip;
  /** A batch's inputs (`origin`s) in the order the visitor gave them: its groups follow it. */
  sourceOrder?: readonly string[];
};

/**
 * The image under its file name, for the screen's links: a download the server names
 * (`/api/image?download=`) must carry the template's name too.
 */
const namedAs = (image: ExtractedImage, name: string | undefined) =>
  name === undefined || name === image.name ? image : { ...image, name };

/** A card's own lines, then what Find duplicates says of it. */
function withNotes(details: ReactNode, notes: readonly string[]): ReactNode {
  if (notes.length === 0) return details;
  return (
    <>
      {details}
      {notes.map((note) => (
        <div key={note} data-testid="duplicate-note">
          {note}
        </div>
      ))}
    </>
  );
}

/** "Download manifest": a failure is said, never silent. */
async function saveManifest(images: readonly ExtractedImage[], choices: DownloadChoices, kind: 'CSV' | 'JSON') {
  try {
    await downloadManifest(images, choices, kind === 'CSV' ? 'csv' : 'json');
  } catch (error) {
    logError('shared-ui', error, `the ${kind} manifest could not be made`);
    toasts.error(MESSAGES.download.zipFailed.title, MESSAGES.grid.manifestFailed);
  }
}

const SHOWS: { value: NonNullable<ImageFilter['show']>; label: string }[] = [
  { value: 'all', label: MESSAGES.figures.show.all },
  { value: 'figures', label: MESSAGES.figures.show.figures },
  { value: 'images', label: MESSAGES.figures.show.images },
];

const SORTS: { value: NonNullable<ImageFilter['sort']>; label: string }[] = [
  { value: 'found', label: 'As found' },
  { value: 'largest', label: 'Largest first' },
  { value: 'smallest', label: 'Smallest first' },
  { value: 'name', label: 'Name' },
];

/**
 * The one results grid: 1, 2, 3 or 4 columns by width; above the cards, one bar of filters, the
 * selection (a checkbox per card, Select all / none / Invert, Download Selected) and Download All,
 * then "Download options" (names, conversion, metadata, manifests, Save to folder), closed at first.
 * On a phone the filters and the selection's buttons fold into one sheet, so the first picture
 * shows under the heading; the bar keeps what is chosen and the downloads.
 */
export function ResultsGrid({
  title,
  images,
  linksFor,
  onDownload,
  downloadAllLabel = 'Download All',
  onDownloadAll,
  downloadAllBusy = false,
  detailsFor,
  actionsFor,
  figureSvg,
  filters = true,
  unknownSizeText,
  previewFor,
  saveable,
  hoverActionsFor,
  showMeta,
  remoteNote,
  sourceOrder,
}: ResultsGridProps) {
  const [filter, setFilter] = useState<ImageFilter>({ sort: 'found' });
  const duplicates = useDuplicates(images);
  // Many inputs at once: grouped by source, in input order. What is shown follows the groups, so a
  // Shift-click range, Download All and the names agree with what the eye sees.
  const groups = useMemo(
    () => groupsOf(filterImages(duplicates.visible, filter), images, sourceOrder),
    [duplicates.visible, filter, images, sourceOrder],
  );
  const shown = useMemo(
    () => (groups ? groups.flatMap((group) => group.images) : filterImages(duplicates.visible, filter)),
    [groups, duplicates.visible, filter],
  );
  const formats = useMemo(() => formatsOf(images), [images]);
  const withFigures = useMemo(() => mixesFigures(images), [images]);
  const [choices, setChoices] = useState<DownloadChoices>(() => ({
    ...DEFAULT_DOWNLOAD_CHOICES,
    nameTemplate: rememberedNameTemplate(),
  }));
  const setNameTemplate = (nameTemplate: string) => {
    setChoices((c) => ({ ...c, nameTemplate }));
    rememberNameTemplate(nameTemplate);
  };
  // Each card's file is named as it would be in a ZIP of everything shown, so the preview, a
  // single download and Download All agree.
  const fileNames = useMemo(() => {
    const named = namedFiles(shown, { nameTemplate: choices.nameTemplate });
    return new Map(named.map((file) => [file.id, file.name]));
  }, [shown, choices.nameTemplate]);
  const withOriginals = useMemo(() => hasOriginals(images), [images]);
  // A figure's card names the images it draws (each a card too), as they would be downloaded.
  const nameOfId = useMemo(() => new Map(images.map((image) => [image.id, image.name])), [images]);
  const drawsNamesOf = (image: ExtractedImage) =>
    image.figure?.imageIds?.flatMap((id) => {
      const name = fileNames.get(id) ?? nameOfId.get(id);
      return name === undefined ? [] : [name];
    });
  const originalNames = useMemo(() => {
    if (!withOriginals) return undefined;
    const named = namedFiles(shown, { nameTemplate: choices.nameTemplate, rendition: 'original' });
    return new Map(named.map((file) => [file.id, file.name]));
  }, [shown, choices.nameTemplate, withOriginals]);
  // Choosing images is part of downloading them: a grid that downloads nothing has no checkboxes.
  const selectable = onDownloadAll !== undefined;
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const shownIds = useMemo(() => shown.map((image) => image.id), [shown]);
  const selected = useMemo(() => selectedOf(selection, shown), [selection, shown]);
  const selectedBytes = selected.reduce((sum, image) => sum + (image.size ?? 0), 0);
  const narrow = useNarrow();

  // Ctrl/Cmd+A while a card has focus selects every image shown, as in a file manager.
  const onGridKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!selectable || event.key.toLowerCase() !== 'a' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    setSelection((s) => selectAll(s, shownIds));
  };

  // One image's card, wherever its list is drawn (whole, or virtualised).
  const card = (image: ExtractedImage) => (
    <ImageCard
      image={image}
      links={linksFor(namedAs(image, fileNames.get(image.id)))}
      onDownload={onDownload}
      details={withNotes(detailsFor?.(image), duplicates.notesFor(image))}
      actions={actionsFor?.(image)}
      unknownSizeText={unknownSizeText}
      preview={previewFor?.(image)}
      saveable={saveable}
      hoverActions={hoverActionsFor?.(image)}
      showMeta={showMeta}
      fileName={fileNames.get(image.id)}
      originalFileName={originalNames?.get(image.id)}
      drawsNames={drawsNamesOf(image)}
      figureSvg={figureSvg}
      selection={
        selectable
          ? {
              selected: selection.ids.has(image.id),
              onToggle: (range) =>
                setSelection((s) => (range ? selectRange(s, shownIds, image.id) : toggle(s, image.id))),
            }
          : undefined
      }
    />
  );
  // The cards of a list of images (the whole set, or one source's group of a batch).
  const cards = (list: readonly ExtractedImage[]) => (
    <CardGrid role="list" onKeyDown={onGridKeyDown}>
      {list.map((image) => (
        // biome-ignore lint/a11y/useSemanticElements: the same cells as the virtual list's (CardGrid), where an li could not be used
        <div key={image.id} role="listitem">
          {card(image)}
        </div>
      ))}
    </CardGrid>
  );
  const sourceHeading = (origin: string, count: number) => (
    <Title level={3} className="ie-results__source-heading">
      {MESSAGES.grid.sourceHeading(origin || MESSAGES.grid.otherSource, count)}
    </Title>
  );
  // A large set mounts only the rows near the viewport: the same cards and headings, as rows.
  const sections = useMemo<CardSection<ExtractedImage>[]>(
    () =>
      groups
        ? groups.map((group) => ({ key: group.origin, heading: group.origin, images: group.images }))
        : [{ key: '', images: shown }],
    [groups, shown],
  );

  // The bar's pieces: the same elements sit in the bar, or on a phone in its sheet.
  const filterControls =
    filters && images.length > 1 ? (
      <div className="ie-results__group ie-results__filters">
        {withFigures ? (
          <span className="ie-results__show">
            <Text id="ie-show-label">{MESSAGES.figures.showLabel}</Text>
            <NativeSelect
              aria-labelledby="ie-show-label"
              className="ie-results__control ie-results__control--show"
              value={filter.show ?? 'all'}
              onChange={(show) => setFilter((f) => ({ ...f, show }))}
              options={SHOWS}
            />
          </span>
        ) : null}
        <span className="ie-results__min-size">
          <Text id="ie-min-size-label">Minimum size</Text>
          <NumberInput
            min={0}
            max={10_000}
            step={50}
            value={filter.minSidePx ?? 0}
            onChange={(value) => setFilter((f) => ({ ...f, minSidePx: value }))}
            suffix="px"
            aria-labelledby="ie-min-size-label"
            className="ie-results__control ie-results__control--number"
          />
        </span>
        <Select
          mode="multiple"
          allowClear
          placeholder="All formats"
          aria-label="Formats"
          className="ie-results__control ie-results__control--formats"
          value={[...(filter.formats ?? [])]}
          onChange={(value: string[]) => setFilter((f) => ({ ...f, formats: value }))}
          options={formats.map((format) => ({ value: format, label: format }))}
          // In the sheet (a modal dialog) the page behind is inert: its list opens inside the sheet.
          getPopupContainer={narrow ? (trigger: HTMLElement) => trigger.closest('dialog') ?? document.body : undefined}
        />
        <NativeSelect
          aria-label="Sort"
          className="ie-results__control ie-results__control--sort"
          value={filter.sort ?? 'found'}
          onChange={(sort) => setFilter((f) => ({ ...f, sort }))}
          options={SORTS}
        />
      </div>
    ) : null;
  const activeFilters =
    (filter.minSidePx ? 1 : 0) + (filter.formats?.length ? 1 : 0) + (filter.show && filter.show !== 'all' ? 1 : 0);
  const selectionButtons =
    selectable && shown.length > 0 ? (
      <>
        <Button onClick={() => setSelection((s) => selectAll(s, shownIds))}>{MESSAGES.grid.selectAll}</Button>
        <Button onClick={() => setSelection(selectNone())}>{MESSAGES.grid.selectNone}</Button>
        <Button onClick={() => setSelection((s) => invert(s, shownIds))}>{MESSAGES.grid.invert}</Button>
        <DuplicatesBar duplicates={duplicates} />
      </>
    ) : null;
  const selectionSummary = (
    <Text aria-live="polite" data-testid="selection-summary">
      {MESSAGES.grid.selected(selected.length, formatBytes(selectedBytes) ?? '0 B')}
    </Text>
  );
  const downloadSelected = (
    <Button
      type="primary"
      icon={<DownloadOutlined />}
      disabled={selected.length === 0}
      loading={downloadAllBusy}
      onClick={() => onDownloadAll?.(selected, choices)}
    >
      {MESSAGES.grid.downloadSelected}
    </Button>
  );
  const saveSelected = <SaveSelected selected={selected} />;
  // The selection's toolbar, in the bar on a desktop and in the sheet on a phone.
  const selectionToolbar = (children: ReactNode) => (
    <div className="ie-results__group ie-results__selection" role="toolbar" aria-label={MESSAGES.grid.selectionLabel}>
      {children}
    </div>
  );

  return (
    <section className="ie-results" aria-labelledby="ie-results-title" style={{ margin: '32px 0' }}>
      <div className="ie-results__head">
        <Title level={2} id="ie-results-title" style={{ margin: 0 }}>
          {title}
        </Title>
        <Text type="secondary" aria-live="polite" data-testid="results-count">
          {shown.length === images.length
            ? `${images.length} ${images.length === 1 ? 'image' : 'images'}`
            : `${shown.length} of ${images.length} images shown`}
        </Text>
      </div>
      {/* One bar before the pictures: what is shown, what is chosen, and the downloads of either. */}
      <div className="ie-results__bar">
        {narrow ? (
          filterControls || selectionButtons ? (
            <PhoneSheet label={MESSAGES.grid.phoneSheet(activeFilters)}>
              {filterControls}
              {selectionButtons
                ? selectionToolbar(
                    <>
                      {selectionButtons}
                      {saveSelected}
                    </>,
                  )
                : null}
            </PhoneSheet>
          ) : null
        ) : (
          filterControls
        )}
        {narrow ? (
          selectionButtons ? (
            <div className="ie-results__chosen">
              {selectionSummary}
              {selected.length > 0 ? downloadSelected : null}
            </div>
          ) : null
        ) : selectionButtons ? (
          selectionToolbar(
            <>
              {selectionButtons}
              {selectionSummary}
              {downloadSelected}
              {saveSelected}
            </>,
          )
        ) : null}
        {onDownloadAll ? (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={downloadAllBusy}
            disabled={shown.length === 0}
            onClick={() => onDownloadAll(shown, choices)}
            className="ie-results__download-all"
          >
            {downloadAllLabel}
          </Button>
        ) : null}
      </div>
      {selectable && shown.length > 0 ? (
        <DownloadOptions summary={downloadOptionsSummary(choices, withOriginals)}>
          <FileNamesField
            template={choices.nameTemplate}
            onChange={setNameTemplate}
            firstNames={namedFiles(shown.slice(0, NAMES_PREVIEWED), { ...choices, rendition: 'view' }).map(
              (f) => f.name,
            )}
          />
          <ConvertField choices={choices} onChange={(change) => setChoices((c) => ({ ...c, ...change }))} />
          <div className="ie-results__names">
            {withOriginals ? (
              <ChoiceGroup
                aria-label={MESSAGES.grid.renditionLabel}
                value={choices.rendition}
                onChange={(rendition) => setChoices((c) => ({ ...c, rendition }))}
                options={[
                  { value: 'view', label: MESSAGES.rendition.zipAsShown },
                  { value: 'original', label: MESSAGES.rendition.zipOriginals },
                ]}
              />
            ) : null}
            {(['CSV', 'JSON'] as const).map((kind) => (
              <Button
                key={kind}
                icon={<FileTextOutlined />}
                aria-label={MESSAGES.grid.manifestLabel(kind)}
                onClick={() => void saveManifest(shown, choices, kind)}
              >
                {MESSAGES.grid.manifest(kind)}
              </Button>
            ))}
            <SaveToFolder selected={selected} choices={choices} remoteNote={remoteNote} />
          </div>
        </DownloadOptions>
      ) : null}
      {shown.length === 0 ? (
        <Empty description="No image matches these filters." />
      ) : shown.length > DRAW_ALL_UP_TO ? (
        <VirtualCardList
          sections={sections}
          renderCard={card}
          renderHeading={(section) => sourceHeading(section.key, section.images.length)}
          onKeyDown={onGridKeyDown}
        />
      ) : groups ? (
        groups.map((group) => (
          <div key={group.origin} className="ie-results__source" data-testid="source-group">
            {sourceHeading(group.origin, group.images.length)}
            {cards(group.images)}
          </div>
        ))
      ) : (
        cards(shown)
      )}
    </section>
  );
}
