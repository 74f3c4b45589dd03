/**
 * The containers that are OLE compound files: Outlook messages and Excel 97-2003 workbooks. Told
 * from the streams the root holds; a .doc or .ppt (WordDocument, PowerPoint Document) is a
 * document kind and asked for first.
 */
import { isCompoundFile, openCompoundFile } from './core/legacy/compoundFile.ts';
import { isMsg } from './core/msg/sniffMsg.ts';

export function sniffCompoundContainer(bytes: Uint8Array): 'msg' | 'xls' | undefined {
  if (!isCompoundFile(bytes)) return undefined;
  try {
    const file = openCompoundFile(bytes);
    if (file.has('WordDocument') || file.has('PowerPoint Document')) return undefined;
    if (isMsg(file)) return 'msg';
    if (file.has('Workbook') || file.has('Book')) return 'xls';
  } catch {
    return undefined;
  }
  return undefined;
}
