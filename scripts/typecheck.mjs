// `npm run typecheck`: tsc over every package of the workspace, two at a time (each has its own
// tsconfig.json). The one list of what is type-checked; `npm test -- types` runs the same.
import { APPS } from './build.mjs';
import { availableParallelism } from 'node:os';
import { ROOT, log, run } from './lib.mjs';

/** shared-kit and every app the build makes (the shell, the five remotes, the api). */
export const TYPECHECKED_PACKAGES = ['shared-kit', ...APPS];

/**
 * Runs tsc -p over each package, `parallel` at a time (default: one per core, at most 2 — each tsc
 * is single-threaded and takes up to ~1 GB); resolves with the packages and their exit codes, in order.
 */
export async function typecheck(packages = TYPECHECKED_PACKAGES, parallel = Math.max(1, Math.min(2, availableParallelism()))) {
  const results = new Array(packages.length);
  let next = 0;
  const lane = async () => {
    while (next < packages.length) {
      const i = next++;
      log(`tsc -p ${packages[i]}`);
      results[i] = { pkg: packages[i], code: await run('npx', ['tsc', '-p', packages[i]], { cwd: ROOT }) };
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  const results = await typecheck(only.length ? only : TYPECHECKED_PACKAGES);
  const failed = results.filter((r) => r.code !== 0).map((r) => r.pkg);
  log(failed.length ? `type errors in ${failed.join(', ')}` : `types ok (${results.length} packages)`);
  process.exit(failed.length ? 1 : 0);
}
