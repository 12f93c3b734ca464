import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  CHAT_AUDIENCE_TITLES,
  CHAT_AUDIENCES,
  CHAT_LIST_VIEW_TITLES,
  CHAT_LIST_VIEWS,
  CHAT_TEXTS as T,
  CHAT_TYPE_TITLES,
  chatCounterpartName,
  formatMoscowDateTime,
  isAnyChatStaff,
  isChatStaff,
  isClientChatStaff,
  sectionOf,
  type ChatAudience,
  type ChatListView,
  type ChatSummary,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, ShowMore, errorText, useKeysetList, useSessionUser } from '@oyster/shared-kit/ui/screens';
import { getSupportChat, listChats } from '../../api/chats';
import { ChatConversation } from '../../components/chat/ChatConversation';
import './chats.css';

const LIST_FILTERS = ['view', 'audience'] as const;
const isView = (v: string | null): v is ChatListView => !!v && (CHAT_LIST_VIEWS as readonly string[]).includes(v);
const isAudience = (v: string | null): v is ChatAudience => !!v && (CHAT_AUDIENCES as readonly string[]).includes(v);
/** How often a burst of live events reads the list again (one read per burst). */
const LIST_REFRESH_MS = 300;

/**
 * «Чаты» (`/app/chats`, `/app/chats/{chatId}`; issue 13, §6): on the left the chats — an agent's own
 * (support, contracts, broker requests), or for staff the agents' chats of their scope (and those
 * agents' Oyster.app clients' chats with canChatWithClients; «Агенты» / «Клиенты» for who has both) in
 * three views, «Ожидают ответа» (open and nobody's or mine, the default), «Мои» and «Все»; on the right the chosen
 * conversation. Rows follow every message and move live. Below 1000px one pane at a time.
 */
