/**
 * What the shell gives the remotes through the Module Federation share scope: its own copy of every
 * module in the ONE shared map (build/shared.cjs), so React, the router, RxJS and the kit (one antd,
 * one theme, one style cache, one runtime) exist once per page. The shell itself is a plain webpack
 * build (no federation plugin): it imports these modules directly, and the MF runtime, created
 * after sign-in (registry.ts), hands them out. Versions come from the same map (webpack DefinePlugin).
 */
import type { UserOptions } from '@module-federation/runtime/types';

interface SharedEntry {
  version: string;
  requiredVersion: string | false;
  singleton: boolean;
}
declare const __OYSTER_SHARED__: Record<string, SharedEntry>;

/** One loader per key of build/shared.cjs (a test checks the two lists are the same). */
export const SHARED_LOADERS: Record<string, () => Promise<unknown>> = {
  react: () => import('react'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'react-dom': () => import('react-dom'),
  'react-dom/client': () => import('react-dom/client'),
  'react-router-dom': () => import('react-router-dom'),
  rxjs: () => import('rxjs'),
  dayjs: () => import('dayjs'),
  formik: () => import('formik'),
  yup: () => import('yup'),
  '@oyster/shared-kit/domain': () => import('@oyster/shared-kit/domain'),
  '@oyster/shared-kit/domain/platform': () => import('@oyster/shared-kit/domain/platform'),
  '@oyster/shared-kit/domain/learning': () => import('@oyster/shared-kit/domain/learning'),
  '@oyster/shared-kit/runtime': () => import('@oyster/shared-kit/runtime'),
  '@oyster/shared-kit/ui': () => import('@oyster/shared-kit/ui'),
  '@oyster/shared-kit/ui/parts': () => import('@oyster/shared-kit/ui/parts'),
  '@oyster/shared-kit/ui/base': () => import('@oyster/shared-kit/ui/base'),
  '@oyster/shared-kit/ui/form': () => import('@oyster/shared-kit/ui/form'),
  '@oyster/shared-kit/ui/sections': () => import('@oyster/shared-kit/ui/sections'),
  '@oyster/shared-kit/ui/screens': () => import('@oyster/shared-kit/ui/screens'),
  '@oyster/shared-kit/ui/screens/widgets': () => import('@oyster/shared-kit/ui/screens/widgets'),
};

/** The `shared` option of the shell's MF instance: each module loaded from the shell's own chunks on first use. */
export function sharedProviders(map: Record<string, SharedEntry> = __OYSTER_SHARED__): NonNullable<UserOptions['shared']> {
  const shared: NonNullable<UserOptions['shared']> = {};
  for (const [name, entry] of Object.entries(map)) {
    const load = SHARED_LOADERS[name];
    if (!load) throw new Error(`shared module ${name} has no loader in shell/src/federation/shared.ts`);
    shared[name] = {
      version: entry.version,
      scope: 'default',
      get: () => load().then((mod) => () => mod),
      shareConfig: { singleton: entry.singleton, requiredVersion: entry.requiredVersion, eager: false },
    };
  }
  return shared;
}
