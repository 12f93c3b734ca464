// `npm run typecheck`: tsc over every package of the workspace, one after another (each has its own
// tsconfig.json). The one list of what is type-checked; `npm test -- types` runs the same.
import { APPS } from './build.mjs';
import { ROOT, log, run } from './lib.mjs';

/** shared-kit and every app the build makes (the shell, the five remotes, the api). */
export const TYPECHECKED_PACKAGES = ['shared-kit', ...APPS];

/** Runs tsc -p over each package; resolves with the packages and their exit codes. */
export async function typecheck(packages = TYPECHECKED_PACKAGES) {
  const results = [];
  for (const pkg of packages) {
    log(`tsc -p ${pkg}`);
    results.push({ pkg, code: await run('npx', ['tsc', '-p', pkg], { cwd: ROOT }) });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  const results = await typecheck(only.length ? only : TYPECHECKED_PACKAGES);
  const failed = results.filter((r) => r.code !== 0).map((r) => r.pkg);
  log(failed.length ? `type errors in ${failed.join(', ')}` : `types ok (${results.length} packages)`);
  process.exit(failed.length ? 1 : 0);
}
