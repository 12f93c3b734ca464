import * as React from 'react';
import { Button } from '@oyster/shared-kit/ui/base';
import type { NotificationArgsProps } from '@oyster/shared-kit/ui/parts';
import { TOAST_DURATION_SEC } from '@oyster/shared-kit/domain';
import type { ToastOptions, Toasts } from '@oyster/shared-kit/runtime';

type NotificationApi = { open(args: NotificationArgsProps): void };

/**
 * Toasts (spec §2, §9): top-right, at most 3 kept (the App provider's maxCount), default 3 s,
 * errors 5 s, and a button can open a link in a new tab. Calls made before the React tree is
 * up are queued until `ToastHost` (ToastHost.tsx, loaded with the app) attaches.
 */
export class ToastService implements Toasts {
  private api: NotificationApi | null = null;
  private queue: ToastOptions[] = [];
  private seq = 0;

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
