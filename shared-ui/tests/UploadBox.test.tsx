import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { formatBytes } from 'media-files';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { UploadBox, type UploadMessage } from '../src/upload/UploadBox.tsx';

const messages = {
  invalidType: { title: 'Invalid File Type', description: 'Please upload a PDF file.' },
  tooLarge: { title: 'File Too Large', description: 'Maximum file size is 100MB.' },
};

function Harness(props: {
  onReject: (m: UploadMessage) => void;
  validate?: (file: File) => Promise<UploadMessage | undefined>;
}) {
  const [file, setFile] = useState<File>();
  return (
    <ThemeProvider>
      <UploadBox
        accept=".pdf,application/pdf"
        maxBytes={1000}
        messages={messages}
        acceptsFile={(f) => f.type === 'application/pdf' || f.name.endsWith('.pdf')}
        validate={props.validate}
        onFile={setFile}
        onReject={props.onReject}
        file={file}
        hint="PDF files up to 100 MB"
      />
    </ThemeProvider>
  );
}

const choose = (file: File) => fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file] } });

describe('UploadBox', { timeout: 30_000 }, () => {
  it('shows the chosen file with its size in MB to 2 decimals', async () => {
    const onReject = vi.fn();
    render(<Harness onReject={onReject} />);
    choose(new File([new Uint8Array(900)], 'report.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByTestId('selected-file').textContent).toBe('report.pdf0.00 MB'));
    expect(onReject).not.toHaveBeenCalled();
  });

  it('refuses a wrong type, then a file over the limit, with the given messages', async () => {
    const onReject = vi.fn();
    render(<Harness onReject={onReject} />);
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(onReject).toHaveBeenLastCalledWith(messages.invalidType, expect.any(File)));
    choose(new File([new Uint8Array(1001)], 'big.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onReject).toHaveBeenLastCalledWith(messages.tooLarge, expect.any(File)));
    expect(screen.queryByTestId('selected-file')).toBeNull();
  });

  it('refuses a dropped file that the deeper check turns down', async () => {
    const onReject = vi.fn();
    const refusal = { title: 'Invalid File Type', description: 'Not really a PDF' };
    render(<Harness onReject={onReject} validate={async () => refusal} />);
    fireEvent.drop(screen.getByTestId('upload-box'), {
      dataTransfer: { files: [new File(['x'], 'fake.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(onReject).toHaveBeenCalledWith(refusal, expect.any(File)));
    expect(screen.queryByTestId('selected-file')).toBeNull();
  });

  it('formats sizes as the spec shows them', () => {
    expect(formatBytes(2_590_000, 'file')).toBe('2.47 MB');
    expect(formatBytes(100 * 1024 * 1024, 'file')).toBe('100.00 MB');
  });
});
