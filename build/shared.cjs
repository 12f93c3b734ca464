'use strict';
/**
 * The ONE Module Federation `shared` map, used by the shell and every remote.
 *
 * Everything is a non-eager singleton: the shell's copy wins (shareStrategy 'loaded-first'; the shell
 * registers its copies first, from shell/src/federation/shared.ts) and every remote reuses it — one
 * React, one router, one RxJS, one runtime (session$, bus, toasts).
 *
 * antd is deliberately NOT here. Every package reaches antd only through
 * `@oyster/shared-kit/ui/base` (the login-page pieces + ConfigProvider) or `@oyster/shared-kit/ui`
 * (the rest of the kit). Those two entries are shared singletons, so the shell's build — with one
 * theme, one locale and one CSS-in-JS style cache — serves all remotes, and only the antd components
 * the kit re-exports are built (a shared `antd` would be the whole library in one ~450 KB chunk).
 * `build/check-imports.mjs` fails when a remote imports antd directly.
 */
const path = require('path');

const kitPkg = require(path.join(__dirname, '..', 'shared-kit', 'package.json'));
const deps = kitPkg.dependencies;

const pkg = (name, versionOf = name) => ({
  singleton: true,
  eager: false,
  requiredVersion: deps[versionOf],
});

const kit = () => ({
  singleton: true,
  eager: false,
  // A workspace package: versioned by its package.json, any version is accepted.
  version: kitPkg.version,
  requiredVersion: false,
});

const shared = {
  react: pkg('react'),
  'react/jsx-runtime': pkg('react/jsx-runtime', 'react'),
  'react-dom': pkg('react-dom'),
  'react-dom/client': pkg('react-dom/client', 'react-dom'),
  'react-router-dom': pkg('react-router-dom'),
  rxjs: pkg('rxjs'),
  dayjs: pkg('dayjs'),
  formik: pkg('formik'),
  // The calculators' forms: one yup, the same the kit's field rules (domain/forms) are built with.
  yup: pkg('yup'),
  '@oyster/shared-kit/domain': kit(),
  '@oyster/shared-kit/domain/platform': kit(),
  '@oyster/shared-kit/domain/learning': kit(),
  '@oyster/shared-kit/runtime': kit(),
  '@oyster/shared-kit/ui': kit(),
  '@oyster/shared-kit/ui/parts': kit(),
  '@oyster/shared-kit/ui/base': kit(),
  '@oyster/shared-kit/ui/form': kit(),
  '@oyster/shared-kit/ui/sections': kit(),
  '@oyster/shared-kit/ui/screens': kit(),
  '@oyster/shared-kit/ui/screens/widgets': kit(),
};

/** What the shell's runtime host needs of each entry (shell/src/federation/shared.ts). */
function sharedVersions(map) {
  return Object.fromEntries(
    Object.entries(map).map(([name, c]) => [name, { version: c.version ?? c.requiredVersion, requiredVersion: c.requiredVersion, singleton: c.singleton }]),
  );
}

module.exports = { shared, sharedVersions };
