import { act, fireEvent, render, screen } from '@testing-library/react';
import { metrikaGoalHook, setGoalHook } from '../services/analytics';
import ChatFrameHost from './ChatFrameHost';

describe('web analytics (§4 Go_chat)', () => {
  afterEach(() => {
    delete (window as unknown as { ym?: unknown }).ym;
  });

  it('reaches a Metrika goal when a counter is configured and Metrika is on the page; nothing otherwise', () => {
    const ym = jest.fn();
    (window as unknown as { ym: unknown }).ym = ym;
    metrikaGoalHook('98765')('Go_chat');
    expect(ym).toHaveBeenCalledWith(98765, 'reachGoal', 'Go_chat');
    ym.mockClear();
    metrikaGoalHook('')('Go_chat');
    metrikaGoalHook(undefined)('Go_chat');
    expect(ym).not.toHaveBeenCalled();
    delete (window as unknown as { ym?: unknown }).ym;
    expect(() => metrikaGoalHook('98765')('Go_chat')).not.toThrow();
  });
});

describe('the chat frame’s host', () => {
  const goals: string[] = [];
  beforeAll(() => setGoalHook((g) => goals.push(g)));
  beforeEach(() => {
    goals.length = 0;
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  function setup(open: boolean) {
    const props = { chatId: 'c'.repeat(24), type: 'contract' as const, open, onClose: jest.fn(), onUnread: jest.fn(), onNavigate: jest.fn() };
    const view = render(<ChatFrameHost {...props} />);
    const iframe = screen.getByTitle('Чат') as HTMLIFrameElement;
    const posted = jest.spyOn(iframe.contentWindow!, 'postMessage');
    const fromFrame = (data: unknown, origin = window.location.origin) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data, origin, source: iframe.contentWindow }));
      });
    return { props, view, iframe, posted, fromFrame };
  }

  it('frames the object’s chat page; closed, it asks the frame for the unread count every second and passes it on', () => {
    const { props, iframe, posted, fromFrame } = setup(false);
    expect(iframe.getAttribute('src')).toBe(`/chat/${'c'.repeat(24)}`);
    act(() => jest.advanceTimersByTime(3000));
    expect(posted.mock.calls.filter(([m]) => (m as { type: string }).type === 'poll')).toHaveLength(3);
    fromFrame({ source: 'oyster-chat', type: 'unread', count: 2 });
    expect(props.onUnread).toHaveBeenCalledWith(2);
    // Another origin, or not our protocol: ignored.
    fromFrame({ source: 'oyster-chat', type: 'unread', count: 9 }, 'https://evil.example');
    fromFrame({ type: 'unread', count: 9 });
    expect(props.onUnread).not.toHaveBeenCalledWith(9);
    expect(goals).toEqual([]);
  });

  it('open: the Go_chat goal, no polling; a click outside folds it — not while a file uploads («Загрузка файлов»)', () => {
    const { props, posted, fromFrame } = setup(true);
    expect(goals).toEqual(['Go_chat']);
    act(() => jest.advanceTimersByTime(3000));
    expect(posted.mock.calls.filter(([m]) => (m as { type: string }).type === 'poll')).toHaveLength(0);
    fromFrame({ source: 'oyster-chat', type: 'uploading', value: true });
    fireEvent.click(screen.getByTestId('chat-frame-outside'));
    expect(props.onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Загрузка файлов' })).toHaveTextContent('Вы не можете закрыть чат пока идет загрузка файлов');
    fromFrame({ source: 'oyster-chat', type: 'uploading', value: false });
    fireEvent.click(screen.getByTestId('chat-frame-outside'));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    fromFrame({ source: 'oyster-chat', type: 'navigate', path: '/contracts/1' });
    expect(props.onNavigate).toHaveBeenCalledWith('/contracts/1');
    fromFrame({ source: 'oyster-chat', type: 'navigate', path: 'https://evil.example/' });
    expect(props.onNavigate).toHaveBeenCalledTimes(1);
  });
});
