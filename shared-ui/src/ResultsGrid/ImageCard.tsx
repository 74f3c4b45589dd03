import { formatBytes, formatDimensions } from 'media-files';
import { type PointerEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { OriginalFile } from 'shared-contracts';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { SaveImageButton } from '../account/SaveImageButton.tsx';
import { Button } from '../design-system/antd/button.ts';
import { Tooltip } from '../design-system/antd/tooltip.ts';
import {
  Card,
  Checkbox,
  DownloadOutlined,
  ExportOutlined,
  FileOutlined,
  Paragraph,
  Text,
} from '../design-system/index.ts';
import { DetailsButton } from '../metadata/DetailsButton.tsx';
import { type FigureSvgAction, FigureSvgButton } from './FigureSvgButton.tsx';
import './ImageCard.css';

/** Where a card's Open and Download go. A real link each: Download saves a real file. */
export type ImageLinks = { open: string; download: string };

export type ImageCardProps = {
  image: ExtractedImage;
  links: ImageLinks;
  /** Called as the download starts (the screens raise the download toast). */
  onDownload?: (image: ExtractedImage) => void;
  /** Extra lines under the size and format: page, slide, time, "Found on page"... */
  details?: ReactNode;
  /** Extra actions under the card. */
  actions?: ReactNode;
  /** Save to My Downloads for signed-in visitors (on by default; the profile's own cards turn it off). */
  saveable?: boolean;
  /** Extra buttons on the picture's hover layer, after Open and Download. */
  hoverActions?: ReactNode;
  /** The dimensions, format and size line (on by default). */
  showMeta?: boolean;
  /** Shown in place of the file size when it is unknown (the website tool shows `N/A`); hidden if unset. */
  unknownSizeText?: string;
  /**
   * What the frame shows instead of `<img src={image.url}>`: a converted preview (EMF, WMF), or a
   * placeholder for a format the browser cannot show or a linked image that must not be fetched.
   */
  preview?: ReactNode;
  /** The name its Download saves under (the grid's file-name template); the image's name if unset. */
  fileName?: string | undefined;
  /** The same for its "Original file". */
  originalFileName?: string | undefined;
  /** A checkbox on the card ("Select <name>"), when the grid lets the visitor choose images. */
  selection?: CardSelection;
  /** A figure's: the names of the images it draws that are cards of their own (`figure.imageIds`). */
  drawsNames?: readonly string[] | undefined;
  /** Makes a vector figure's SVG from its vector PDF: given, a vector figure's card offers "SVG". */
  figureSvg?: FigureSvgAction | undefined;
};

/** The card's part in the grid's selection. */
export type CardSelection = {
  selected: boolean;
  /** `range`: Shift was held (click or Space), so the grid selects from the last card toggled to this one. */
  onToggle: (range: boolean) => void;
};

export function ImageCard({
  image,
  links,
  onDownload,
  details,
  actions,
  unknownSizeText,
  preview,
  saveable = true,
  hoverActions,
  showMeta = true,
  selection,
  fileName = image.name,
  originalFileName,
  drawsNames,
  figureSvg,
}: ImageCardProps) {
  const label = image.alt?.trim() || image.name;
  const sizeText = formatBytes(image.size) ?? unknownSizeText;
  // Details reads the bytes the card shows; a linked image shown by a placeholder is never fetched.
  const withDetails = !(preview && /^https?:/i.test(image.url));
  const hints = useHoverHints();
  const openLabel = `Open ${image.name} in a new tab`;
  const downloadLabel = `Download ${image.name}`;
  const openButton = (
    <Button
      shape="circle"
      icon={<ExportOutlined />}
      href={links.open}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={openLabel}
    />
  );
  const downloadButton = (
    <Button
      shape="circle"
      type="primary"
      icon={<DownloadOutlined />}
      href={links.download}
      download={fileName}
      aria-label={downloadLabel}
      onClick={() => onDownload?.(image)}
    />
  );
  const captureWays = (image.foundIn ?? []).flatMap((place) => MESSAGES.capture.ways[place] ?? []);
  return (
    <Card
      className={selection?.selected ? 'ie-image-card ie-image-card--selected' : 'ie-image-card'}
      size="small"
      onPointerEnter={hints.onPointerEnter}
      cover={
        <div className="ie-image-card__frame">
          {/* A full-size original is previewed by the copy the page showed: the same picture, a fraction of the bytes. */}
          {preview ?? <img src={image.shownOnPage?.url ?? image.url} alt={label} loading="lazy" decoding="async" />}
          {selection ? <SelectBox name={image.name} selection={selection} /> : null}
          <div className="ie-image-card__hover" ref={hints.hoverRef}>
            {hints.on ? (
              <Tooltip title="Open in a new tab" defaultOpen={hints.firstOver === openLabel}>
                {openButton}
              </Tooltip>
            ) : (
              openButton
            )}
            {hints.on ? (
              <Tooltip title="Download" defaultOpen={hints.firstOver === downloadLabel}>
                {downloadButton}
              </Tooltip>
            ) : (
              downloadButton
            )}
            {hoverActions}
          </div>
        </div>
      }
    >
      <Text className="ie-image-card__name" ellipsis={{ tooltip: image.name }}>
        {image.name}
      </Text>
      {image.figure ? <FigureLines image={image} drawsNames={drawsNames} /> : null}
      {showMeta ? (
        <div className="ie-image-card__meta">
          <span>{formatDimensions(image)}</span>
          <span className="ie-image-card__format">{image.format ?? 'UNKNOWN'}</span>
          {sizeText ? <span>{sizeText}</span> : null}
        </div>
      ) : null}
      {details ? <div className="ie-image-card__details">{details}</div> : null}
      <ContainerLines image={image} />
      {captureWays.length > 0 ? (
        <Paragraph type="secondary" className="ie-image-card__note" data-testid="captured">
          {MESSAGES.capture.line(captureWays)}
        </Paragraph>
      ) : null}
      {image.shownOnPage ? (
        <Paragraph type="secondary" className="ie-image-card__note" data-testid="full-size">
          {MESSAGES.originals.fullSize(image, image.shownOnPage)}
        </Paragraph>
      ) : null}
      {image.figure ? (
        // A figure is cut from a page, not stored: "shown as in the document" would not be true of it.
        <Paragraph type="secondary" className="ie-image-card__note" data-testid="view-changes">
          {MESSAGES.figures.drawnAt(image.figure.dpi)}
        </Paragraph>
      ) : image.viewChanges?.length ? (
        <Paragraph type="secondary" className="ie-image-card__note" data-testid="view-changes">
          {MESSAGES.rendition.shownAs(image.viewChanges.map((change) => MESSAGES.rendition.changes[change]))}
        </Paragraph>
      ) : null}
      {image.note ? (
        <Paragraph type="secondary" className="ie-image-card__note">
          {image.note}
        </Paragraph>
      ) : null}
      {actions || saveable || image.original || withDetails ? (
        <div className="ie-image-card__actions">
          {image.original ? (
            <OriginalFileButton
              original={image.original}
              imageName={image.name}
              fileName={originalFileName ?? image.original.name}
              vectorPdf={image.figure !== undefined}
            />
          ) : null}
          {/* A picture figure's SVG would be its raster in a wrapper: vector figures only. */}
          {figureSvg && image.figure?.vector && image.original ? (
            <FigureSvgButton image={image} fileName={fileName} makeSvg={figureSvg} />
          ) : null}
          {saveable ? <SaveImageButton image={image} /> : null}
          {withDetails ? <DetailsButton image={image} /> : null}
          {actions}
        </div>
      ) : null}
    </Card>
  );
}

/**
 * The hover layer's tooltips (Open, Download), mounted when a pointer first comes over the card:
 * two antd Tooltips were much of a card's mount, and the grid mounts a row of cards as it scrolls
 * (bench/RESULTS.md). They show on hover only, so nothing is lost before it. Wrapping a button
 * remounts it: the one the pointer came in on opens its tooltip at once (`firstOver`), and one
 * that had the keyboard's focus gets it back.
 */
function useHoverHints() {
  const [on, setOn] = useState(false);
  const [firstOver, setFirstOver] = useState<string | null>(null);
  const hoverRef = useRef<HTMLDivElement>(null);
  const refocus = useRef<string | null>(null);
  const onPointerEnter = (event: PointerEvent<HTMLElement>) => {
    if (on) return;
    const target = event.target instanceof Element ? event.target.closest('a[aria-label], button[aria-label]') : null;
    setFirstOver(target?.getAttribute('aria-label') ?? null);
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && hoverRef.current?.contains(focused)) {
      refocus.current = focused.getAttribute('aria-label');
    }
    setOn(true);
  };
  useLayoutEffect(() => {
    const label = refocus.current;
    refocus.current = null;
    if (!on || label === null) return;
    for (const element of hoverRef.current?.querySelectorAll<HTMLElement>('[aria-label]') ?? []) {
      if (element.getAttribute('aria-label') === label) element.focus();
    }
  }, [on]);
  return { on, firstOver, hoverRef, onPointerEnter };
}

