import * as React from 'react';
import { ATTACH_LIMITS, CHAT_LIMITS, CHAT_TEXTS, otherChatSide, type ChatMessage, type ChatSummary } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { errorText } from '@oyster/shared-kit/ui/screens';
import { chatMessages, getChat, markChatRead, moveChat, newClientKey, sendFile, sendMessage } from '../../api/chats';

/** A message of mine not yet confirmed by the server: sending, or failed (kept, with «Повторить»). */
export interface PendingMessage {
  clientKey: string;
  text: string;
  file: File | null;
  status: 'sending' | 'failed';
  error: string | null;
}

export type ChatLoad = { status: 'loading' } | { status: 'error'; message: string; httpStatus: number } | { status: 'ready' };

/** Messages by seq, each once (a live event and the POST's answer may bring the same one). */
export function mergeMessages(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  if (!more.length) return list;
  const byId = new Map(list.map((m) => [m._id, m]));
  for (const m of more) byId.set(m._id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** A refused catch-up is asked again after 1 s, then twice as long each time, at most 30 s apart. */
export const CATCH_UP_RETRY_FIRST_MS = 1_000;
const CATCH_UP_RETRY_MAX_MS = 30_000;

const httpStatusOf = (e: unknown) => (typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : 0);

/**
 * One conversation as a screen keeps it: the header (who, open or closed, read receipts), the history
 * (older pages on demand), my unconfirmed messages, live events of this chat, and a catch-up after the
 * socket reconnects (whatever came after the last seq I have) — nothing lost, nothing doubled, in order.
 * What the other side wrote is marked read while the tab is visible.
 */
export function useChat(chatId: string, { active = true }: { active?: boolean } = {}) {
  const [load, setLoad] = React.useState<ChatLoad>({ status: 'loading' });
  const [summary, setSummary] = React.useState<ChatSummary | null>(null);
  const [messages, setMessages] = React.useState<ChatMessage[]>([]);
  const [hasOlder, setHasOlder] = React.useState(false);
  const [olderLoading, setOlderLoading] = React.useState(false);
  const [pending, setPending] = React.useState<PendingMessage[]>([]);
  const [actionError, setActionError] = React.useState<string | null>(null);
  const [moving, setMoving] = React.useState<string | null>(null);
  const [attempt, setAttempt] = React.useState(0);
  const lastSeq = React.useRef(0);
  const readMarked = React.useRef(0);

  // `fresh`: just written (live, sent, caught up) — not history read from the server with its header.
  const take = React.useCallback((more: ChatMessage[], fresh = true) => {
    if (!more.length) return;
    setMessages((list) => {
      const merged = mergeMessages(list, more);
      lastSeq.current = Math.max(lastSeq.current, merged[merged.length - 1]?.seq ?? 0);
      return merged;
    });
    // The agent's (or client's) message opens the chat (as the server does when it writes it).
    if (fresh && more.some((m) => m.side !== 'staff')) setSummary((s) => (s && !s.isOpen ? { ...s, isOpen: true } : s));
    // A confirmed message of mine replaces its pending bubble (by the key I made for it).
    const keys = new Set(more.map((m) => m.clientKey).filter(Boolean));
    if (keys.size) setPending((p) => p.filter((x) => !keys.has(x.clientKey)));
  }, []);

  // The conversation: its header and the last page of history.
  React.useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    setMessages([]);
    setPending([]);
    setSummary(null);
    lastSeq.current = 0;
    readMarked.current = 0;
    setReadUpTo(0);
    Promise.all([getChat(chatId), chatMessages(chatId)]).then(
      ([s, page]) => {
        if (!live) return;
        setSummary(s);
        setHasOlder(page.hasOlder);
        take(page.items, false);
        setLoad({ status: 'ready' });
      },
      (e) => live && setLoad({ status: 'error', message: errorText(e), httpStatus: httpStatusOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [chatId, attempt, take]);

  // What came after the last seq I have (the socket was away): page by page until the end.
  const catchUp = React.useCallback(async () => {
    for (;;) {
      const page = await chatMessages(chatId, { after: lastSeq.current });
      take(page.items);
      if (page.items.length < CHAT_LIMITS.pageSize) break;
      lastSeq.current = page.items[page.items.length - 1].seq;
    }
    setSummary(await getChat(chatId));
  }, [chatId, take]);

  // Live: this chat's messages and state; after a reconnect, the catch-up.
  React.useEffect(() => {
    if (load.status !== 'ready') return;
    const bus = getRuntime().bus;
    // A catch-up refused (the node it reached was stopping, the network blinked) is asked again while the
    // socket stays connected — 1 s, 2 s, 4 s… up to 30 s apart: otherwise what came meanwhile would be
    // missing from the conversation until a reload. Lost again, the next return starts its own.
    let retry: ReturnType<typeof setTimeout> | undefined;
    /** Bumped when the socket goes or the screen leaves: an attempt of an older round schedules nothing. */
    let round = 0;
    const stopRetry = () => {
      round++;
      clearTimeout(retry);
    };
    const catchUpUntilDone = (delayMs: number, mine = round): Promise<void> =>
      catchUp().catch(() => {
        if (mine === round) retry = setTimeout(() => void catchUpUntilDone(Math.min(delayMs * 2, CATCH_UP_RETRY_MAX_MS), mine), delayMs);
      });
    const subs = [
      bus.on('chat_message').subscribe((e) => e.chatId === chatId && take([e.message])),
      bus.on('chat_state').subscribe((e) => {
        if (e.chatId !== chatId) return;
        setSummary((s) => (s ? { ...s, isOpen: e.isOpen, manager: e.manager, readByOtherSeq: e.readSeq[otherChatSide(s, s.viewerSide)] } : s));
      }),
      bus.connection$.subscribe((state) => state !== 'connected' && stopRetry()),
      bus.back$.subscribe(() => void catchUpUntilDone(CATCH_UP_RETRY_FIRST_MS)),
    ];
    return () => {
      stopRetry();
      subs.forEach((s) => s.unsubscribe());
    };
  }, [chatId, load.status, take, catchUp]);

  // Read receipts: the other side's last message, while this tab is in front and the chat is shown.
  const viewerSide = summary?.viewerSide;
  const [readUpTo, setReadUpTo] = React.useState(0);
  React.useEffect(() => {
    if (!viewerSide) return;
    const mark = () => {
      if (!active || document.visibilityState !== 'visible') return;
      let seq = 0;
      for (const m of messages) if (m.side !== viewerSide) seq = m.seq;
      if (seq <= readMarked.current) return;
      readMarked.current = seq;
      setReadUpTo(seq);
      markChatRead(chatId, seq).catch(() => {
        readMarked.current = 0;
        setReadUpTo(0);
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [chatId, messages, viewerSide, active]);
  // What the other side wrote that I have not read here (the chat button's count, asked of the frame).
  const unread = viewerSide ? messages.filter((m) => m.side !== viewerSide && m.seq > readUpTo).length : 0;

  const deliver = React.useCallback(
    async (p: PendingMessage) => {
      setPending((list) => [...list.filter((x) => x.clientKey !== p.clientKey), { ...p, status: 'sending', error: null }]);
      try {
        const message = p.file ? await sendFile(chatId, p.file, p.clientKey) : await sendMessage(chatId, p.text, p.clientKey);
        take([message]);
      } catch (e) {
        setPending((list) => list.map((x) => (x.clientKey === p.clientKey ? { ...x, status: 'failed', error: errorText(e) } : x)));
      }
    },
    [chatId, take],
  );

  /** Sends a text; false (and a reason) when there is nothing to send. */
  const send = React.useCallback(
    (text: string): boolean => {
      const trimmed = text.trim();
      if (!trimmed) return false;
      void deliver({ clientKey: newClientKey(), text: trimmed, file: null, status: 'sending', error: null });
      return true;
    },
    [deliver],
  );

  /** Sends files, one message each; a file over the limit is refused here, as the server would. */
  const sendFiles = React.useCallback(
    (files: File[]): string | null => {
      const large = files.find((f) => f.size > ATTACH_LIMITS.maxFileBytes);
      if (large) return CHAT_TEXTS.tooLarge(large.name, ATTACH_LIMITS.maxFileBytes / 1024 / 1024);
      for (const file of files) void deliver({ clientKey: newClientKey(), text: '', file, status: 'sending', error: null });
      return null;
    },
    [deliver],
  );

  const retry = React.useCallback((p: PendingMessage) => void deliver(p), [deliver]);
  const discard = React.useCallback((p: PendingMessage) => setPending((list) => list.filter((x) => x.clientKey !== p.clientKey)), []);

  const loadOlder = React.useCallback(async () => {
    const first = messages[0];
    if (!first) return;
    setOlderLoading(true);
    try {
      const page = await chatMessages(chatId, { before: first.seq });
      setHasOlder(page.hasOlder);
      take(page.items, false);
    } catch (e) {
      setActionError(errorText(e));
    } finally {
      setOlderLoading(false);
    }
  }, [chatId, messages, take]);

  const move = React.useCallback(
    async (to: 'take' | 'close' | 'reopen') => {
      setMoving(to);
      setActionError(null);
      try {
        setSummary(await moveChat(chatId, to));
      } catch (e) {
        setActionError(errorText(e));
      } finally {
        setMoving(null);
      }
    },
    [chatId],
  );

  const uploading = pending.some((p) => p.file && p.status === 'sending');

  return {
    load,
    summary,
    messages,
    hasOlder,
    olderLoading,
    pending,
    uploading,
    unread,
    actionError,
    moving,
    send,
    sendFiles,
    retry,
    discard,
    loadOlder,
    move,
    reload: () => setAttempt((n) => n + 1),
  };
}

export type ChatState = ReturnType<typeof useChat>;
