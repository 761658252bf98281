import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows, one line per text operation: its content streams
 * (inflated when compressed) read for `[<hex> kerning <hex>] TJ`, the hex decoded as pdfkit's
 * standard fonts encode it (WinAnsi, which is Latin-1 for the characters used). Enough to check
 * what a generated certificate says; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /<<(.*?)>>\s*stream\r?\n/gs;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1]!.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString(
        'latin1',
      );
    } catch {
      continue;
    }
    for (const operation of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...operation[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
        .join('');
      lines.push(text);
    }
  }
  return lines.join('\n');
}
