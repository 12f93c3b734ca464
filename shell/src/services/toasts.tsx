import * as React from 'react';
import { Button } from '@oyster/shared-kit/ui/base';
import type { NotificationArgsProps } from '@oyster/shared-kit/ui/frame';
import { TOAST_DURATION_SEC } from '@oyster/shared-kit/domain/platform';
import type { ToastOptions, Toasts } from '@oyster/shared-kit/runtime';

type NotificationApi = { open(args: NotificationArgsProps): void };

/**
 * Toasts (spec §2, §9): top-right, at most 3 kept (the App provider's maxCount), default 3 s,
 * errors 5 s, and a button can open a link in a new tab. Calls made before the React tree is
 * up, or before the frame chunk with antd's notification has arrived, are queued until
 * `ToastOutlet` (mounted by ToastHost on the first toast) attaches.
 */
export class ToastService implements Toasts {
  private api: NotificationApi | null = null;
  private queue: ToastOptions[] = [];
  private seq = 0;
  private wanted: (() => void) | null = null;

  /** ToastHost's hook: `mount` runs at the first toast (at once when one is already waiting). */
  onWanted(mount: () => void): () => void {
    this.wanted = mount;
    if (this.queue.length) mount();
    return () => {
      if (this.wanted === mount) this.wanted = null;
    };
  }

  attach(api: NotificationApi | null): void {
    this.api = api;
    if (api) {
      const pending = this.queue;
      this.queue = [];
      pending.forEach((t) => this.show(t));
    }
  }

  show(options: ToastOptions): void {
    if (!this.api) {
      this.queue.push(options);
      this.wanted?.();
      return;
    }
    const key = `toast-${++this.seq}`;
    const duration = options.durationSec ?? (options.type === 'error' ? TOAST_DURATION_SEC.error : TOAST_DURATION_SEC.default);
    const link = options.buttonLink;
    this.api.open({
      key,
      type: options.type,
      title: options.title ?? options.body,
      description: options.title ? options.body : undefined,
      duration,
      placement: 'topRight',
      actions:
        options.buttonText && link ? (
          <Button type="primary" size="small" onClick={() => window.open(link, '_blank', 'noopener,noreferrer')}>
            {options.buttonText}
          </Button>
        ) : undefined,
    });
  }
}
