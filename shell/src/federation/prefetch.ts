/**
 * Sections a click away (issue 10): once the signed-in page is idle, the remotes behind the sections
 * the user's sidebar shows are loaded one after another (entry, Routes module, the section's gate and
 * the landing pages a remote names in its `preload`), so opening one does not wait for the network. Remotes of sections the user may not open are
 * never fetched, and nothing is prefetched when the browser asks to save data (Save-Data).
 */
import { access, canOpenSection, sectionOf, sidebarItems, type RemoteName, type SessionUser } from '@oyster/shared-kit/domain/platform';
import type { PreloadableRoutes } from '@oyster/shared-kit/runtime';
import { loadRemoteComponent } from './RemoteSection';

/** The remotes behind the sidebar's items the user may open, in sidebar order. */
export function remotesToPrefetch(user: SessionUser): RemoteName[] {
  const a = access(user);
  const remotes = new Set<RemoteName>();
  for (const item of sidebarItems(user)) {
    if (item.external) continue;
    const section = sectionOf(item.path);
    if (section && section.owner !== 'shell' && canOpenSection(section, a)) remotes.add(section.owner);
  }
  return [...remotes];
}

export type Idle = (run: () => void) => () => void;

/** Runs `run` when the page is idle (at the latest in 3 s); the returned function cancels it. */
export const whenIdle: Idle = (run) => {
  const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(run, { timeout: 3000 });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(run, 500);
  return () => window.clearTimeout(id);
};

/** Starts the prefetch when the page is idle; the returned function stops what has not started. */
export function prefetchRemotes(user: SessionUser, idle: Idle = whenIdle, load = loadRemoteComponent): () => void {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return () => undefined;
  let stopped = false;
  const cancel = idle(() => {
    void (async () => {
      // The frame chunk first (toasts and the narrow layout's drawer, ~16 KB), then the section
      // gate's chunk (the kit's screens): every remote section needs it.
      await import(/* webpackChunkName: "frame" */ '@oyster/shared-kit/ui/frame').catch(() => undefined);
      await import(/* webpackChunkName: "section" */ '../layout/SectionRoute').catch(() => undefined);
      for (const remote of remotesToPrefetch(user)) {
        if (stopped) return;
        // A remote that is down fails here quietly; opening its section shows the error and retry.
        const routes = (await load(remote, 'Routes').catch(() => null)) as PreloadableRoutes | null;
        if (stopped) return;
        // Then the pages its sections open on, where the remote says which (their chunks are not small).
        await routes?.preload?.().catch(() => undefined);
      }
    })();
  });
  return () => {
    stopped = true;
    cancel();
  };
}