export default function ChatsPage() {
  const { chatId } = useParams();
  const navigate = useNavigate();
  const me = useSessionUser();
  const staff = !!me && isAnyChatStaff(me);
  // Staff who answer both agents and clients may look at one of the two.
  const bothAudiences = !!me && isChatStaff(me) && isClientChatStaff(me);
  // One page of the list as the address's filters ask: the list's pages and the live refresh both.
  const pageOf = (q: URLSearchParams, after: string | null) => {
    const v = q.get('view');
    const a = q.get('audience');
    return listChats(staff ? (isView(v) ? v : 'waiting') : null, after, bothAudiences && isAudience(a) ? a : null);
  };
  const list = useKeysetList(LIST_FILTERS, pageOf);
  const view: ChatListView = isView(list.params.get('view')) ? (list.params.get('view') as ChatListView) : 'waiting';
  const audienceParam = list.params.get('audience');
  const audience: ChatAudience | null = bothAudiences && isAudience(audienceParam) ? audienceParam : null;
  const [supportBusy, setSupportBusy] = React.useState(false);
  const [supportError, setSupportError] = React.useState<string | null>(null);

  // Live: any message or state change in my chats reads the first page again (once per burst).
  const setState = list.setState;
  const firstPageRef = React.useRef(() => pageOf(list.params, null));
  firstPageRef.current = () => pageOf(list.params, null);
  React.useEffect(() => {
    const bus = getRuntime().bus;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        firstPageRef.current().then(
          (page) => setState((s) => (s.status === 'ready' ? { ...s, items: page.items, next: page.next } : s)),
          () => undefined,
        );
      }, LIST_REFRESH_MS);
    };
    // Back after the socket was away: what was written meanwhile sent no event here.
    const subs = [bus.on('chat_message').subscribe(refresh), bus.on('chat_state').subscribe(refresh), bus.back$.subscribe(refresh)];
    return () => {
      subs.forEach((s) => s.unsubscribe());
      if (timer) clearTimeout(timer);
    };
  }, [setState]);

  async function openSupport() {
    setSupportBusy(true);
    setSupportError(null);
    try {
      const support = await getSupportChat();
      navigate(`/chats/${support._id}`);
    } catch (e) {
      setSupportError(errorText(e));
    } finally {
      setSupportBusy(false);
    }
  }

  const canWriteSupport = !!me && !me.isPersonal && !!me.chatId;
  const heading = sectionOf('/chats')?.heading ?? 'Чаты';
  return (
    <PageFrame
      title={heading}
      section="chats"
      extra={
        canWriteSupport ? (
          <Button type="primary" onClick={() => void openSupport()} loading={supportBusy}>
            {T.writeSupport}
          </Button>
        ) : undefined
      }
    >
      {supportError ? (
        <p className="oy-chats__error" role="alert">
          {supportError}
        </p>
      ) : null}
      <div className={`oy-chats${chatId ? ' oy-chats--chosen' : ''}`}>
        <div className="oy-chats__list-pane">
          {staff ? (
            <div className="oy-chats__views" role="tablist" aria-label="Какие чаты показать">
              {CHAT_LIST_VIEWS.map((v) => (
                <button key={v} type="button" role="tab" aria-selected={view === v} className={`oy-chats__view${view === v ? ' oy-chats__view--active' : ''}`} onClick={() => list.setFilter('view', v === 'waiting' ? '' : v)}>
                  {CHAT_LIST_VIEW_TITLES[v]}
                </button>
              ))}
            </div>
          ) : null}
          {bothAudiences ? (
            <div className="oy-chats__views oy-chats__views--audience" role="tablist" aria-label={T.audiencesLabel}>
              {[null, ...CHAT_AUDIENCES].map((a) => (
                <button key={a ?? 'all'} type="button" role="tab" aria-selected={audience === a} className={`oy-chats__view${audience === a ? ' oy-chats__view--active' : ''}`} onClick={() => list.setFilter('audience', a ?? '')}>
                  {a ? CHAT_AUDIENCE_TITLES[a] : T.allAudiences}
                </button>
              ))}
            </div>
          ) : null}
          {list.state.status === 'loading' ? <LoadingBlock rows={5} /> : null}
          {list.state.status === 'error' ? <ErrorState compact title="Не удалось загрузить чаты" message={list.state.message} onRetry={list.retry} /> : null}
          {list.state.status === 'ready' && !list.state.items.length ? <EmptyState compact text={T.emptyList} /> : null}
          {list.state.status === 'ready' && list.state.items.length ? (
            <>
              <ul className="oy-chats__list" aria-label="Список чатов">
                {list.state.items.map((c) => (
                  <ChatRow key={c._id} chat={c} active={c._id === chatId} staff={staff} search={list.params.toString()} />
                ))}
              </ul>
              <ShowMore state={list.state} onMore={() => void list.more()} />
            </>
          ) : null}
        </div>
        <div className="oy-chats__conversation">
          {chatId ? (
            <>
              <Link to={`/chats${list.params.toString() ? `?${list.params}` : ''}`} className="oy-chats__back">
                ← {heading}
              </Link>
              <ChatConversation key={chatId} chatId={chatId} />
            </>
          ) : (
            <p className="oy-chats__pick">{T.pickChat}</p>
          )}
        </div>
      </div>
    </PageFrame>
  );
}

function ChatRow({ chat, active, staff, search }: { chat: ChatSummary; active: boolean; staff: boolean; search: string }) {
  const last = chat.lastMessage;
  const preview = last ? `${last.side === chat.viewerSide ? `${T.you}: ` : ''}${last.text || last.fileName || ''}` : '';
  return (
    <li>
      <Link to={`/chats/${chat._id}${search ? `?${search}` : ''}`} className={`oy-chats__row${active ? ' oy-chats__row--active' : ''}`} aria-current={active ? 'page' : undefined}>
        <span className="oy-chats__row-top">
          <strong className="oy-chats__row-title">{staff ? chatCounterpartName(chat) : chat.title}</strong>
          {last ? <span className="oy-chats__row-time">{formatMoscowDateTime(last.createdAt)}</span> : null}
        </span>
        <span className="oy-chats__row-meta">
          {staff && chat.entityPath ? `${chat.title} · ` : ''}
          {CHAT_TYPE_TITLES[chat.type]}
          {chat.client ? ` · ${T.clientsAgent(chat.agent.fio)}` : ''} · {chat.isOpen ? (chat.manager ? chat.manager.fio : T.noManager) : 'закрыт'}
        </span>
        <span className="oy-chats__row-bottom">
          <span className="oy-chats__row-preview">{preview}</span>
          {chat.unread ? (
            <span className="oy-chats__unread" aria-label={`Непрочитанных: ${chat.unread}`}>
              {chat.unread > 99 ? '99+' : chat.unread}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
