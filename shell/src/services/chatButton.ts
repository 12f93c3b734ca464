import { BehaviorSubject } from 'rxjs';
import type { ChatButtonState, ChatType, SessionUser } from '@oyster/shared-kit/domain/platform';

export interface ChatContext {
  chatId: string;
  type: Exclude<ChatType, 'support'>;
}

/**
 * §3 chat state for the floating button: by default the user's support chat (the session's chatId); a
 * page about one object (a contract, a broker request) puts its chat there while it is shown
 * (runtime.chat.setContext), and the button takes that chat's colour and icon.
 */
export class ChatButtonService {
  readonly state$ = new BehaviorSubject<ChatButtonState>({ chatId: null, type: 'support', isOpen: false, isChatsButton: false });
  private context: ChatContext | null = null;
  private user: SessionUser | null = null;

  setUser(user: SessionUser | null) {
    this.user = user;
    this.publish();
  }

  setContext(context: ChatContext | null) {
    this.context = context;
    this.publish();
  }

  setOpen(isOpen: boolean) {
    this.state$.next({ ...this.state$.value, isOpen });
  }

  private publish() {
    const base = this.context ? { chatId: this.context.chatId, type: this.context.type } : { chatId: this.user?.chatId ?? null, type: 'support' as const };
    this.state$.next({ ...this.state$.value, ...base });
  }
}
