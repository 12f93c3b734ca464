'use strict';
/**
 * Precompression of built front-end files: beside every text asset of a dist folder, a `.br`
 * (brotli, best quality — paid once at build time) and a `.gz` (gzip 9), which the api serves to
 * browsers that accept them (@fastify/static `preCompressed`). A compressed copy is written only
 * when it is smaller than the file; copies of a file that no longer exists are removed.
 */
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

// Source maps are left out: only developer tools fetch them, and they would double the build's compression time.
const TEXT = /\.(js|mjs|css|html|json|svg|txt)$/i;
/** Below this many bytes the headers cost about as much as compression saves. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Writes `.br` and `.gz` beside the text files of `dir`; answers what it wrote. */
function precompressDir(dir) {
  const out = { files: 0, bytes: 0, br: 0, gz: 0 };
  if (!fs.existsSync(dir)) return out;
  for (const file of files(dir)) {
    if (/\.(br|gz)$/.test(file)) {
      if (!fs.existsSync(file.replace(/\.(br|gz)$/, ''))) fs.rmSync(file);
      continue;
    }
    if (!TEXT.test(file)) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    const gz = zlib.gzipSync(data, { level: 9 });
    out.files += 1;
    out.bytes += data.length;
    if (br.length < data.length) {
      fs.writeFileSync(`${file}.br`, br);
      out.br += br.length;
    }
    if (gz.length < data.length) {
      fs.writeFileSync(`${file}.gz`, gz);
      out.gz += gz.length;
    }
  }
  return out;
}

module.exports = { precompressDir, MIN_BYTES };
