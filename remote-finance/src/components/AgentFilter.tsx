import * as React from 'react';
import { DEBOUNCE_MS } from '@oyster/shared-kit/domain';
import { SuggestionInput, type SuggestFetcher } from '@oyster/shared-kit/ui/form';
import { searchAgents, type AgentChoice } from '../api/agents';

/** The agents search as the kit's suggestion input reads an answer: `{ suggestions: [{ value, data }] }`. */
export const agentFetcher: SuggestFetcher = async (_kind, body, signal) => {
  const found = await searchAgents({ search: String(body.query ?? '') }, signal);
  return { suggestions: found.map((a) => ({ value: a.fio, data: a })) };
};

/** An agent in the suggestion list: the name, and the e-mail that tells namesakes apart. */
export const agentItem = (s: { value: string; data: AgentChoice }) => (
  <span className="oy-suggest-item">
    <span>{s.value}</span>
    <span className="oy-suggest-item__hint">{s.data.email}</span>
  </span>
);

/**
 * «Агент» of a list's filters, for users who may list agents (access canListAgents): typing searches the
 * agents of the user's scope (§9: 300 ms after the last key), choosing one filters by them, emptying the
 * field shows everyone again. The value is the URL's agent id; an id read from the URL gets its name back.
 */
export function AgentFilter({ value, onChange, className }: { value: string; onChange(agentId: string): void; className?: string }) {
  const [text, setText] = React.useState('');
  /** The agent whose name the field holds. */
  const named = React.useRef('');

  React.useEffect(() => {
    if (!value) {
      named.current = '';
      setText('');
      return;
    }
    if (named.current === value) return;
    const controller = new AbortController();
    searchAgents({ agentId: value }, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        named.current = value;
        setText(found[0]?.fio ?? '');
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [value]);

  return (
    <div className={className}>
      <SuggestionInput<AgentChoice>
        kind="agents"
        aria-label="Агент"
        placeholder="Все агенты"
        debounceMs={DEBOUNCE_MS.agentSearch}
        fetcher={agentFetcher}
        value={text}
        onChange={setText}
        renderItem={agentItem}
        onSelect={(s) => {
          const id = s?.data._id ?? '';
          named.current = id;
          if (id !== value) onChange(id);
        }}
      />
    </div>
  );
}
