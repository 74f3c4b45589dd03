/**
 * What the site tells a visitor about what happened and what to do: toasts, errors, refusals and
 * limits, form checks, progress and results, shared by the server and the screens, so one sentence
 * lives in one place. Headings, info sections, FAQ answers and button labels live in the pages.
 * A `{n}`-style value is filled by the function that carries it.
 */
import {
  DOCX_MAX_BYTES,
  GiB,
  MiB,
  PDF_MAX_BYTES,
  PPT_MAX_BYTES,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_DURATION_SECONDS,
} from '../limits.ts';

/** A wait in words a visitor reads at a glance: seconds under 90 s, minutes under an hour, else hours, rounded up. */
function waitWords(seconds: number): string {
  const [n, unit] =
    seconds < 90
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** An image's sides in pixels, as far as they were measured. */
type Sides = { width?: number | undefined; height?: number | undefined };

/** How a document screen (PDF, Word, PowerPoint) names its kind of file in its toasts. */
type DocumentWords = {
  /** "Processing …": the format's short name. */
  processing: string;
  /** What to upload, with its article: "a Word document". */
  upload: string;
  /** The refusal of another kind of file, whole: it names the extensions where there are several. */
  invalidType: string;
  /** The screen's size limit, said in MB. */
  maxBytes: number;
  /** "this …", "from …": "Word document". */
  name: string;
  /** "from your …": "document". */
  yours: string;
};

/** A document screen's toasts: the same sentences on the three screens, each naming its kind of file. */
function documentScreen(words: DocumentWords) {
  return {
    invalidType: { title: 'Invalid File Type', description: words.invalidType },
    tooLarge: { title: 'File Too Large', description: `Maximum file size is ${words.maxBytes / MiB}MB.` },
    noFile: { title: 'No File Selected', description: `Please upload ${words.upload} first.` },
    processing: { title: `Processing ${words.processing}` },
    complete: (n: number) => ({
      title: 'Extraction Complete',
      description: `Successfully extracted ${n} images from your ${words.yours}`,
    }),
    failed: {
      title: 'Extraction Failed',
      description: `We couldn't extract images from this ${words.name}. Please try a different file.`,
    },
    fallbackError: `Failed to extract images from ${words.name}.`,
  };
}

export const MESSAGES = {
  url: {
    required: { title: 'URL Required', description: 'Please enter a valid webpage URL' },
    success: (n: number) => ({ title: 'Images extracted!', description: `Found ${n} images on the webpage.` }),
    failed: {
      title: 'Extraction failed',
      description: "We couldn't extract images from this URL. Please try again or use a different URL.",
    },
    fallbackError: 'Failed to extract images.',
    /** Render JavaScript: every Chromium place and the line behind them are taken. */
    renderBusy:
      'The server is rendering other pages right now. Please try again in a minute, or turn Render JavaScript off.',
    /** Render JavaScript: a page that kept loading more as it was scrolled was not read to its end. */
    renderScrollStopped: (stoppedBy: 'time' | 'height', screens: number) =>
      `This page kept loading more as it was scrolled; it was read for ${screens} ${screens === 1 ? 'screen' : 'screens'} and stopped when the ${stoppedBy === 'time' ? 'time' : 'length'} allowed for scrolling ran out. Images further down are not included: open the part of the page you need and extract its address.`,
    /** Render JavaScript: canvases the browser does not let be read (they drew another site's pictures). */
    renderCanvasesTainted: (n: number) =>
      `${n} ${n === 1 ? 'drawing on this page uses' : 'drawings on this page use'} pictures from another site, which the browser does not let be saved; those pictures are listed on their own where the page loaded them.`,
    /** Render JavaScript: drawn pictures (canvases, in-memory images) over the count or size a render carries. */
    renderDrawnLeftOut: (n: number, maxCanvases: number, maxEachMb: number, maxMb: number) =>
      `${n} ${n === 1 ? 'picture drawn by this page was' : 'pictures drawn by this page were'} left out, too many or too large: a rendered page gives at most ${maxCanvases} drawings (canvases) per frame, each up to ${maxEachMb} MB, and ${maxMb} MB of drawn pictures in all.`,
    /** The switch that turns the one-address field into the list. */
    listSwitch: 'Several addresses',
    /** Many inputs at once: the address field takes a list, one address a line. */
    listHelp: (max: number) => `One address, or a list of up to ${max}, one a line (Shift+Enter starts a new line).`,
    lineInvalid: (line: number, reason: string) => ({
      title: 'Address not valid',
      description: `Line ${line}: ${reason}`,
    }),
    tooMany: (n: number, max: number) => ({
      title: 'Too many addresses',
      description: `The list has ${n} addresses; up to ${max} are read at once. Split it and extract each part.`,
    }),
    listProgress: (done: number, total: number, found: number) =>
      `${done} of ${total} addresses read, ${found} ${found === 1 ? 'image' : 'images'} found`,
    listSuccess: (images: number, pages: number) => ({
      title: 'Images extracted!',
      description: `Found ${images} images on ${pages} web pages.`,
    }),
  },
  website: {
    required: { title: 'Website URL Required', description: 'Please enter a valid website URL' },
    success: (images: number, pages: number) => ({
      title: 'Website scan complete!',
      description: `Found ${images} images across ${pages} pages.`,
    }),
    failed: {
      title: 'Scan failed',
      description: "We couldn't scan this website. Please try again or use a different URL.",
    },
    fallbackError: 'Failed to extract images from website.',
    /** Scan Depth's help: depth counts link hops, as wget -l and every crawler count them. */
    depthHelp: (min: number, max: number, maxPages: number) =>
      `Link hops to follow from the start page, ${min} to ${max}: 1 reads the start page and the pages it links to, 2 also the pages those link to. A scan reads at most ${maxPages.toLocaleString('en-US')} pages.`,
    /** A scan is a job: its progress line, its failed pages, and what its states say. */
    progress: (done: number, queued: number, found: number, failed: number) =>
      `${done} pages scanned, ${queued} queued, ${found} images found${failed > 0 ? `, ${failed} failed` : ''}`,
    failedPages: (n: number) => `${n} ${n === 1 ? 'page' : 'pages'} could not be read`,
    reading: (url: string) => `Reading ${url}`,
    cancelled: 'Scan cancelled.',
    busy: 'The server is scanning other websites right now. Please try again in a minute.',
    /** A scan ran as long as the server lets one run: it stops, and what it found is kept. */
    timeLimit: (minutes: number) =>
      `This scan reached the server's time limit of ${minutes} minute${minutes === 1 ? '' : 's'} and was stopped. The images it found are kept; to find more, scan a smaller part of the site (a lower depth, or include patterns).`,
    /** Include and exclude patterns: `*` runs per pattern, counted as one where several stand together. */
    patternWildcards: (max: number) => `A pattern may hold at most ${max} wildcards (*).`,
    notFound:
      'This scan is no longer available: results are kept for a limited time after a scan ends. Start a new scan.',
    resumed: 'Scan resumed: it kept running on the server while you were away.',
    includeLabel: 'Only follow links matching (optional)',
    excludeLabel: 'Skip links matching (optional)',
    patternsHelp:
      'One pattern per line. * matches anything (https://example.com/blog/*); without *, the link only has to contain the text (/blog/).',
    sitemapLabel: "Also start from the site's sitemap.xml",
  },
  /** An extraction's budgets (images measured per page and per scan, bytes fetched) ran out. */
  budget: {
    /** Image addresses found but never fetched: the result says how many. */
    notChecked: (n: number) =>
      `${n.toLocaleString('en-US')} more ${n === 1 ? 'image address was' : 'image addresses were'} found but not checked: this extraction reached the server's limit on images or data. Scan fewer pages, or extract the pages one at a time, to check them.`,
    bytesSpent: (limit: string) =>
      `This extraction reached the server's limit of ${limit} fetched, so nothing more was fetched. Scan fewer pages, or extract the pages one at a time.`,
    /** Why a page a scan had queued was not read (its failed-pages list). */
    pageNotRead: "Not read: the scan had reached the server's limit on images or data.",
  },
  video: {
    uploaded: (fileName: string) => ({ title: 'Video uploaded', description: `${fileName} is ready for processing.` }),
    urlAdded: { title: 'Video URL added' },
    framesExtracted: (n: number) => ({
      title: 'Frames extracted!',
      description: `${n} frames have been extracted from the video.`,
    }),
    downloadingFrame: (timestamp: string) => ({
      title: 'Downloading frame',
      description: `Frame at ${timestamp} is being downloaded.`,
    }),
    platformUnsupported:
      'Video platforms such as YouTube are not supported: the server does not download from them. Use a direct link to a video file (MP4, WebM, MOV, MKV or AVI), or download the video and upload it.',
    converterUnavailable:
      'Video conversion is unavailable on this server (ffmpeg is not installed). MP4, WebM and MKV with H.264, VP8, VP9 or AV1 still work in the browser.',
    notAVideoFile: 'This file is not a video we can read. Choose an MP4, WebM, MOV, MKV or AVI file.',
    notAVideoUrl: (contentType: string) =>
      `This address does not point at a video file (the server answered with ${contentType}). Use a direct link to a video file (MP4, WebM, MOV, MKV or AVI).`,
    tooLarge: `This video is larger than ${VIDEO_MAX_BYTES / GiB} GB, the most we process. Trim or compress it, then try again.`,
    tooLong: `This video is longer than ${VIDEO_MAX_DURATION_SECONDS / 3600} hours, the most we process. Trim it, then try again.`,
    noVideo: 'No video was sent. Choose a video file or paste a direct link to one.',
    busy: 'The server is converting other videos right now. Please try again in a minute.',
    timedOut: (minutes: number) =>
      `Converting this video took longer than ${minutes} minute${minutes === 1 ? '' : 's'}, so it was stopped. Try a larger interval or a shorter video.`,
    unreadable: (detail: string) =>
      `ffmpeg could not read this video (${detail}). The file may be damaged or use a codec this server lacks.`,
    fetchFailed: (reason: string) => `We couldn't fetch this video: ${reason}`,
    ready: 'Video ready! Click Extract Frames to process the video.',
    failed: {
      title: 'Frame extraction failed',
      description: "We couldn't extract frames from this video. Please try again or use a different video.",
    },
    noWebCodecs:
      'This browser cannot decode video on this page: WebCodecs needs a secure connection (HTTPS or localhost). The frames were made on our server instead.',
    decodedOnServer:
      "This browser cannot decode this video's format or codec, so our server made the frames with ffmpeg.",
    toneMapped: (transfer: 'pq' | 'hlg') =>
      `This is an HDR video (${transfer === 'pq' ? 'PQ, as in HDR10' : 'HLG'}): its frames were tone-mapped to standard dynamic range (sRGB), so they look right on any screen instead of washed out.`,
    /** Which frames to take: the mode selector and its controls. */
    modes: {
      label: 'Frames to take',
      interval: 'Every N seconds',
      scenes: 'Scene changes',
      keyframes: 'Key frames',
      count: 'N frames spread evenly',
      sensitivity: (value: number) => `Scene sensitivity: ${value}%`,
      sensitivityHint: 'Higher finds softer cuts; lower keeps only hard cuts.',
      countValue: (n: number) => `Number of frames: ${n}`,
      keyframesHint: 'Only the frames the video stores whole: fast, as nothing else is decoded.',
      sharpest: 'Sharpest frame',
      sharpestHint: 'For each frame, take the sharpest one within half a second of it.',
    },
    range: {
      from: 'From',
      to: 'To',
      hint: 'Optional, as HH:MM:SS. Empty means the start or the end of the video.',
      invalidTime: (field: string) => `${field}: enter a time as HH:MM:SS, for example 00:01:30.`,
      fromNotBeforeTo: 'The start of the range must be before its end.',
      startsAfterEnd: (duration: string) => `The range starts after the video ends (at ${duration}).`,
    },
    noFramesInRange: 'No frame of this video matches these settings.',
    grabFrame: 'Grab this frame',
    grabFrameHint: 'Pause the player where you want, then add exactly that frame to the grid.',
    sheet: {
      title: 'Contact sheet',
      columns: (n: number) => `Columns: ${n}`,
      width: (px: number) => `Width: ${px} px`,
      png: 'Download sheet (PNG)',
      pdf: 'Download sheet (PDF)',
      header: (name: string, duration: string, width: number, height: number) =>
        `${name}  ·  ${duration}  ·  ${width}x${height}`,
    },
  },
  pdf: documentScreen({
    processing: 'PDF',
    upload: 'a PDF file',
    invalidType: 'Please upload a PDF file.',
    maxBytes: PDF_MAX_BYTES,
    name: 'PDF',
    yours: 'PDF',
  }),
  docx: documentScreen({
    processing: 'DOCX',
    upload: 'a Word document',
    invalidType: 'Please upload a Word document (.docx, .doc, .odt or .rtf)',
    maxBytes: DOCX_MAX_BYTES,
    name: 'Word document',
    yours: 'document',
  }),
  ppt: documentScreen({
    processing: 'PowerPoint',
    upload: 'a PowerPoint presentation',
    invalidType: 'Please upload a PowerPoint presentation (.ppt, .pptx or .odp)',
    maxBytes: PPT_MAX_BYTES,
    name: 'PowerPoint presentation',
    yours: 'presentation',
  }),
  /** The Any file screen: documents and containers of every kind the engine reads, together. */
  anyFile: {
    ...documentScreen({
      processing: 'files',
      upload: 'a file',
      invalidType: 'Please upload a file the site reads.',
      maxBytes: PDF_MAX_BYTES,
      name: 'file',
      yours: 'files',
    }),
    /** A file none of the readers knows, from its bytes (its name is not asked). */
    notReadable:
      'not a file the site reads (it takes PDF, Word, PowerPoint, OpenDocument, RTF, EPUB, Excel, e-mail (EML, MSG), saved web pages (MHTML) and ZIP or CBZ archives of images)',
  },
  /** Where in a container a card's picture was: a workbook's cell, an e-book's chapter, an e-mail's part. */
  containers: {
    sheetCell: (sheet: string | undefined, cell: string | undefined) =>
      [sheet ? `Sheet ${sheet}` : undefined, cell ? `cell ${cell}` : undefined].filter(Boolean).join(' · '),
    chapter: (chapter: number | undefined, title: string | undefined) =>
      [chapter ? `Chapter ${chapter}` : undefined, title].filter(Boolean).join(' · '),
    attachment: (fileName: string) => `Attachment ${fileName}`,
    contentId: (contentId: string) => `cid:${contentId}`,
    savedFrom: (url: string) => `Saved from ${url}`,
  },
  /** What the PDF, Word and PowerPoint screens say beyond the shared toasts (`what`: "PDF", "document"...). */
  documents: {
    noImages: (what: string) => ({
      title: 'No images found',
      description: `This ${what} has no embedded images. Charts, shapes and text are not images.`,
    }),
    cancelled: (found: number) => ({
      title: 'Extraction cancelled',
      description: `Stopped. ${found} ${found === 1 ? 'image was' : 'images were'} found before you cancelled.`,
    }),
    passwordTitle: 'Password required',
    passwordPrompt: (fileName: string) =>
      `${fileName} is protected by a password. Enter it to open the file on your device.`,
    wrongPassword: 'That password is not right for this file. Check it and try again.',
    passwordCancelled: {
      title: 'Password needed',
      description: 'The file stays closed without its password. Choose Extract again to enter it.',
    },
    wrongKind: (expected: string) => `This file's contents are not a ${expected}, whatever its name says.`,
    /** Many inputs at once: several files read one after another into one grid; a refused one is named. */
    refusedFile: (fileName: string, reason: string) => `${fileName}: ${reason}`,
    batchReading: (index: number, total: number, fileName: string) => `File ${index} of ${total}: ${fileName}`,
    batchIssues: (n: number) => `${n} ${n === 1 ? 'file' : 'files'} gave no images. The others are below.`,
    needsPassword: 'protected by a password',
    enterPassword: (fileName: string) => `Enter the password of ${fileName}`,
    /** The reader stopped (it crashed, ran out of memory or stopped answering): browser Worker and server pool alike. */
    unreadable: 'This file could not be read: it is damaged or too complex.',
    /** The server's document readers are all busy and its queue is full. */
    serverBusy: 'The server is reading other documents right now. Please try again in a minute.',
    /** A file `POST /v1/extract-images` and `pnpm extract` do not read (judged by its bytes): what they do read. */
    notRead:
      'This file is not one the service reads: it takes PDF, Word (DOCX, DOC, ODT, RTF), PowerPoint (PPTX, PPT, ODP), ODS, ODG, Excel (XLSX, XLS), EPUB, e-mail (EML, MSG), saved pages (MHTML) and archives of images (CBZ, ZIP).',
    /** Figures and tables are found from captions in a PDF's drawing; Word and PowerPoint files are not searched. */
    figuresPdfOnly: 'Figures are found in PDFs only for now.',
    /** A `dpi` that is not one of the figure resolutions offered. */
    figureDpiChoices: (given: string, choices: readonly number[]) =>
      `${given ? `"${given}" is not a resolution figures are drawn at` : 'No resolution was given'}: choose ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)} dots per inch.`,
    /** A `find` that is none of images, figures, both. */
    findChoices: (given: string) => `"${given}" is not something to find: ask for images, figures or both.`,
    /** More figures than one answer gives: the first ones were given. */
    figuresCapped: (given: number) =>
      `This document has more than ${given} figures and tables; the first ${given} are given. Extract it on the website or with the CLI for all of them.`,
    previewConverted: (format: string) => `Preview converted from ${format}; download keeps the original`,
    /** The browser could not draw the EMF/WMF; its card shows the bitmap the metafile carries instead. */
    previewFromBitmap: (format: string) =>
      `Preview from the ${format} picture's embedded bitmap; download keeps the original`,
    previewFailed: (format: string) =>
      `This ${format} picture could not be converted for preview; download keeps the original`,
    /** An EMF/WMF the browser could not draw whole (rtf.js skips an EMF's text and bitmaps), drawn by the server. */
    previewFromServer: (format: string) =>
      `Preview converted from ${format} on the server; download keeps the original`,
    /** rtf.js's drawing of an EMF, which leaves out its text, where neither the server nor a bitmap gave better. */
    previewWithoutText: (format: string) =>
      `Preview drawn from the ${format} without its text (the server could not convert it); download keeps the original`,
    /** An EMF/WMF without one drawing record: a picture of nothing, not a failed preview. */
    previewEmpty: (format: string) => `This ${format} picture is empty: it draws nothing. Download keeps the file`,
    /** POST /api/metafile-preview's answers (an EMF or WMF drawn to PNG by the server). */
    metafile: {
      notMetafile: 'Send an EMF or WMF picture as the request body: these bytes are neither.',
      tooLarge: (megabytes: number) => `This picture is larger than ${megabytes} MB, the most the server converts.`,
      converterUnavailable: 'Vector picture conversion is unavailable on this server (Inkscape is not installed).',
      busy: 'The server is converting other pictures right now. Please try again in a minute.',
      timedOut: (seconds: number) => `Converting this picture took longer than ${seconds} seconds, so it was stopped.`,
      unreadable: 'This picture could not be drawn: it may be damaged.',
    },
    cannotPreview: (format: string) => `Your browser cannot preview ${format} images. Download still works.`,
    linked: (url: string) => `Linked, not embedded: ${url}. Not downloaded; open the link to see it.`,
    linkedInZip: 'linked from the document, not embedded in it, so there is nothing to put in the ZIP',
    /** Images the document holds that could not be given out; each is listed with where and why. */
    skipped: (n: number) =>
      `${n} ${n === 1 ? 'image' : 'images'} in this file could not be extracted. The others are below.`,
    skippedItem: (where: string | undefined, size: string | undefined, reason: string) =>
      [where, size].filter(Boolean).join(', ') + (where || size ? ': ' : '') + reason,
  },
  /** What a card says when the image shown is not the stored file (`ViewChange` codes), and its two files. */
  /** How Render JavaScript captured an image the page drew rather than linked (a card's line, by its `foundIn`). */
  capture: {
    ways: {
      canvas: 'drawn on a canvas, saved as PNG',
      blob: 'made by the page in memory (blob:)',
      'shadow-dom': 'inside a web component (shadow root)',
      network: 'loaded by a script (seen in the network log)',
      'css-sprite': 'cut from a CSS sprite as the page shows it',
    } as Record<string, string>,
    /** The URL and website tools' switch, under Render JavaScript. */
    spritesLabel: 'Cut CSS sprites into the pieces the page shows',
    /** "Captured: drawn on a canvas, saved as PNG." */
    line: (ways: readonly string[]) => `Captured: ${ways.join('; ')}.`,
  },
  /** Web images at full size: the original behind a resized copy. */
  originals: {
    /** A card: "Full size 3000 × 2000 (the page showed 300 × 200)"; a side not measured is "?". */
    fullSize: (full: Sides, shown: Sides) =>
      `Full size ${full.width ?? '?'} × ${full.height ?? '?'} (the page showed ${shown.width ?? '?'} × ${shown.height ?? '?'})`,
    switchLabel: 'Full-size originals',
    switchHelp:
      'Where a page shows a resized copy, give the larger original behind it, once checked to be the same picture.',
    formatsLabel: 'Prefer original formats',
    formatsHelp:
      'Ask servers that would send WebP or AVIF for their JPEG or PNG; each card says the format the server gave.',
  },
  rendition: {
    changes: {
      transparency: 'transparency merged',
      jpeg2000: 'converted from JPEG 2000',
      decode: 'colours as the document maps them',
      colour: 'colours converted to sRGB',
      crop: 'cropped as the document shows it',
      vector: 'vector picture drawn as PNG',
    },
    /** "Shown as in the document: transparency merged, converted from JPEG 2000." */
    shownAs: (changes: readonly string[]) => `Shown as in the document: ${changes.join(', ')}.`,
    originalFile: 'Original file',
    originalFileLabel: (name: string) => `Download the original file of ${name}`,
    zipAsShown: 'As shown',
    zipOriginals: 'Original files',
  },
  /** Figures and tables cut out of a PDF (charts, diagrams, tables with their captions): the PDF screen and the cards. */
  figures: {
    /** The PDF screen's choice of what to find, and the resolution of the figures' PNGs. */
    findLabel: 'Find',
    find: { images: 'Images', figures: 'Figures', both: 'Both' },
    findHelp:
      'Figures are charts, diagrams and tables found by their captions: each is cut out as a vector PDF and shown as a PNG.',
    dpiLabel: 'Figure resolution',
    dpi: (dpi: number) => `${dpi} dpi`,
    /** "Figure 3", "Table 2". */
    label: (kind: 'figure' | 'table', number: string) => `${kind === 'table' ? 'Table' : 'Figure'} ${number}`,
    /** A card's line: "Figure 3 · page 7 · vector"; "picture" when the figure is one embedded image. */
    cardLine: (label: string, page: number | undefined, vector: boolean) =>
      [label, page === undefined ? undefined : `page ${page}`, vector ? 'vector' : 'picture']
        .filter(Boolean)
        .join(' · '),
    /** A caption too long for the card's lines opens whole. */
    fullCaption: 'Full caption',
    /** A figure's original: its vector PDF. */
    vectorPdf: 'Vector PDF',
    vectorPdfLabel: (name: string) => `Download the vector PDF of ${name}`,
    /** A vector figure's SVG, drawn from its vector PDF by the server (POST /api/figure-svg). */
    svg: 'SVG',
    svgLabel: (name: string) => `Download ${name} as SVG`,
    svgFailed: 'The SVG could not be made',
    /** The screen could not reach the server, or the server's answer was not an SVG. */
    svgUnreachable: 'The server could not be reached to draw the SVG. Check your connection and try again.',
    svgServerFailed: (status: number) =>
      `The server could not draw the SVG (it answered ${status}). Please try again in a minute.`,
    /** POST /api/figure-svg's answers. */
    svgRoute: {
      notPdf: "Send a figure's vector PDF as the request body: these bytes are not a PDF.",
      tooLarge: (megabytes: number) => `This PDF is larger than ${megabytes} MB, the most the server draws as SVG.`,
      unreadable: 'This figure could not be drawn as SVG: its PDF may be damaged.',
      activeContent:
        'The SVG of this figure would hold more than a drawing (a script, or a link to another file), so it is not given out. Its vector PDF is safe to use.',
    },
    /** The CLI's --svg, when no SVG can be written. */
    svgNotWritten: (why: string) => `SVGs were not written: ${why}. The figures' PNGs and vector PDFs were.`,
    svgNoInkscape: (inkscape: string) =>
      `Inkscape (${inkscape}) could not be started; install it (apt-get install inkscape) or set INKSCAPE_PATH`,
    /** What a figure's card shows: a drawing of its vector PDF, not a file the document stores. */
    drawnAt: (dpi: number) => `A PNG drawn at ${dpi} dpi from the figure's vector PDF.`,
    /** The images a figure draws, each a card of its own too. */
    draws: (names: readonly string[]) => `Draws ${names.join(', ')}`,
    /** The grid's filter when a set holds figures and images. */
    showLabel: 'Show',
    show: { all: 'Everything', figures: 'Figures', images: 'Images' },
    /** The Extraction Complete toast when figures were asked for: what was found is not all images. */
    complete: (found: number, what: string, mode: 'figures' | 'both') => ({
      title: 'Extraction Complete',
      description: `Successfully extracted ${found} ${mode === 'figures' ? 'figures and tables' : 'images, figures and tables'} from your ${what}`,
    }),
    noFigures: (what: string) => ({
      title: 'No figures found',
      description: `No figure or table caption ("Figure 1", "Table 2") was found in this ${what}.`,
    }),
  },
  /** The one results grid's own words: choices made before downloading. */
  grid: {
    /** The results grid or progress bar's code could not be fetched (a deploy in between, the network). */
    viewFailed: 'This part of the page could not be loaded. Reload the page to try again.',
    /** Names the "As shown" / "Original files" choice of Download All. */
    renditionLabel: 'Files in the ZIP',
    /** A card's checkbox. */
    select: (name: string) => `Select ${name}`,
    selectAll: 'Select all',
    selectNone: 'Select none',
    invert: 'Invert',
    selectionLabel: 'Selection',
    /** A phone's one button in the bar, over the filters and the selection's buttons; it counts the filters in force. */
    phoneSheet: (filters: number) =>
      filters === 0
        ? 'Filters and selection'
        : `Filters and selection · ${filters} ${filters === 1 ? 'filter' : 'filters'}`,
    /** The bottom sheet that button opens, and its way out. */
    phoneSheetTitle: 'Filters and selection',
    phoneSheetClose: 'Close',
    /** "2 selected · 3.4 MB"; the size counts the images whose size is known. */
    selected: (n: number, size: string) => `${n} selected · ${size}`,
    downloadSelected: 'Download Selected',
    /** Many inputs at once: the heading over each input's images (a file's name, a page's address). */
    sourceHeading: (source: string, n: number) => `${source} · ${n} ${n === 1 ? 'image' : 'images'}`,
    /** The heading over images of a batch that name no input. */
    otherSource: 'Other images',
    fileNames: 'File names',
    fileNamesHelp: (tokens: readonly string[]) =>
      `Used for every download and ZIP entry. Tokens: ${tokens.join(' ')}. {figure} and {caption} name a PDF's figures and tables (figure-3, its caption's words) and are empty for other images. The same name twice gets -2, -3.`,
    /** The live preview under the template. */
    namesPreview: (names: readonly string[]) => `First files: ${names.join(', ')}`,
    /** "Download manifest" of the images shown, as CSV or JSON. */
    manifest: (kind: 'CSV' | 'JSON') => `Manifest (${kind})`,
    manifestLabel: (kind: 'CSV' | 'JSON') => `Download manifest (${kind}) of the images shown`,
    manifestFailed: 'The manifest could not be written. Please try again.',
    findDuplicates: 'Find duplicates',
    findingDuplicates: (done: number, total: number) => `Comparing images… ${done} of ${total}`,
    /** After Find duplicates: exact copies folded into one card, and groups of the same picture at other sizes. */
    duplicatesFound: (exact: number, groups: number) =>
      exact === 0 && groups === 0
        ? 'No duplicates found.'
        : `${exact} exact ${exact === 1 ? 'copy' : 'copies'} folded into ${exact === 1 ? 'its card' : 'their cards'}; ${groups} ${groups === 1 ? 'group' : 'groups'} of the same picture at other sizes.`,
    duplicatesFailed: 'The images could not be compared. Please try again.',
    alsoAt: (places: readonly string[]) => `Same file also at: ${places.join('; ')}`,
    largestOf: (n: number) => `Largest of ${n} copies of this picture`,
    smallerCopyOf: (name: string) => `Smaller copy of ${name}`,
    keepLargest: 'Keep the largest of each group',
    showAllCopies: 'Show every copy',
    /** The one disclosure over File names, Convert, Remove metadata and the other ways to download. */
    downloadOptions: 'Download options',
    /** Its line of what is set, read while it is closed: "Names: {name} · Keep original · Metadata kept". */
    namesSummary: (template: string) => `Names: ${template}`,
    maxSideSummary: (px: number) => `longest side ${px} px`,
    metadataKept: 'Metadata kept',
    metadataRemoved: 'Metadata removed',
    /** Convert on download (ZIPs): the format, JPEG/WebP quality, and the longest side. */
    convertLabel: 'Convert to',
    convertFormats: { keep: 'Keep original', png: 'PNG', jpeg: 'JPEG', webp: 'WebP' },
    quality: 'Quality',
    maxSide: 'Longest side (0: as is)',
    convertHelp: 'Applies to ZIPs. Converted files carry no metadata; SVG and document-only formats stay as they are.',
    /** Remove metadata on download: a checkbox beside Convert. */
    removeMetadata: 'Remove metadata',
    removeMetadataHelp:
      'Removes EXIF (camera, date, GPS location), XMP, IPTC, comments and text chunks from JPEG, PNG and WebP files without re-encoding them (the picture stays byte for byte); ICC colour profiles are kept. Other formats go as they are. Applies to ZIPs and Save to folder.',
    /** Save to folder (File System Access API): the selection written into a folder the visitor picks. */
    saveToFolder: 'Save to folder…',
    savingToFolder: (done: number, total: number) => `Saving to folder… ${done} of ${total}`,
    savedToFolder: (n: number, folder: string) => ({
      title: 'Saved to folder',
      description: `${n} ${n === 1 ? 'file' : 'files'} written to ${folder}.`,
    }),
    folderRefused: {
      title: 'Folder not saved to',
      description: 'The browser was not allowed to write to that folder. Choose another folder, or allow editing.',
    },
    folderFileFailed: (names: readonly string[]) => ({
      title: `${names.length} ${names.length === 1 ? 'file was' : 'files were'} not saved`,
      description: `Could not read or write: ${names.join(', ')}. The others were saved.`,
    }),
    /** Save selected (signed in): every selected image to My Downloads in one step. */
    saveSelected: 'Save selected',
    savedSelected: (saved: number, already: number) => ({
      title: 'Images saved',
      description:
        `${saved} ${saved === 1 ? 'image' : 'images'} saved to My Downloads` +
        (already > 0 ? `; ${already} ${already === 1 ? 'was' : 'were'} already saved.` : '.'),
    }),
    saveSelectedFailed: (n: number) => ({
      title: `${n} ${n === 1 ? 'image was' : 'images were'} not saved`,
      description: 'They could not be read from this page, or this browser refused to store them.',
    }),
  },
  /** An image's metadata, read on its card's Details. */
  metadata: {
    details: 'Details',
    detailsLabel: (name: string) => `Details of ${name}`,
    title: (name: string) => `Metadata of ${name}`,
    reading: 'Reading metadata…',
    none: 'No metadata found',
    unreadable: 'The metadata of this image could not be read.',
    camera: 'Camera',
    dateTaken: 'Date taken',
    orientation: 'Orientation',
    gps: 'GPS location',
    gpsWarning: 'This photo reveals where it was taken. Turn on Remove metadata before sharing the files.',
    iccProfile: 'ICC profile',
    creator: 'Creator',
    copyright: 'Copyright',
  },
  download: {
    /** A ZIP made on the device could not be written (Download All of frames or document images). */
    zipFailed: {
      title: 'Download failed',
      description: 'The ZIP file could not be written. Check the free space on your device and try again.',
    },
    started: { title: 'Download started' },
    image: { title: 'Downloading image' },
    all: { title: 'Downloading All Images', description: 'Preparing ZIP file with all extracted images.' },
  },
  account: {
    invalidEmail: 'Please enter a valid email',
    passwordRequired: 'Password is required',
    invalidPhone: 'Please enter a valid phone number',
    nameTooShort: 'Name must be at least 2 characters',
    passwordTooShort: 'Password must be at least 6 characters',
    signInFailed: {
      title: 'Sign In Failed',
      email: 'Invalid email or password. Please try again.',
      phone: 'Invalid phone number or password. Please try again.',
      storage: 'There was a problem signing in. Please try again.',
    },
    signUpFailed: {
      title: 'Registration Failed',
      emailTaken: 'This email is already registered. Please sign in instead.',
      phoneTaken: 'This phone number is already registered. Please sign in instead.',
      storage: 'There was a problem creating your account. Please try again.',
    },
    welcomeBack: { title: 'Welcome back!', description: 'You have successfully signed in.' },
    accountCreated: { title: 'Account Created', description: 'Your account has been created successfully!' },
    loggedOut: { title: 'Logged out', description: 'You have been successfully logged out.' },
    profileUpdated: {
      title: 'Profile Updated',
      description: 'Your profile information has been updated successfully.',
    },
    passwordUpdated: { title: 'Password Updated', description: 'Your password has been changed successfully.' },
    passwordMismatch: { title: 'Password Mismatch', description: 'New password and confirmation do not match.' },
    invalidPassword: { title: 'Invalid Password', description: 'Current password is incorrect.' },
    imageDeleted: { title: 'Image Deleted', description: 'The image has been removed from your profile.' },
    imageSaved: { title: 'Image saved', description: 'You will find it in My Downloads on your profile.' },
    alreadySaved: { title: 'Already saved', description: 'This image is already in My Downloads.' },
    saveFailed: {
      title: 'Image not saved',
      unreadable: 'The image could not be read from this page. Extract it again, then press Save.',
      storage: 'This browser refused to store it. Check that site storage is allowed for this site, then try again.',
    },
    newPasswordTooShort: { title: 'Password Too Short', description: 'Password must be at least 6 characters' },
    photoUnreadable: {
      title: 'Photo not changed',
      description: 'That file could not be read as an image. Choose a PNG, JPEG, GIF or WebP picture.',
    },
    storageFull: {
      title: 'Browser storage is full',
      description:
        'Nothing was changed. Delete some saved images from your profile, or free up storage for this site in your browser settings, then try again.',
    },
    storageDamaged: {
      title: 'Some account data on this device could not be read',
      description:
        'It was left untouched and ignored. Every account and saved image that could be read works as before.',
    },
  },
  contact: {
    sent: 'Message sent! We will get back to you soon.',
    nameRequired: 'Please enter your full name',
    emailRequired: 'Please enter your email address',
    invalidEmail: 'Please enter a valid email address',
    subjectRequired: 'Please enter a subject',
    messageRequired: 'Please enter your message',
    tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
    failed: {
      title: 'Message not sent',
      description: 'We could not deliver your message. Please check your connection and try again.',
    },
    /** The inbox takes a few messages a day from one sender, so that no one sender can fill it. */
    perDay: (max: number, seconds: number) =>
      `We have received ${max} messages from your connection today, the most we take from one sender in a day. Please wait ${waitWords(seconds)} before sending another.`,
  },
  /** A client over one of the API's rate limits: answered 429 with Retry-After, and this sentence. */
  rateLimit: {
    wait: (seconds: number) =>
      `Too many requests from your connection in a short time. Please wait ${waitWords(seconds)}, then try again.`,
  },
  /** A client too slow for the server to keep waiting: answered 408 when it can be, and the connection closed. */
  slowClient: {
    headers: (seconds: number) =>
      `Your request did not arrive within ${waitWords(seconds)}, so the server closed the connection. Check your connection, then try again.`,
    body: (seconds: number) =>
      `This request took longer than ${waitWords(seconds)} to arrive, so the server stopped waiting for it. Check your connection, then try again.`,
    upload: (kilobytesPerSecond: number) =>
      `This upload arrived slower than ${kilobytesPerSecond} KB a second, the least the server waits for, so it was stopped. Check your connection, then try again.`,
    headersTooLarge: "This request's headers are larger than the server accepts.",
    unreadable: 'This request could not be read: it is not valid HTTP.',
  },
  audit: {
    /** Each check's name in the report, and why it matters to a site owner. */
    rules: {
      'alt-missing': {
        title: 'Missing alt attribute',
        why: 'Screen readers read out the file name instead, and search engines have no text for the image.',
      },
      'alt-empty': {
        title: 'Empty alt on a meaningful image',
        why: 'An empty alt tells screen readers to skip the image; only decorative images should have one.',
      },
      'alt-too-long': {
        title: 'Alt text too long',
        why: 'Long alt text is tiring to hear; say the essentials and put the rest in the page.',
      },
      'alt-placeholder': {
        title: 'Alt text is a file name or a placeholder',
        why: 'Text like "image" or "IMG_1234.jpg" tells nobody what the picture shows.',
      },
      'alt-duplicate': {
        title: 'Same alt on different pictures',
        why: 'Different pictures described alike cannot be told apart by screen-reader users or search engines.',
      },
      'size-oversized': {
        title: 'Larger than displayed',
        why: 'Pixels the page never shows are downloaded and decoded for nothing.',
      },
      'size-unsized': {
        title: 'No width and height',
        why: 'Without them the browser cannot reserve the space, and the layout jumps when the image arrives.',
      },
      'size-no-srcset': {
        title: 'Large image without srcset',
        why: 'Phones download the desktop size; a srcset lets each screen take the size it needs.',
      },
      'weight-heavy': {
        title: 'Heavy file',
        why: 'Heavy images slow every visit, most of all on phones and slow networks.',
      },
      'weight-reencode': {
        title: 'Smaller as WebP or AVIF',
        why: 'The same picture, at the same visual quality, in a modern format, is much lighter.',
      },
      'loading-eager-offscreen': {
        title: 'Off-screen image loaded eagerly',
        why: 'Images below the first screen compete with what the visitor sees first; loading="lazy" defers them.',
      },
      'loading-lazy-lcp': {
        title: 'First-screen image loaded lazily',
        why: 'A lazy image in the first screen waits for layout, which delays the largest paint.',
      },
      'loading-animated-gif': {
        title: 'Large animated GIF',
        why: 'A video of the same animation is a fraction of the size.',
      },
      'loading-broken': {
        title: 'Broken image',
        why: 'Visitors see a broken icon and search engines drop the image.',
      },
      'loading-redirect': {
        title: 'Redirected image',
        why: 'Each redirect is one more round trip before the image starts to load.',
      },
      'loading-robots': {
        title: 'Blocked by robots.txt',
        why: 'Image search cannot index an image that robots.txt disallows.',
      },
      duplicate: {
        title: 'Same picture at several addresses',
        why: 'Each address is downloaded and cached apart; one copy would be fetched once.',
      },
    },
    severities: { high: 'High', medium: 'Medium', low: 'Low' },
    groups: { alt: 'Alt text', size: 'Size', weight: 'Weight', loading: 'Loading', duplicate: 'Duplicates' },
    notRequested: 'This scan was not asked to audit its images. Start it again with the audit on.',
    running: (pages: number) =>
      `Auditing: ${pages} ${pages === 1 ? 'page' : 'pages'} read so far. The report fills in as the scan goes.`,
    encoding: (done: number, total: number) => `Re-encoding images to measure real savings: ${done} of ${total}.`,
    displayFromMarkup:
      'Without Render JavaScript, display sizes and the first screen are read from the markup (width and height attributes, sizes, inline CSS), not measured from layout.',
    fileGone:
      'This re-encoded file is no longer kept (files are kept for a while after they are made). Open the audit again to make it anew.',
    usesDropped: (count: number) =>
      `${count.toLocaleString('en-US')} more image elements were not audited: this scan reached the audit's limit.`,
    encodeBusy:
      'The server is re-encoding many images right now; the savings of some images will come once it is free. Ask for the report again in a minute.',
    tooLarge: (limit: number) =>
      `Only the first ${limit.toLocaleString('en-US')} findings are listed; the exports hold them all.`,
    /** One image of the image pass (re-encoding, hashes) that could not be done, and why. */
    image: {
      notAnImage: 'This address did not answer with an image, so the audit could not measure or re-encode it.',
      tooManyPixels: (megapixels: number) =>
        `This image has more than ${megapixels} megapixels, more than the audit decodes, so it was not re-encoded.`,
      timedOut: (seconds: number) =>
        `This image took longer than ${seconds} seconds to fetch and re-encode, so the audit left it out.`,
      encodeFailed: 'This image could not be re-encoded: its file is damaged or in a form the encoder does not read.',
      videoUnavailable:
        'The video that would replace this GIF could not be made: video encoding is unavailable on this server (ffmpeg is not installed).',
      notQueued: (limit: number) =>
        `Only the first ${limit.toLocaleString('en-US')} images of a scan are re-encoded; the others are measured but not re-encoded.`,
    },
    /** The URL and website tools' switch, under their other options. */
    switchLabel: 'Audit images',
    switchHelp:
      'Also checks each image for alt text, size, weight and loading problems, and re-encodes heavy ones to measure what they would save. The report is in the Audit tab.',
    /** The results' two tabs once an audited scan has started. */
    tabImages: 'Images',
    tabAudit: 'Audit',
    heading: 'Image audit',
    summaryHeading: 'Summary',
    loading: 'Loading the audit…',
    failed: 'The audit could not be loaded.',
    unreadable: 'The server answered with a report this page cannot read. Try again in a moment.',
    retry: 'Retry',
    scanned: (pages: number, images: number, uses: number) =>
      `${pages} ${pages === 1 ? 'page' : 'pages'}, ${images} ${images === 1 ? 'image' : 'images'} and ${uses} image ${uses === 1 ? 'element' : 'elements'} read.`,
    findingsTotal: 'Findings',
    bytesToSave: 'To save',
    clean: 'No problem found in the images read so far.',
    byIssueCaption: 'Findings by issue',
    byPageCaption: 'Findings by page',
    /** A bar's value: "12 findings · 340 KB to save". */
    barValue: (findings: number, bytes: string | undefined) =>
      `${findings} ${findings === 1 ? 'finding' : 'findings'}${bytes ? ` · ${bytes} to save` : ''}`,
    topPagesCaption: 'The ten pages with the most to fix',
    topPagesColumns: { page: 'Page', findings: 'Findings', high: 'High', bytesSaved: 'To save' },
    encodingLabel: 'Re-encoding',
    notesHeading: 'How this audit was made',
    findingsHeading: 'Findings',
    columns: {
      severity: 'Severity',
      issue: 'Issue',
      image: 'Image',
      pages: 'Pages',
      element: 'Element',
      detail: 'Detail',
      bytesSaved: 'Bytes saved',
      files: 'Files',
    },
    filters: {
      severity: 'Severity',
      allSeverities: 'All severities',
      issue: 'Issue',
      allIssues: 'All issues',
      /** The option that picks every rule of a group. */
      group: (group: string) => `${group}: every issue`,
      page: 'Page',
      allPages: 'All pages',
      search: 'Search',
      searchPlaceholder: 'Image, page, element or detail',
      clear: 'Clear filters',
    },
    shown: (shown: number, total: number) =>
      shown === total
        ? `${total} ${total === 1 ? 'finding' : 'findings'}`
        : `${shown} of ${total} ${total === 1 ? 'finding' : 'findings'} shown`,
    noMatch: 'No finding matches these filters.',
    morePages: (more: number) => `and ${more} more`,
    inlineImage: 'Inline image',
    /** A duplicate's other addresses, under its image. */
    sameAs: 'Also at',
    /** A finding's thumbnail: the issue and the file's name. */
    imageAlt: (issue: string, file: string) => `${issue}: ${file}`,
    /** A re-encoded copy's download link: "WebP 41 KB (SSIM 0.987)". */
    formats: { WEBP: 'WebP', AVIF: 'AVIF', MP4: 'MP4', WEBM: 'WebM' },
    encodedLink: (format: string, size: string, ssim: number | undefined) =>
      ssim === undefined ? `${format} ${size}` : `${format} ${size} (SSIM ${ssim.toFixed(3)})`,
    pagination: {
      label: 'Findings pages',
      previous: 'Previous',
      next: 'Next',
      page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    },
    exportsLabel: 'Download the report',
    exports: { csv: 'CSV', xlsx: 'Excel (XLSX)', html: 'Printable report (HTML)' },
  },
  notFound: {
    title: 'Page Not Found',
  },
  remote: {
    failed: (label: string) => ({
      title: `${label} is unavailable right now`,
      description:
        'This part of the site could not be loaded. The rest of the site still works. Check your connection and press Retry.',
    }),
    retry: 'Retry',
  },
} as const;