/** The stored file, one click away when the card shows another rendition of it: a figure's is its vector PDF. */
function OriginalFileButton({
  original,
  imageName,
  fileName,
  vectorPdf,
}: {
  original: OriginalFile;
  imageName: string;
  fileName: string;
  vectorPdf: boolean;
}) {
  return (
    <Button
      size="small"
      icon={<FileOutlined />}
      href={original.url}
      download={fileName}
      aria-label={
        vectorPdf ? MESSAGES.figures.vectorPdfLabel(imageName) : MESSAGES.rendition.originalFileLabel(imageName)
      }
    >
      {vectorPdf ? MESSAGES.figures.vectorPdf : MESSAGES.rendition.originalFile}
    </Button>
  );
}

/** A caption longer than this is clamped to a few lines on the card, with a way to read it whole. */
const CAPTION_CLAMP_CHARS = 140;

/** A figure's card: "Figure 3 · page 7 · vector", its caption, and the images it draws that are cards too. */
export function figureCardLine(figure: NonNullable<ExtractedImage['figure']>, page: number | undefined): string {
  return MESSAGES.figures.cardLine(MESSAGES.figures.label(figure.kind, figure.number), page, figure.vector);
}

function FigureLines({ image, drawsNames }: { image: ExtractedImage; drawsNames: readonly string[] | undefined }) {
  const [whole, setWhole] = useState(false);
  const figure = image.figure;
  if (!figure) return null;
  const long = figure.caption.length > CAPTION_CLAMP_CHARS;
  return (
    <div className="ie-image-card__figure">
      <Text strong data-testid="figure-label">
        {figureCardLine(figure, image.pageNumbers?.[0])}
      </Text>
      {figure.caption ? (
        <Paragraph
          className={
            whole || !long ? 'ie-image-card__caption' : 'ie-image-card__caption ie-image-card__caption--clamped'
          }
          data-testid="figure-caption"
        >
          {figure.caption}
        </Paragraph>
      ) : null}
      {long ? (
        <Button size="small" type="link" aria-expanded={whole} onClick={() => setWhole((open) => !open)}>
          {MESSAGES.figures.fullCaption}
        </Button>
      ) : null}
      {drawsNames?.length ? (
        <Paragraph type="secondary" className="ie-image-card__note" data-testid="figure-draws">
          {MESSAGES.figures.draws(drawsNames)}
        </Paragraph>
      ) : null}
    </div>
  );
}

