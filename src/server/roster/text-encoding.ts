/** The encodings a roster text file is read in; the preview shows which one was found. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256';

/**
 * Decodes a text file whatever the spreadsheet that saved it: UTF-8 with or without a byte order
 * mark, UTF-16 (Excel's "Unicode text", always with a mark; or without one, told by its zero
 * bytes), or Windows-1256 (what Arabic Excel writes as "CSV"): bytes that are not valid UTF-8 are
 * read as Windows-1256, in which every byte is a character.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const unmarked = utf16WithoutMark(bytes);
  if (unmarked) return { text: new TextDecoder(unmarked).decode(bytes), encoding: unmarked };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1256').decode(bytes), encoding: 'windows-1256' };
  }
}

/** UTF-16 without a mark: ASCII text has a zero in every other byte (even ones: big-endian). */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const sample = bytes.subarray(0, Math.min(bytes.length, 512));
  if (sample.length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) evenZeros++;
    else oddZeros++;
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.3 && evenZeros === 0) return 'utf-16le';
  if (evenZeros > half * 0.3 && oddZeros === 0) return 'utf-16be';
  return undefined;
}
