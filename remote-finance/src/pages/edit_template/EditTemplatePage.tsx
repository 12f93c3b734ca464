import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { sectionOf, type CommissionTemplate } from '@oyster/shared-kit/domain';
import { Button, ConfirmDialog } from '@oyster/shared-kit/ui/form';
import { notifySaved, PageFrame, useItemPage } from '@oyster/shared-kit/ui/screens';
import { sectionHeading } from '@oyster/shared-kit/ui/sections';
import { deleteTemplate, getTemplate, saveProblem, updateTemplate, type TemplateChange } from '../../api/rates';
import { rateText, standingOf, STANDING_TITLES, validityText } from '../../components/rates';
import { TEMPLATE_FORM_TEXTS, TemplateForm, type TemplateValues } from '../../components/TemplateForm';
import { madeByText } from '../../components/TemplateList';
import { paths, TEMPLATES_BACK } from '../../paths';
import '../finance/finance.css';

/** What the form changed, and only that (a started template: only its last day). */
function changeOf(t: CommissionTemplate, v: TemplateValues, started: boolean): TemplateChange {
  const change: TemplateChange = {};
  if (!started && v.rateBp !== t.rateBp) change.rateBp = v.rateBp;
  if (!started && v.validFrom !== t.validFrom) change.validFrom = v.validFrom;
  if (v.validTo !== t.validTo) change.validTo = v.validTo;
  return change;
}

/**
 * A personal template (`/app/edit_template/{templateId}`; finance staff): its facts; its rate, first and
 * last day to change (a started one: only its last day, to end it earlier — the api decides and says so);
 * «Удалить» for one that has not started, after a confirm.
 */
export default function EditTemplatePage() {
  const { templateId = '' } = useParams();
  const navigate = useNavigate();
  const title = sectionHeading(sectionOf('edit_template')!);
  const page = useItemPage((signal) => getTemplate(templateId, signal), [templateId], { title, back: TEMPLATES_BACK });
  /** Each save gives the form the template as the api now has it. */
  const [version, setVersion] = React.useState(0);
  const [asking, setAsking] = React.useState(false);
  const [deleting, setDeleting] = React.useState(false);
  const [deleteProblem, setDeleteProblem] = React.useState<string | null>(null);
  if (!page.ready) return page.placeholder;
  const t = page.data;
  const standing = standingOf(t.validFrom, t.validTo);
  const started = standing !== 'future';
  const facts: [string, React.ReactNode][] = [
    ['Агент', <Link to={paths.templates(t.agent.id)}>{t.agent.fio}</Link>],
    ['Страховщик', t.companyName],
    ['Продукт', t.productName],
    ['Ставка', rateText(t.rateBp)],
    ['Срок действия', validityText(t.validFrom, t.validTo)],
    ['Состояние', STANDING_TITLES[standing]],
    ['Создал', madeByText(t)],
  ];

  const remove = async () => {
    setDeleting(true);
    setDeleteProblem(null);
    try {
      await deleteTemplate(t.id);
      notifySaved('Шаблон удалён');
      navigate(paths.templates(t.agent.id));
    } catch (e) {
      setDeleteProblem(saveProblem(e).message);
      setDeleting(false);
      setAsking(false);
    }
  };

  return (
    <PageFrame
      title={title}
      back={TEMPLATES_BACK}
      extra={
        started ? null : (
          <Button danger onClick={() => setAsking(true)}>
            Удалить
          </Button>
        )
      }
    >
      <section className="oy-fin-panel" aria-label="Шаблон">
        <dl className="oy-fin-facts">
          {facts.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {deleteProblem ? (
          <p className="oy-fin-error" role="alert">
            {deleteProblem}
          </p>
        ) : null}
      </section>
      <section className="oy-fin-panel" aria-label="Изменить шаблон">
        <h2 className="oy-fin-h2">Изменить</h2>
        <TemplateForm
          key={version}
          fixed
          started={started}
          initial={t}
          submitText="Сохранить"
          onCancel={() => navigate(paths.templates(t.agent.id))}
          onSave={async (v) => {
            const change = changeOf(t, v, started);
            if (!Object.keys(change).length) throw new Error(TEMPLATE_FORM_TEXTS.nothingChanged);
            const saved = await updateTemplate(t.id, change);
            page.update(() => saved);
            setVersion((n) => n + 1);
            notifySaved('Шаблон сохранён');
          }}
        />
      </section>
      <ConfirmDialog open={asking} title="Удалить шаблон?" danger loading={deleting} onOk={() => void remove()} onCancel={() => setAsking(false)}>
        {`${t.agent.fio}: ${rateText(t.rateBp)} на ${t.productName} ${t.companyName}, ${validityText(t.validFrom, t.validTo)}. Шаблон ещё не начал действовать и будет удалён совсем.`}
      </ConfirmDialog>
    </PageFrame>
  );
}
