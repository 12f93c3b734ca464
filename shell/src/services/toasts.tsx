import * as React from 'react';
import { Button } from '@oyster/shared-kit/ui/base';
import type { NotificationArgsProps } from '@oyster/shared-kit/ui/frame';
import { TOAST_DURATION_SEC } from '@oyster/shared-kit/domain/platform';
import type { ServerEvents } from '@oyster/shared-kit/domain/platform';
import type { EventBus, ToastOptions, Toasts } from '@oyster/shared-kit/runtime';
import { APP_BASENAME } from './storage';

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

/**
 * A notification from the server (socket `notification`, spec §3/§9) as a toast: its title and text,
 * lasting its closeDelay seconds (60 when not given), with its action as the button — a route of the
 * app, opened in a new tab like every toast button.
 */
export function notificationToast(n: ServerEvents['notification']): ToastOptions {
  const delay = Number(n.closeDelay);
  return {
    type: 'info',
    title: n.title || 'Уведомление',
    body: n.body ?? '',
    durationSec: delay > 0 ? delay : TOAST_DURATION_SEC.notificationFallback,
    ...(n.action ? { buttonText: n.actionText || 'Открыть', buttonLink: `${APP_BASENAME}${n.action}` } : {}),
  };
}

export function wireNotificationToasts(bus: EventBus, toasts: Toasts) {
  return bus.on('notification').subscribe((n) => n && toasts.show(notificationToast(n)));
}
