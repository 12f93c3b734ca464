import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import type { KnowledgeDetails, NewsDetails, PostKind } from '@oyster/shared-kit/domain';
import { Checkbox, Input } from '@oyster/shared-kit/ui/base';
import { Form, Select } from '@oyster/shared-kit/ui';
import { FormButtons, ImageField, notifySaved, PageFrame, useItemPage } from '@oyster/shared-kit/ui/screens';
import { createKnowledge, createNews, getKnowledge, getNews, listKnowledge, listNews, updateKnowledge, updateNews } from '../api/posts';
import { uploader } from '../api/uploads';
import { paths } from '../paths';
import { PUBLISH_LABEL } from './editing';
import { HtmlEditor } from './HtmlEditor';

interface FormValues {
  title: string;
  summary: string;
  body: string;
  label?: string;
  tags?: string[];
  coverImageUrl?: string | null;
  /** status: published (everyone reads) or draft (editors only) */
  published: boolean;
}

const TEXTS = {
  news: {
    section: 'Новости',
    create: 'Новая новость',
    edit: 'Редактирование новости',
    saved: 'Новость сохранена',
    loadFailed: 'Не удалось открыть новость',
  },
  knowledge: {
    section: 'База знаний',
    create: 'Новая статья',
    edit: 'Редактирование статьи',
    saved: 'Статья сохранена',
    loadFailed: 'Не удалось открыть статью',
  },
} as const;

const EMPTY: FormValues = { title: '', summary: '', body: '', label: '', tags: [], coverImageUrl: null, published: false };

interface Loaded {
  item: NewsDetails | KnowledgeDetails | null;
  /** Labels (news) or tags (knowledge) already in use, offered in the field. */
  known: string[];
}

async function loadForm(kind: PostKind, id: string | undefined, signal: AbortSignal): Promise<Loaded> {
  // One page of the list answers every label / tag in use.
  const facets =
    kind === 'news'
      ? listNews({ page: 1, pageSize: 1, includeDrafts: true }, { signal, silent: true }).then((r) => r.labels)
      : listKnowledge({ page: 1, pageSize: 1, includeDrafts: true }, { signal, silent: true }).then((r) => r.tags);
  const item = id ? (kind === 'news' ? getNews(id, signal) : getKnowledge(id, signal)) : Promise.resolve(null);
  const [known, loaded] = await Promise.all([facets.catch(() => [] as string[]), item]);
  return { item: loaded, known };
}

function toValues(kind: PostKind, item: NewsDetails | KnowledgeDetails | null): FormValues {
  if (!item) return EMPTY;
  return {
    title: item.title,
    summary: item.summary,
    body: item.body,
    coverImageUrl: item.coverImageUrl,
    published: item.status === 'published',
    label: kind === 'news' ? ((item as NewsDetails).label ?? '') : undefined,
    tags: kind === 'knowledge' ? (item as KnowledgeDetails).tags : undefined,
  };
}

/** Create or edit a news item or a knowledge article (editors; the route is wrapped in RequireAccess). */
export function PostEditor({ kind, id }: { kind: PostKind; id?: string }) {
  const t = TEXTS[kind];
  const navigate = useNavigate();
  const listPath = kind === 'news' ? paths.newsList() : paths.knowledgeList();
  const itemPath = (itemId: string) => (kind === 'news' ? paths.news(itemId) : paths.article(itemId));
  const back = id ? { to: itemPath(id), label: 'Назад' } : { to: listPath, label: t.section };
  const title = id ? t.edit : t.create;
  const page = useItemPage((signal) => loadForm(kind, id, signal), [kind, id], {
    title,
    back,
    failure: { title: t.loadFailed, back: { to: listPath, label: t.section } },
  });
  const [saving, setSaving] = React.useState(false);
  if (!page.ready) return page.placeholder;

  const save = async (v: FormValues) => {
    setSaving(true);
    const common = {
      title: v.title.trim(),
      summary: v.summary.trim(),
      body: v.body,
      coverImageUrl: v.coverImageUrl || null,
      status: v.published ? ('published' as const) : ('draft' as const),
    };
    try {
      const saved =
        kind === 'news'
          ? id
            ? await updateNews(id, { ...common, label: v.label?.trim() || null })
            : await createNews({ ...common, label: v.label?.trim() || null })
          : id
            ? await updateKnowledge(id, { ...common, tags: v.tags ?? [] })
            : await createKnowledge({ ...common, tags: v.tags ?? [] });
      notifySaved(t.saved);
      const savedId = saved?._id ?? id;
      navigate(savedId ? itemPath(savedId) : listPath);
    } catch {
      // the shell showed the server's message (400 names the field)
      setSaving(false);
    }
  };

  const { known, item } = page.data;
  return (
    <PageFrame title={title} back={back}>
      <div className="oy-learn-panel">
        <Form<FormValues>
          name={kind}
          layout="vertical"
          initialValues={toValues(kind, item)}
          onFinish={save}
          requiredMark
          className="oy-learn-form"
        >
          <Form.Item name="title" label="Заголовок" rules={[{ required: true, whitespace: true, message: 'Введите заголовок' }, { max: 200, message: 'Не длиннее 200 символов' }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="summary"
            label="Краткое описание"
            extra="Показывается в списке и на главной"
            rules={[{ required: true, whitespace: true, message: 'Введите краткое описание' }, { max: 500, message: 'Не длиннее 500 символов' }]}
          >
            <Input.TextArea rows={2} maxLength={500} showCount />
          </Form.Item>
          {kind === 'news' ? (
            <Form.Item
              name="label"
              label="Метка"
              extra="Выберите из списка или введите новую и нажмите Enter"
              // one label, typed or chosen: the field shows it as a one-item tag list
              getValueProps={(v: string | null | undefined) => ({ value: v ? [v] : [] })}
              normalize={(v: string[] | undefined) => (v && v.length ? v[v.length - 1] : '')}
            >
              <Select mode="tags" placeholder="Например: Акция" options={known.map((l) => ({ value: l, label: l }))} notFoundContent="Не найдено" />
            </Form.Item>
          ) : (
            <Form.Item name="tags" label="Теги" extra="Выберите или введите новый и нажмите Enter">
              <Select mode="tags" tokenSeparators={[',']} placeholder="Например: ОСАГО" options={known.map((l) => ({ value: l, label: l }))} notFoundContent="Не найдено" />
            </Form.Item>
          )}
          <Form.Item name="coverImageUrl" label="Обложка">
            <ImageField upload={uploader('news')} />
          </Form.Item>
          <Form.Item name="body" label="Текст" rules={[{ required: true, whitespace: true, message: 'Введите текст' }]}>
            <HtmlEditor />
          </Form.Item>
          <Form.Item name="published" valuePropName="checked">
            <Checkbox>{PUBLISH_LABEL}</Checkbox>
          </Form.Item>
          <FormButtons saving={saving} onCancel={() => navigate(back.to)} />
        </Form>
      </div>
    </PageFrame>
  );
}

