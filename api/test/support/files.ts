/** Small in-memory files of each type the upload checks tell apart. */
// Smallest valid-looking heads of each type; the server looks at the first bytes only.
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-demo-image-bytes')]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-demo')]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 demo')]);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n', 'latin1');
export const GIF = Buffer.from('GIF89a-not-allowed', 'latin1');
export const HTML = Buffer.from('<html><script>alert(1)</script></html>', 'latin1');
