import * as React from 'react';
import { DEBOUNCE_MS } from '@oyster/shared-kit/domain';
import { SuggestionInput } from '@oyster/shared-kit/ui/form';
import type { AgentChoice } from '../api/agents';
import { agentFetcher, agentItem } from './AgentFilter';

/**
 * Choosing one agent to act on (a new template for them, a member of a segment): typing searches the
 * agents of the user's scope (§9: 300 ms after the last key), choosing one hands them over and empties
 * the field for the next.
 */
export function AgentPicker({ onPick, label, placeholder = 'Фамилия, имя или e-mail агента', disabled }: { onPick(agent: AgentChoice): void; label: string; placeholder?: string; disabled?: boolean }) {
  const [text, setText] = React.useState('');
  return (
    <SuggestionInput<AgentChoice>
      kind="agents"
      aria-label={label}
      placeholder={placeholder}
      disabled={disabled}
      debounceMs={DEBOUNCE_MS.agentSearch}
      fetcher={agentFetcher}
      value={text}
      onChange={setText}
      renderItem={agentItem}
      onSelect={(s) => {
        if (!s) return;
        setText('');
        onPick(s.data);
      }}
    />
  );
}
