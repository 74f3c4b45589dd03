import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/messages/catalogue.ts';

// The PDF, Word and PowerPoint screens say the same things, each naming its own kind of file: these
// are the words a visitor reads, letter for letter.
describe("the document screens' messages", () => {
  it('the PDF screen', () => {
    const m = MESSAGES.pdf;
    expect(m.invalidType).toEqual({ title: 'Invalid File Type', description: 'Please upload a PDF file.' });
    expect(m.tooLarge).toEqual({ title: 'File Too Large', description: 'Maximum file size is 100MB.' });
    expect(m.noFile).toEqual({ title: 'No File Selected', description: 'Please upload a PDF file first.' });
    expect(m.processing).toEqual({ title: 'Processing PDF' });
    expect(m.complete(3)).toEqual({
      title: 'Extraction Complete',
      description: 'Successfully extracted 3 images from your PDF',
    });
    expect(m.failed).toEqual({
      title: 'Extraction Failed',
      description: "We couldn't extract images from this PDF. Please try a different file.",
    });
    expect(m.fallbackError).toBe('Failed to extract images from PDF.');
  });

  it('the Word screen', () => {
    const m = MESSAGES.docx;
    expect(m.invalidType).toEqual({
      title: 'Invalid File Type',
      description: 'Please upload a Word document (.docx, .doc, .odt or .rtf)',
    });
    expect(m.tooLarge).toEqual({ title: 'File Too Large', description: 'Maximum file size is 50MB.' });
    expect(m.noFile).toEqual({ title: 'No File Selected', description: 'Please upload a Word document first.' });
    expect(m.processing).toEqual({ title: 'Processing DOCX' });
    expect(m.complete(1).description).toBe('Successfully extracted 1 images from your document');
    expect(m.failed.description).toBe(
      "We couldn't extract images from this Word document. Please try a different file.",
    );
    expect(m.fallbackError).toBe('Failed to extract images from Word document.');
  });

  it('the PowerPoint screen', () => {
    const m = MESSAGES.ppt;
    expect(m.invalidType.description).toBe('Please upload a PowerPoint presentation (.ppt, .pptx or .odp)');
    expect(m.tooLarge.description).toBe('Maximum file size is 50MB.');
    expect(m.noFile.description).toBe('Please upload a PowerPoint presentation first.');
    expect(m.processing).toEqual({ title: 'Processing PowerPoint' });
    expect(m.complete(12).description).toBe('Successfully extracted 12 images from your presentation');
    expect(m.failed.description).toBe(
      "We couldn't extract images from this PowerPoint presentation. Please try a different file.",
    );
    expect(m.fallbackError).toBe('Failed to extract images from PowerPoint presentation.');
  });
});
