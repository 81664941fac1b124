import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit PDF draws, to read a downloaded statement: each content
 * stream inflated, then each `[<hex> kerning <hex>] TJ` (pdfkit's way of
 * writing a line with its built-in fonts) as one line of text. Enough for
 * pdfkit's own output, not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      return m[1]!;
    }
  });
  return streams
    .flatMap((s) => [...s.matchAll(/\[([^\]]*)\]\s*TJ/g)])
    .map((m) =>
      [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''),
    )
    .join('\n');
}
