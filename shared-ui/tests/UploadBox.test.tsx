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
    await waitFor(() => expect(onReject).toHaveBeenLastCalledWith(messages.invalidType, expect.any(File), 1));
    choose(new File([new Uint8Array(1001)], 'big.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onReject).toHaveBeenLastCalledWith(messages.tooLarge, expect.any(File), 1));
    expect(screen.queryByTestId('selected-file')).toBeNull();
  });

  it('refuses a dropped file that the deeper check turns down', async () => {
    const onReject = vi.fn();
    const refusal = { title: 'Invalid File Type', description: 'Not really a PDF' };
    render(<Harness onReject={onReject} validate={async () => refusal} />);
    fireEvent.drop(screen.getByTestId('upload-box'), {
      dataTransfer: { files: [new File(['x'], 'fake.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(onReject).toHaveBeenCalledWith(refusal, expect.any(File), 1));
    expect(screen.queryByTestId('selected-file')).toBeNull();
  });

  it('takes several files when asked: each checked on its own, the refused named, the others kept', async () => {
    const onReject = vi.fn();
    const onFiles = vi.fn();
    render(
      <ThemeProvider>
        <UploadBox
          accept=".pdf,application/pdf"
          maxBytes={1000}
          messages={messages}
          acceptsFile={(f) => f.name.endsWith('.pdf')}
          validate={async (f) => (f.name === 'fake.pdf' ? { title: 'Invalid File Type' } : undefined)}
          onFile={() => undefined}
          onFiles={onFiles}
          onReject={onReject}
          files={[new File(['1'], 'a.pdf'), new File(['22'], 'a.pdf')]}
        />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('upload-input').hasAttribute('multiple')).toBe(true);
    expect(screen.getAllByTestId('selected-file').map((row) => row.textContent)).toEqual([
      'a.pdf0.00 MB',
      'a.pdf0.00 MB',
    ]);
    const chosen = [
      new File(['x'], 'one.pdf'),
      new File(['x'], 'notes.txt'),
      new File([new Uint8Array(1001)], 'big.pdf'),
      new File(['x'], 'fake.pdf'),
      new File(['x'], 'two.pdf'),
    ];
    fireEvent.drop(screen.getByTestId('upload-box'), { dataTransfer: { files: chosen } });
    await waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    expect(onFiles.mock.calls[0]?.[0].map((f: File) => f.name)).toEqual(['one.pdf', 'two.pdf']);
    expect(onReject.mock.calls.map(([message, file, together]) => [message.title, file.name, together])).toEqual([
      ['Invalid File Type', 'notes.txt', 5],
      ['File Too Large', 'big.pdf', 5],
      ['Invalid File Type', 'fake.pdf', 5],
    ]);
  });

  it('formats sizes as the upload box shows them', () => {
    expect(formatBytes(2_590_000, 'file')).toBe('2.47 MB');
    expect(formatBytes(100 * 1024 * 1024, 'file')).toBe('100.00 MB');
  });
});
