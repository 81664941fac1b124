import { inflateSync } from 'node:zlib';

/** The text pdfkit drew (uncompressed streams, or inflated ones): each `[<hex> kern <hex>] TJ` as one string. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    const bytes = Buffer.from(m[1]!, 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
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
