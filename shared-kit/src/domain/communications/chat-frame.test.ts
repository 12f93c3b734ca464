import { DEMO_USERS } from '../testing';
import { chatButtonVisible, chatFrameIdOf, chatFramePath, isChatFrameMessage, type ChatButtonState } from './chat-frame';

const state = (over: Partial<ChatButtonState> = {}): ChatButtonState => ({ chatId: 'c1', type: 'support', isOpen: false, isChatsButton: false, ...over });

describe('the chat button (§4)', () => {
  it('is hidden without a chatId, while the chat is open, and for a personal user in chats-button mode', () => {
    expect(chatButtonVisible(state(), DEMO_USERS.agent)).toBe(true);
    expect(chatButtonVisible(state({ chatId: null }), DEMO_USERS.agent)).toBe(false);
    expect(chatButtonVisible(state({ isOpen: true }), DEMO_USERS.agent)).toBe(false);
    expect(chatButtonVisible(state({ isChatsButton: true }), DEMO_USERS.manager)).toBe(false);
    expect(chatButtonVisible(state({ isChatsButton: true }), DEMO_USERS.agent)).toBe(true);
    expect(chatButtonVisible(state(), DEMO_USERS.manager)).toBe(true);
    expect(chatButtonVisible(state(), null)).toBe(false);
  });

  it('frames /chat/null for support and /chat/{chatId} for an object’s chat; the page reads the id back', () => {
    expect(chatFramePath('c1')).toBe('/chat/null');
    expect(chatFramePath('c1', 'contract')).toBe('/chat/c1');
    expect(chatFramePath(null, 'brokerRequest')).toBe('/chat/null');
    expect(chatFrameIdOf('/chat/null')).toBe('null');
    expect(chatFrameIdOf('/chat/abc/')).toBe('abc');
    expect(chatFrameIdOf('/app/chat/abc')).toBeUndefined();
    expect(chatFrameIdOf('/chat/abc/more')).toBeUndefined();
  });

  it('takes only its own messages', () => {
    expect(isChatFrameMessage({ source: 'oyster-chat', type: 'poll' })).toBe(true);
    expect(isChatFrameMessage({ source: 'other', type: 'poll' })).toBe(false);
    expect(isChatFrameMessage('oyster-chat')).toBe(false);
    expect(isChatFrameMessage(null)).toBe(false);
  });
});
