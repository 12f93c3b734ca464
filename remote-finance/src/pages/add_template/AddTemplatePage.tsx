import * as React from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isObjectId, sectionOf } from '@oyster/shared-kit/domain';
import { HttpError } from '@oyster/shared-kit/runtime';
import { EmptyState, notifySaved, PageFrame, useItemPage } from '@oyster/shared-kit/ui/screens';
import { sectionHeading } from '@oyster/shared-kit/ui/sections';
import { searchAgents } from '../../api/agents';
import { createTemplate, listTemplates } from '../../api/rates';
import { moscowToday } from '../../components/rates';
import { TemplateForm } from '../../components/TemplateForm';
import { TemplateList } from '../../components/TemplateList';
import { paths, TEMPLATES_BACK } from '../../paths';
import '../finance/finance.css';

export const AGENT_NOT_FOUND = 'Агент не найден';

/** The agent (by the agents search, as the КВ page's filter names an agent) and their templates. */
async function loadAgent(agentId: string, signal: AbortSignal) {
  const gone = new HttpError(404, AGENT_NOT_FOUND, { message: AGENT_NOT_FOUND, errorMessage: AGENT_NOT_FOUND });
  if (!isObjectId(agentId)) throw gone;
  const [found, templates] = await Promise.all([searchAgents({ agentId }, signal), listTemplates({ agent: agentId }, signal)]);
  const agent = found.find((a) => a._id === agentId);
  if (!agent) throw gone;
  return { agent, templates };
}

/**
 * A new personal template (`/app/add_template/{agentId}`; finance staff): the agent's name, the form
 * (insurer, product, rate %, from, to), the agent's templates below. Saved → the template's page with a toast.
 */
export default function AddTemplatePage() {
  const { agentId = '' } = useParams();
  const navigate = useNavigate();
  const title = sectionHeading(sectionOf('add_template')!);
  const page = useItemPage((signal) => loadAgent(agentId, signal), [agentId], { title, back: TEMPLATES_BACK, notFoundHint: 'Проверьте ссылку или найдите агента в списке шаблонов.' });
  if (!page.ready) return page.placeholder;
  const { agent, templates } = page.data;

  return (
    <PageFrame title={title} back={TEMPLATES_BACK}>
      <p className="oy-fin-lead">
        Агент: <strong>{agent.fio}</strong> <span className="oy-fin-muted">{agent.email}</span>
      </p>
      <section className="oy-fin-panel" aria-label="Новый шаблон">
        <TemplateForm
          initial={{ validFrom: moscowToday() }}
          submitText="Сохранить шаблон"
          onCancel={() => navigate(TEMPLATES_BACK.to)}
          onSave={async (v) => {
            const saved = await createTemplate({ agentId: agent._id, ...v });
            notifySaved('Шаблон сохранён');
            navigate(paths.template(saved.id));
          }}
        />
      </section>
      <section className="oy-fin-panel" aria-label="Шаблоны агента">
        <h2 className="oy-fin-h2">Шаблоны агента</h2>
        {templates.length ? <TemplateList items={templates} showAgent={false} label="Шаблоны агента" /> : <EmptyState compact text="У агента пока нет персональных шаблонов" />}
      </section>
    </PageFrame>
  );
}
