// Bundles the api into one ESM file. npm packages stay external (installed next to it);
// workspace packages (@oyster/*) ship TypeScript sources, so they are bundled in.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@oyster/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  // Some CommonJS code bundled into ESM calls require(); give it one.
  banner: { js: "import { createRequire as __oysterCreateRequire } from 'node:module'; const require = __oysterCreateRequire(import.meta.url);" },
  logLevel: 'info',
});