/**
 * The card's checkbox, its keyboard focus point: Space toggles it, Shift+Space and Shift+click
 * select a range. Shift is read from the key or the pointer that caused the change: the click a
 * browser makes of a Space press does not say whether Shift was held.
 */
function SelectBox({ name, selection }: { name: string; selection: CardSelection }) {
  const shift = useRef(false);
  return (
    <span
      className="ie-image-card__select"
      onKeyDownCapture={(event) => {
        if (event.key === ' ') shift.current = event.shiftKey;
      }}
      onClickCapture={(event) => {
        // detail 0: a click made from the keyboard, whose Shift was read on key down.
        if (event.detail > 0) shift.current = event.shiftKey;
      }}
    >
      <Checkbox
        checked={selection.selected}
        aria-label={MESSAGES.grid.select(name)}
        onChange={() => {
          selection.onToggle(shift.current);
          shift.current = false;
        }}
      />
    </span>
  );
}

/**
 * Where in a container the picture was: a workbook's sheet and cell, an e-book's chapter, an
 * e-mail's attachment and Content-ID, a saved page's address. Nothing for other sources.
 */
function ContainerLines({ image }: { image: ExtractedImage }) {
  const w = MESSAGES.containers;
  const lines = [
    image.sheet || image.cell ? w.sheetCell(image.sheet, image.cell) : undefined,
    image.chapter || image.chapterTitle ? w.chapter(image.chapter, image.chapterTitle) : undefined,
    image.fileName ? w.attachment(image.fileName) : undefined,
    image.contentId ? w.contentId(image.contentId) : undefined,
    image.sourceUrl ? w.savedFrom(image.sourceUrl) : undefined,
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return null;
  return (
    <div className="ie-image-card__details" data-testid="image-container-place">
      {lines.map((line) => (
        <Text key={line} type="secondary" ellipsis={{ tooltip: line }} style={{ display: 'block' }}>
          {line}
        </Text>
      ))}
    </div>
  );
}
