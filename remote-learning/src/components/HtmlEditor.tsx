import * as React from 'react';
import { Button, Input } from '@oyster/shared-kit/ui/base';
import { IMAGE_TYPES, UploadButton } from '@oyster/shared-kit/ui/screens';
import { uploader } from '../api/uploads';
import { RichText } from './RichText';

/**
 * What the editor's preview shows: the typed HTML without scripts, frames, event handlers and
 * javascript: links (the server sanitizes for real on save; this only keeps the preview harmless).
 */
export function previewHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.querySelectorAll('script, style, iframe, object, embed, link, meta, form').forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || ((name === 'href' || name === 'src') && /^\s*javascript:/i.test(attr.value))) el.removeAttribute(attr.name);
    }
  });
  return doc.body.innerHTML;
}

interface Snippet {
  label: string;
  style?: React.CSSProperties;
  title: string;
  before: string;
  after: string;
  sample: string;
}

const SNIPPETS: Snippet[] = [
  { label: 'Ж', style: { fontWeight: 700 }, title: 'Жирный', before: '<strong>', after: '</strong>', sample: 'жирный текст' },
  { label: 'К', style: { fontStyle: 'italic' }, title: 'Курсив', before: '<em>', after: '</em>', sample: 'курсив' },
  { label: 'Заголовок', title: 'Подзаголовок', before: '<h2>', after: '</h2>', sample: 'Подзаголовок' },
  { label: 'Абзац', title: 'Абзац', before: '<p>', after: '</p>', sample: 'Текст абзаца' },
  { label: 'Список', title: 'Маркированный список', before: '<ul>\n  <li>', after: '</li>\n</ul>', sample: 'пункт списка' },
  { label: 'Ссылка', title: 'Ссылка', before: '<a href="https://">', after: '</a>', sample: 'текст ссылки' },
];

/**
 * The body of a news item, an article or a lesson: HTML in a text area with a small toolbar (wraps the
 * selection in a tag, uploads and inserts a picture) and a preview. Form-compatible (value / onChange).
 */
export function HtmlEditor({
  value = '',
  onChange,
  id,
  rows = 12,
  uploadKind = 'news',
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  rows?: number;
  uploadKind?: 'news' | 'courses';
}) {
  const wrapRef = React.useRef<HTMLDivElement>(null);
  const [preview, setPreview] = React.useState(false);

  const insert = (before: string, after: string, sample: string) => {
    const ta = wrapRef.current?.querySelector('textarea');
    const start = ta ? ta.selectionStart : value.length;
    const end = ta ? ta.selectionEnd : value.length;
    const selected = value.slice(start, end) || sample;
    onChange?.(value.slice(0, start) + before + selected + after + value.slice(end));
    if (ta) {
      const from = start + before.length;
      requestAnimationFrame(() => {
        ta.focus();
        ta.setSelectionRange(from, from + selected.length);
      });
    }
  };

  /** Puts text after the selection (an uploaded picture), keeping what was selected. */
  const insertAfterSelection = (text: string) => {
    const ta = wrapRef.current?.querySelector('textarea');
    const at = ta ? ta.selectionEnd : value.length;
    onChange?.(value.slice(0, at) + text + value.slice(at));
  };

  return (
    <div className="oy-learn-editor" ref={wrapRef}>
      <div className="oy-learn-editor__toolbar" role="toolbar" aria-label="Оформление текста">
        {SNIPPETS.map((s) => (
          <Button key={s.label} size="small" title={s.title} aria-label={s.title} style={s.style} disabled={preview} onClick={() => insert(s.before, s.after, s.sample)}>
            {s.label}
          </Button>
        ))}
        {!preview ? (
          <UploadButton
            upload={uploader(uploadKind)}
            accept={IMAGE_TYPES}
            size="small"
            label="Картинка"
            onUploaded={(file, original) => {
              const alt = original.name.replace(/\.[^.]+$/, '').replace(/["<>&]/g, '');
              insertAfterSelection(`\n<img src="${file.url}" alt="${alt}">\n`);
            }}
          />
        ) : null}
        <span className="oy-learn-editor__spacer" />
        <Button size="small" type={preview ? 'primary' : 'default'} aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? 'Вернуться к тексту' : 'Предпросмотр'}
        </Button>
      </div>
      {preview ? (
        <div className="oy-learn-editor__preview" aria-label="Предпросмотр">
          {value.trim() ? <RichText html={previewHtml(value)} /> : <span className="oy-learn-hint">Текста пока нет</span>}
        </div>
      ) : (
        <Input.TextArea id={id} value={value} rows={rows} onChange={(e) => onChange?.(e.target.value)} className="oy-learn-editor__text" />
      )}
      <div className="oy-learn-hint">
        HTML: &lt;p&gt;, &lt;h2&gt;, &lt;strong&gt;, &lt;em&gt;, &lt;ul&gt;/&lt;li&gt;, &lt;a&gt;, &lt;img&gt;. Лишнее сервер уберёт при сохранении.
      </div>
    </div>
  );
}
