import type { FastifyInstance } from 'fastify';
import { objectChatFor } from '../../communications/chats/store.js';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { idParams } from '../../platform/validation.js';
import { scopedContract, type ContractRow } from '../contracts/store.js';

/** How a contract's chat is called: by its policy number once issued, else by its client or car. */
export function contractChatTitle(c: Pick<ContractRow, 'policy_number' | 'client_name' | 'plate'>): string {
  if (c.policy_number) return `Е-ОСАГО ${c.policy_number}`;
  const who = c.client_name || c.plate;
  return who ? `Е-ОСАГО · ${who}` : 'Е-ОСАГО';
}

/**
 * The chat of a contract (issue 13): whoever sees the contract (platform/scope.ts) and is a side of
 * its chat — its agent, or staff who chat with agents. Made on first use (communications/chats).
 */
export function contractChatRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/contracts/:contractId/chat', summary: 'Договор: чат по договору (агент и сотрудники брокера)', access: 'canSeeChats', params: idParams('contractId') }, async (req) => {
    const c = await scopedContract(ctx.db, req.me, req.params.contractId);
    return { data: await objectChatFor(ctx.db, req.me, { type: 'contract', entityId: c.id, agentId: c.agent_id, title: contractChatTitle(c), path: `/contracts/${c.id}` }) };
  });
}
