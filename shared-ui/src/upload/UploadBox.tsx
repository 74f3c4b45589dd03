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
  /** True while `validate` reads a file: a page keeps its Extract button off meanwhile. */
  onCheckingChange?: (checking: boolean) => void;
  /** A refused file and why (the page raises the message as a toast). */
  onReject: (message: UploadMessage, file: File) => void;
  /** The file currently chosen, shown with its name and size in MB to 2 decimals. */
  file?: File | undefined;
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
  onCheckingChange,
  onReject,
  file,
  prompt = 'Drag and drop a file here, or click to choose one',
  hint,
  disabled = false,
}: UploadBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  async function take(chosen: File | undefined) {
    if (!chosen) return;
    if (!acceptsFile(chosen)) return onReject(messages.invalidType, chosen);
    if (chosen.size > maxBytes) return onReject(messages.tooLarge, chosen);
    let refusal: UploadMessage | undefined;
    if (validate) {
      onCheckingChange?.(true);
      try {
        refusal = await validate(chosen);
      } finally {
        onCheckingChange?.(false);
      }
    }
    if (refusal) return onReject(refusal, chosen);
    // A chosen file is the sign the results are wanted: their views load while the visitor reaches Extract.
    preloadExtractionViews();
    onFile(chosen);
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
    if (!disabled) void take(event.dataTransfer.files[0]);
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
        <InboxOutlined className="ie-upload__icon" aria-hidden />
        <Text strong>{prompt}</Text>
        <Text type="secondary" id={hintId}>
          {hint}
        </Text>
        <input
          ref={input}
          type="file"
          accept={accept}
          hidden
          disabled={disabled}
          data-testid="upload-input"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Cleared so that choosing the same file again (after a refusal) fires again.
            event.target.value = '';
            void take(chosen);
          }}
        />
      </div>
      {file ? (
        <div className="ie-upload__file" data-testid="selected-file">
          <Text strong ellipsis={{ tooltip: file.name }}>
            {file.name}
          </Text>
          <Text type="secondary">{formatBytes(file.size, 'file')}</Text>
        </div>
      ) : null}
    </div>
  );
}
