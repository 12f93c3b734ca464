import type { FastifyInstance } from 'fastify';
import { AGENT_TEXTS, BROKERS_OWNER_ASSIGNABLE_ROLES, ROLE_TEXTS, access, type SessionUser } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { forbidden, noFields, notFound, validationError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { auditedTx } from '../../platform/audit.js';
import { definedEntries, idParams } from '../../platform/validation.js';
import { viewersOfAgent } from '../../platform/scope.js';
import { revokeUserSessions } from '../../platform/auth/sessions.js';
import { agentCard, curatorOptions, inviteSubAgent, listAgents, listSubAgents, networkOptions, patchAgent, searchAgents, setCurator } from '../agents.js';
import { agentListBodySchema, agentPatchSchema, agentSearchSchema, curatorBodySchema, invitationSchema } from '../schemas.js';

/** Who is told that an agent changed: whoever lists agents or sub-agents and sees that agent (scope), and `extra`. */
const watchesAgents = (u: SessionUser) => {
  const can = access(u);
  return can.canListAgents || can.canSeeSubAgents;
};

/**
 * The agents list and the agent pickers' search: only for users with `canListAgents` (senior staff,
 * managers, broker-network owners, network agent owners), each seeing the agents of their scope.
 * An agent's card and what may be done to them (administrators: level, network, curators, block; a
 * network owner: block their own sub-agents); a network owner's sub-agents and invitations.
 * Every change is in the audit log and tells the agent's viewers (`agent_changed`).
 */
export function agentRoutes(app: FastifyInstance, { db, rt, sessions, reference }: AppContext) {
  const tell = async (agentId: string, extra: string[] = []) => {
    const ids = new Set([...(await viewersOfAgent(db, agentId, watchesAgents)), ...extra]);
    for (const id of ids) rt.emitToUser(id, 'agent_changed', { agentId });
  };

  route(app, { method: 'GET', url: '/api/v2/agents/search', summary: 'Агенты: поиск для выбора', access: 'canListAgents', query: agentSearchSchema }, async (req) => {
    // Spec §7 sends `search=&subAgents=&agentId=`: with nothing typed the picker gets the first 20 it may see, by name.
    return searchAgents(db, req.me, req.query);
  });

  route(app, { method: 'POST', url: '/api/v2/agents/', summary: 'Агенты: список', access: 'canListAgents', body: agentListBodySchema }, async (req) => ({
    data: await listAgents(db, req.me, req.body),
  }));

  route(app, { method: 'GET', url: '/api/v2/agents/options', summary: 'Агенты: сети и кураторы для выбора', access: 'isAdmin' }, async () => ({
    networks: await networkOptions(db),
    curators: await curatorOptions(db),
  }));

  route(app, { method: 'GET', url: '/api/v2/agents/:agentId', summary: 'Агент: карточка', access: 'canListAgents', params: idParams('agentId') }, async (req) => {
    const card = await agentCard(db, req.me, req.params.agentId);
    if (!card) throw notFound();
    return card;
  });

  route(app, { method: 'PATCH', url: '/api/v2/agents/:agentId', summary: 'Агент: уровень, сеть, блокировка', access: 'canListAgents', params: idParams('agentId'), body: agentPatchSchema }, async (req) => {
    const { me } = req;
    const { agentId } = req.params;
    const patch = definedEntries(req.body);
    if (Object.keys(patch).length === 0) throw noFields();
    if (agentId === me.user._id && patch.isBlocked) throw validationError(AGENT_TEXTS.selfBlock, 'isBlocked');
    const result = await auditedTx(db, rt, (q) => patchAgent(q, me, agentId, patch));
    if (result === 'not_found') throw notFound();
    if (result === 'forbidden') throw forbidden();
    if (result === 'no_network') throw validationError(AGENT_TEXTS.noSuchNetwork, 'networkId');
    if (patch.isBlocked !== undefined) {
      // Blocking ends every session now: the next request is 401 and the agent's open pages get `logout`.
      if (result.blocked) await revokeUserSessions(db, agentId);
      await Promise.all([sessions.forgetUser(agentId), reference.forget()]);
      if (result.blocked) rt.endUserSessions(agentId);
    } else if (patch.networkId !== undefined) {
      await sessions.forgetUser(agentId);
    }
    await tell(agentId, [me.user._id]);
    return agentCard(db, me, agentId);
  });

  route(app, { method: 'POST', url: '/api/v2/agents/:agentId/curators', summary: 'Агент: назначить куратора', access: 'isAdmin', params: idParams('agentId'), body: curatorBodySchema }, async (req) => {
    const { agentId } = req.params;
    const { curatorId } = req.body;
    const result = await auditedTx(db, rt, (q) => setCurator(q, req.me, agentId, curatorId, true));
    if (result === 'not_found') throw notFound();
    if (result === 'not_curator') throw validationError(AGENT_TEXTS.noSuchCurator, 'curatorId');
    await tell(agentId, [req.me.user._id, curatorId]);
    return agentCard(db, req.me, agentId);
  });

  route(app, { method: 'DELETE', url: '/api/v2/agents/:agentId/curators/:curatorId', summary: 'Агент: снять куратора', access: 'isAdmin', params: idParams('agentId', 'curatorId') }, async (req) => {
    const { agentId, curatorId } = req.params;
    const result = await auditedTx(db, rt, (q) => setCurator(q, req.me, agentId, curatorId, false));
    if (result !== 'ok') throw notFound();
    // The curator too: an appointed-only supervisor loses the agent from their lists at once.
    await tell(agentId, [req.me.user._id, curatorId]);
    return agentCard(db, req.me, agentId);
  });

  route(app, { method: 'GET', url: '/api/v2/sub-agents/', summary: 'Субагенты: мои субагенты, их продажи и мой оверрайд', access: 'canSeeSubAgents' }, async (req) => ({
    data: await listSubAgents(db, req.me),
  }));

  route(app, { method: 'POST', url: '/api/v2/sub-agents/invite', summary: 'Субагенты: пригласить (ссылка для пароля)', access: 'canSeeSubAgents', body: invitationSchema }, async (req) => {
    const { me } = req;
    const body = req.body;
    // §6: an owner assigns only agent, network owner, sub-agent; the invited one is a sub-agent (an agent).
    const beyond = body.roles.find((r) => !(BROKERS_OWNER_ASSIGNABLE_ROLES as readonly string[]).includes(r));
    if (beyond) throw validationError(ROLE_TEXTS.brokersOwnerOnly, 'roles');
    if (!body.roles.includes('sub_agent')) throw validationError(AGENT_TEXTS.inviteNeedsSubAgent, 'roles');
    const roles = [...new Set(['agent', ...body.roles])];
    const result = await auditedTx(db, rt, (q) => inviteSubAgent(q, me, { ...body, phone: body.phone ?? null, roles, opf: (body.opf || null) as never }));
    if (result === 'taken') throw validationError(AGENT_TEXTS.emailTaken, 'email');
    await reference.forget();
    await tell(result._id, [me.user._id]);
    return result;
  });
}
