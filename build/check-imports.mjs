#!/usr/bin/env node
/**
 * Import rules of the micro-frontends (ARCHITECTURE "Rules that keep the house easy to live in"):
 *  - no file under remote-*\/src imports 'antd' (or 'antd/...') directly: antd is reached only
 *    through @oyster/shared-kit/ui/base or @oyster/shared-kit/ui, so the shell's single copy serves all;
 *  - no remote imports another remote or the shell's source (by package name or relative path);
 *  - the code on home's first paint — the shell's and every remote's src/widgets — takes values from
 *    the light domain entries (@oyster/shared-kit/domain/platform, /domain/<domain>), not from the
 *    full @oyster/shared-kit/domain (yup, the form rules, every domain); types may come from anywhere.
 * Exits 1 and prints the offending files and lines.   Usage: node build/check-imports.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const remotes = fs.readdirSync(root).filter((d) => d.startsWith('remote-') && fs.existsSync(path.join(root, d, 'src')));
const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') yield* walk(p);
    } else if (/\.(tsx?|jsx?|mjs|cjs)$/.test(e.name)) yield p;
  }
}

const problems = [];
for (const remote of remotes) {
  const remoteRoot = path.join(root, remote);
  for (const file of walk(path.join(remoteRoot, 'src'))) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(IMPORT_RE)) {
        const spec = m[1];
        let why = null;
        if (spec === 'antd' || spec.startsWith('antd/') || spec.startsWith('@ant-design/')) {
          why = 'imports antd directly (use @oyster/shared-kit/ui or /ui/base)';
        } else if (/^@oyster\/(shell|remote-)/.test(spec)) {
          why = 'imports another app package (use Module Federation at runtime)';
        } else if (spec.startsWith('.')) {
          const target = path.resolve(path.dirname(file), spec);
          const rel = path.relative(root, target).split(path.sep);
          if (rel[0] !== remote && (rel[0] === 'shell' || rel[0].startsWith('remote-'))) {
            why = `reaches into ${rel[0]}'s source`;
          }
        }
        if (why) problems.push(`${path.relative(root, file)}:${i + 1}: ${why}: '${spec}'`);
      }
    });
  }
}

// Home's first paint: the full domain entry only for types (bench/budgets.json catches what slips through deeper).
const FULL_DOMAIN_VALUES = /import\s+(?!type\b)[^;]*?from\s*['"]@oyster\/shared-kit\/domain['"]/g;
const homePath = [path.join(root, 'shell', 'src'), ...remotes.map((r) => path.join(root, r, 'src', 'widgets'))];
for (const dir of homePath.filter((d) => fs.existsSync(d))) {
  for (const file of walk(dir)) {
    // Tests, the kit playground (admin only, its own chunk) and the federation check page are not on home.
    if (/\.test\.|[\/]verify[\/]|KitPage\.tsx$/.test(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(FULL_DOMAIN_VALUES)) {
      const line = text.slice(0, m.index).split('\n').length;
      problems.push(`${path.relative(root, file)}:${line}: takes values from the full @oyster/shared-kit/domain on home's path (use /domain/platform or /domain/<domain>)`);
    }
  }
}

if (problems.length) {
  console.error(`check-imports: ${problems.length} forbidden import(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-imports: ok (${remotes.length} remotes)`);
