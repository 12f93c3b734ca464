/**
 * Mounting remote modules in the shell with an in-place failure state.
 *
 * - `RemoteSection` renders `${remote}/Routes` (loaded once per remote, cached) with the section the
 *   shell's router matched, e.g. <RemoteSection remote="remote_learning" section="news" />.
 * - `RemoteWidget` renders a named widget a remote exposes, e.g. `remote_learning/NewsWidget`.
 *
 * A remote that cannot be loaded, or that crashes while rendering, shows the kit's ErrorState
 * (data-testid="remote-error") with "Повторить"; the rest of the app keeps working. Retry really
 * re-fetches the remote's files: the failed promise is dropped and the remote is re-registered with
 * the MF runtime under a cache-busting URL.
 */
import * as React from 'react';
import { REMOTE_TITLES, type RemoteName } from '@oyster/shared-kit/domain/platform';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { Spin } from '@oyster/shared-kit/ui/base';
import { ErrorState } from '@oyster/shared-kit/ui/screens/widgets';
import { loadRemoteModule, resetRemote } from './registry';
import { isRemoteLoadFailure } from './runtime-plugin';

type AnyComponent = React.ComponentType<any>;

/** One promise per remote module id; a failed one is dropped so the next attempt loads again. */
const cache = new Map<string, Promise<AnyComponent>>();

class RemoteLoadError extends Error {
  constructor(readonly id: string, override readonly cause?: unknown) {
    super(`Remote module "${id}" could not be loaded`);
    this.name = 'RemoteLoadError';
  }
}

function pickComponent(mod: unknown, exportName: string): AnyComponent | null {
  if (!mod) return null;
  if (typeof mod === 'function') return mod as AnyComponent;
  const m = mod as Record<string, unknown>;
  const c = m[exportName] ?? m.default;
  return typeof c === 'function' || (typeof c === 'object' && c !== null) ? (c as AnyComponent) : null;
}

export function loadRemoteComponent(remote: RemoteName, module: string): Promise<AnyComponent> {
  const id = `${remote}/${module}`;
  let p = cache.get(id);
  if (!p) {
    p = loadRemoteModule<unknown>(id).then((mod) => {
      if (isRemoteLoadFailure(mod)) throw new RemoteLoadError(id, mod.error);
      const c = pickComponent(mod, module);
      if (!c) throw new RemoteLoadError(id, new Error('no component exported'));
      return c;
    });
    p.catch(() => {
      // Drop the failed attempt; the retry button re-registers the remote.
      if (cache.get(id) === p) cache.delete(id);
    });
    cache.set(id, p);
  }
  return p;
}

/** Forget a remote's failed state: drop its cached modules and reset its MF registration. */
export function retryRemote(remote: RemoteName): void {
  for (const key of [...cache.keys()]) if (key.startsWith(`${remote}/`)) cache.delete(key);
  resetRemote(remote);
}

type LoadState = { status: 'loading' } | { status: 'ready'; Component: AnyComponent } | { status: 'failed'; error: unknown };

function useRemoteComponent(remote: RemoteName, module: string, attempt: number): LoadState {
  const [state, setState] = React.useState<LoadState>({ status: 'loading' });
  React.useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    loadRemoteComponent(remote, module).then(
      (Component) => alive && setState({ status: 'ready', Component }),
      (error) => alive && setState({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [remote, module, attempt]);
  return state;
}

interface BoundaryProps {
  onError: (error: unknown) => void;
  resetKey: unknown;
  children?: React.ReactNode;
}

/** Keeps a crash inside a remote's tree in place. */
class RemoteBoundary extends React.Component<BoundaryProps, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown): void {
    // eslint-disable-next-line no-console
    console.error('[oyster] a remote module crashed', error);
    this.props.onError(error);
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    if (prev.resetKey !== this.props.resetKey && this.state.crashed) this.setState({ crashed: false });
  }

  override render(): React.ReactNode {
    return this.state.crashed ? null : this.props.children;
  }
}

function RemoteError({ remote, compact, onRetry }: { remote: RemoteName; compact?: boolean; onRetry: () => void }) {
  // The kit's in-place error (not antd's Result, whose illustrations would weigh on every home load).
  return (
    <div data-testid="remote-error">
      <ErrorState
        compact={compact}
        title="Раздел временно недоступен"
        message={`Не удалось загрузить модуль «${REMOTE_TITLES[remote]}». Остальные разделы работают.`}
        onRetry={onRetry}
      />
    </div>
  );
}

function RemoteLoading({ compact }: { compact?: boolean }) {
  return (
    <div
      data-testid="remote-loading"
      style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: compact ? 80 : 240 }}
    >
      <Spin size={compact ? 'default' : 'large'} />
    </div>
  );
}

function RemoteMount({
  remote,
  module,
  props,
  compact,
}: {
  remote: RemoteName;
  module: string;
  props: Record<string, unknown>;
  compact?: boolean;
}) {
  const [attempt, setAttempt] = React.useState(0);
  const [crashed, setCrashed] = React.useState(false);
  const state = useRemoteComponent(remote, module, attempt);

  const retry = React.useCallback(() => {
    retryRemote(remote);
    setCrashed(false);
    setAttempt((n) => n + 1);
  }, [remote]);

  if (crashed || state.status === 'failed') return <RemoteError remote={remote} compact={compact} onRetry={retry} />;
  if (state.status === 'loading') return <RemoteLoading compact={compact} />;
  const { Component } = state;
  return (
    <RemoteBoundary onError={() => setCrashed(true)} resetKey={attempt}>
      <React.Suspense fallback={<RemoteLoading compact={compact} />}>
        <Component {...props} />
      </React.Suspense>
    </RemoteBoundary>
  );
}

export interface RemoteSectionProps {
  remote: RemoteName;
  /** First path segment under /app/ that the shell's router matched, e.g. 'news'. */
  section: string;
}

/** Renders a remote's `Routes` for one section; mount it at `/<section>/*` in the shell's router. */
export function RemoteSection({ remote, section }: RemoteSectionProps) {
  const props: RemoteRoutesProps = { section };
  return <RemoteMount key={remote} remote={remote} module="Routes" props={props as unknown as Record<string, unknown>} />;
}

export interface RemoteWidgetProps {
  remote: RemoteName;
  /** The exposed module name without './', e.g. 'NewsWidget'. */
  module: string;
  props?: Record<string, unknown>;
}

/** Renders a named widget a remote exposes (compact loading and error states). */
export function RemoteWidget({ remote, module, props }: RemoteWidgetProps) {
  return <RemoteMount key={`${remote}/${module}`} remote={remote} module={module} props={props ?? {}} compact />;
}
