/** Small in-memory files of each type the upload checks tell apart. */
// Smallest valid-looking heads of each type; the server looks at the first bytes only.
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-demo-image-bytes')]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-demo')]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 demo')]);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n', 'latin1');
export const GIF = Buffer.from('GIF89a-not-allowed', 'latin1');
export const HTML = Buffer.from('<html><script>alert(1)</script></html>', 'latin1');
/** A page whose first bytes say PDF: a PDF by its content, to be refused under a name like `invoice.html`. */
export const HTML_AS_PDF = Buffer.from('%PDF-1.7\n<html><body><script>fetch("/api/v2/auth/get-user")</script></body></html>\n', 'latin1');

/** The name a sample goes by unless a test says otherwise: its content's extension (`file.png`, `file.pdf`, …). */
export function fileNameFor(data: Buffer): string {
  const heads: [Buffer, string][] = [[PNG.subarray(0, 8), 'png'], [JPEG.subarray(0, 3), 'jpg'], [Buffer.from('RIFF'), 'webp'], [Buffer.from('%PDF-'), 'pdf']];
  const found = heads.find(([head]) => data.subarray(0, head.length).equals(head));
  return `file.${found ? found[1] : 'bin'}`;
}

