import * as React from 'react';
import { Button } from '@oyster/shared-kit/ui/base';
import type { NotificationArgsProps } from '@oyster/shared-kit/ui/frame';
import { TOAST_DURATION_SEC } from '@oyster/shared-kit/domain/platform';
import type { ServerEvents } from '@oyster/shared-kit/domain/platform';
import type { EventBus, ToastOptions, Toasts } from '@oyster/shared-kit/runtime';
import { APP_BASENAME } from './storage';

type NotificationApi = { open(args: NotificationArgsProps): void; destroy?(key?: React.Key): void };

/** Where a campaign's toast logs what the user did: closed (4) or its button (1). */
export type ToastCommunicationLog = (ids: { communicationId: string; guid: string }, reaction: 1 | 4) => void;

/**
 * Toasts (spec §2, §9): top-right, at most 3 kept (the App provider's maxCount), default 3 s,
 * errors 5 s, and a button can open a link in a new tab (and closes its toast). Calls made before
 * the React tree is up, or before the frame chunk with antd's notification has arrived, are queued
 * until `ToastOutlet` (mounted by ToastHost on the first toast) attaches.
 */
export class ToastService implements Toasts {
  private api: NotificationApi | null = null;
  private queue: ToastOptions[] = [];
  private seq = 0;
  private wanted: (() => void) | null = null;
  private communicationLog: ToastCommunicationLog | null = null;

  /** createServices hands the communication logger (a toast with communicationId and guid uses it). */
  setCommunicationLog(log: ToastCommunicationLog | null): void {
    this.communicationLog = log;
  }

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
    // §4 Toast: a campaign's toast logs one code — its button 1 (the button also closes it, and that
    // close is not a second line), or 4 when it is closed otherwise (the cross, or its time is up).
    const { communicationId, guid } = options;
    // Without both it is no campaign's: nothing to log.
    let logged = !(communicationId && guid);
    const log = (reaction: 1 | 4) => {
      if (logged) return;
      logged = true;
      this.communicationLog?.({ communicationId: communicationId!, guid: guid! }, reaction);
    };
    this.api.open({
      key,
      type: options.type,
      title: options.title ?? options.body,
      description: options.title ? options.body : undefined,
      duration,
      placement: 'topRight',
      onClose: () => log(4),
      actions:
        options.buttonText && link ? (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              log(1);
              window.open(link, '_blank', 'noopener,noreferrer');
              // Its link is open in a new tab: the toast has done its job.
              this.api?.destroy?.(key);
            }}
          >
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
