import { formatBytes } from 'media-files';
import { type DragEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { InboxOutlined, Text } from '../design-system/index.ts';
import { preloadExtractionViews } from '../lazyViews/index.ts';
import './UploadBox.css';

/** A message to show the user, shaped like the catalogue's entries (`MESSAGES.pdf.invalidType`). */
export type UploadMessage = { title: string; description?: string };

export type UploadBoxProps = {
  /** The file picker's filter, as for `<input accept>`: `.pdf,application/pdf`. Drops are not filtered by it. */
  accept: string;
  /** Larger files are refused with `messages.tooLarge`. */
  maxBytes: number;
  messages: {
    /** When the file's type or extension does not match (see `acceptsFile`), or `validate` says so. */
    invalidType: UploadMessage;
    tooLarge: UploadMessage;
  };
  /**
   * Decides whether a file is of the right kind from its name and type (the box knows nothing
   * of formats). Return false to refuse it with `messages.invalidType`.
   */
  acceptsFile: (file: File) => boolean;
  /**
   * A deeper check after type and size pass, such as reading the file's first bytes. Resolve to a
   * message to refuse the file with it, or to undefined to accept it.
   */
  validate?: (file: File) => Promise<UploadMessage | undefined>;
  /** The chosen file, once it passed every check. */
  onFile: (file: File) => void;
  /**
   * Several files at once (drop several, or pick them: the picker allows it): each is checked on its
   * own, a refused one is told to `onReject` and the others go on; those that passed arrive together.
   * Without it, the box takes one file, as it always did.
   */
  onFiles?: (files: File[]) => void;
  /** True while `validate` reads a file: a page keeps its Extract button off meanwhile. */
  onCheckingChange?: (checking: boolean) => void;
  /** A refused file and why (the page raises the message as a toast); `together`: files chosen at once. */
  onReject: (message: UploadMessage, file: File, together: number) => void;
  /** The file currently chosen, shown with its name and size in MB to 2 decimals. */
  file?: File | undefined;
  /** With `onFiles`: the files currently chosen, each shown so. */
  files?: readonly File[] | undefined;
  /** Main line of the box. */
  prompt?: string;
  /** Second line: formats and limit, e.g. "PDF files up to 100 MB". */
  hint?: string;
  disabled?: boolean;
};

/**
 * The upload box of the file-based extractors: drop a file on it, or click (or press Enter/Space)
 * to pick one. Checks run in the order the user would expect the complaint: kind, size, contents.
 */
export function UploadBox({
  accept,
  maxBytes,
  messages,
  acceptsFile,
  validate,
  onFile,
  onFiles,
  onCheckingChange,
  onReject,
  file,
  files,
  prompt = 'Drag and drop a file here, or click to choose one',
  hint,
  disabled = false,
}: UploadBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  /** The file's refusal, if any: kind, size, contents, in the order the user would expect the complaint. */
  async function refusalOf(chosen: File): Promise<UploadMessage | undefined> {
    if (!acceptsFile(chosen)) return messages.invalidType;
    if (chosen.size > maxBytes) return messages.tooLarge;
    return validate?.(chosen);
  }

  async function take(chosen: readonly File[]) {
    const several = onFiles !== undefined;
    const taken = several ? chosen : chosen.slice(0, 1);
    if (taken.length === 0) return;
    const accepted: File[] = [];
    onCheckingChange?.(true);
    try {
      // One after another: each file's contents are read in the one Worker.
      for (const each of taken) {
        const refusal = await refusalOf(each);
        if (refusal) onReject(refusal, each, taken.length);
        else accepted.push(each);
      }
    } finally {
      onCheckingChange?.(false);
    }
    const [first] = accepted;
    if (!first) return;
    // A chosen file is the sign the results are wanted: their views load while the visitor reaches Extract.
    preloadExtractionViews();
    if (several) onFiles(accepted);
    else onFile(first);
  }

  function openPicker() {
    if (!disabled) input.current?.click();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void take([...event.dataTransfer.files]);
  }

  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: a drop zone holds a title, a hint and the chosen file: more than a <button> should */}
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        aria-describedby={hintId}
        className={`ie-upload${dragging ? ' ie-upload--dragging' : ''}${disabled ? ' ie-upload--disabled' : ''}`}
        data-testid="upload-box"
        onClick={openPicker}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <InboxOutlined className="ie-upload__icon" />
        <Text strong>{prompt}</Text>
        <Text type="secondary" id={hintId}>
          {hint}
        </Text>
        <input
          ref={input}
          type="file"
          accept={accept}
          multiple={onFiles !== undefined}
          hidden
          disabled={disabled}
          data-testid="upload-input"
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            // Cleared so that choosing the same file again (after a refusal) fires again.
            event.target.value = '';
            void take(chosen);
          }}
        />
      </div>
      {(files ?? (file ? [file] : [])).map((each, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name; their order is fixed
        <div className="ie-upload__file" data-testid="selected-file" key={`${index}-${each.name}`}>
          <Text strong ellipsis={{ tooltip: each.name }}>
            {each.name}
          </Text>
          <Text type="secondary">{formatBytes(each.size, 'file')}</Text>
        </div>
      ))}
    </div>
  );
}
