// Spreadsheets save CSV as UTF-8 (often with a byte-order mark) or, in older Excel on Windows, as
// Windows-1252. Bytes that are not valid UTF-8 are read as Windows-1252, which maps every byte to a
// character, so decoding never fails.

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const windows1252 = new TextDecoder('windows-1252');

export type TextEncoding = 'utf-8' | 'windows-1252';

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  try {
    return { text: utf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: windows1252.decode(bytes), encoding: 'windows-1252' };
  }
}
