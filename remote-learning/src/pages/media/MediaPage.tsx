import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatFileSize, MEDIA_TYPE_TITLES, MEDIA_TYPES, type MediaItem, type MediaType, type UploadedFile } from '@oyster/shared-kit/domain';
import { Button, Input } from '@oyster/shared-kit/ui/base';
import { AppDate, Form, Select, Tabs } from '@oyster/shared-kit/ui';
import {
  ConfirmDelete,
  DOCUMENT_TYPES,
  EmptyState,
  FormDialog,
  IMAGE_TYPES,
  Loaded,
  notifySaved,
  PageFrame,
  UploadButton,
  useAccess,
  useLoad,
} from '@oyster/shared-kit/ui/screens';
import { createMedia, deleteMedia, listMedia } from '../../api/library';
import { uploader } from '../../api/uploads';
import { PhotoGallery } from '../../components/PhotoGallery';
import { paths } from '../../paths';

const EMPTY_TEXT: Record<MediaType, string> = {
  photo: 'Фотографий пока нет',
  video: 'Видео пока нет',
  document: 'Документов пока нет',
};

/** What the server stores (it checks by the file's first bytes): pictures for photos, PDF for documents; videos are links. */
const ACCEPT: Record<'photo' | 'document', string> = {
  photo: IMAGE_TYPES,
  document: DOCUMENT_TYPES,
};

function isMediaType(v: string | null): v is MediaType {
  return !!v && (MEDIA_TYPES as readonly string[]).includes(v);
}

function fileKind(item: MediaItem): string {
  const ext = item.url.split('?')[0].split('.').pop() ?? '';
  return ext && ext.length <= 5 ? ext.toUpperCase() : item.mime.split('/').pop()?.toUpperCase() ?? '';
}

function DeleteItem({ item, onDeleted }: { item: MediaItem; onDeleted: (id: string) => void }) {
  return (
    <ConfirmDelete
      title="Удалить из медиатеки?"
      description={item.title}
      doneText="Файл удалён"
      onConfirm={async () => {
        await deleteMedia(item._id);
        onDeleted(item._id);
      }}
    >
      <Button size="small" danger type="text" aria-label={`Удалить «${item.title}»`}>
        Удалить
      </Button>
    </ConfirmDelete>
  );
}

function Files({ items, type, canEdit, onDeleted }: { items: MediaItem[]; type: 'video' | 'document'; canEdit: boolean; onDeleted: (id: string) => void }) {
  return (
    <ul className="oy-learn-files oy-learn-files--library" aria-label={MEDIA_TYPE_TITLES[type]}>
      {items.map((f) => (
        <li key={f._id} className="oy-learn-file oy-learn-file--row">
          <span className={`oy-learn-file__icon${type === 'video' ? ' oy-learn-file__icon--video' : ''}`} aria-hidden="true">
            {type === 'video' ? '▶' : fileKind(f)}
          </span>
          <span className="oy-learn-file__main">
            <a
              href={f.url}
              target="_blank"
              rel="noopener noreferrer"
              {...(type === 'document' ? { download: '' } : {})}
              className="oy-learn-file__name"
            >
              {f.title}
            </a>
            <span className="oy-learn-file__meta">
              {type === 'video' ? 'Откроется в новой вкладке' : [fileKind(f), formatFileSize(f.size)].filter(Boolean).join(' · ')}
              {' · '}
              <AppDate value={f.createdAt} />
            </span>
          </span>
          {canEdit ? <DeleteItem item={f} onDeleted={onDeleted} /> : null}
        </li>
      ))}
    </ul>
  );
}

interface AddValues {
  type: MediaType;
  title: string;
  url?: string;
}

/** Adding a photo, a video link or a PDF document to the library (editors). */
function AddMediaDialog({ initialType, onClose, onSaved }: { initialType: MediaType; onClose: () => void; onSaved: (type: MediaType) => void }) {
  const [form] = Form.useForm<AddValues>();
  const type: MediaType = Form.useWatch('type', form) ?? initialType;
  const [file, setFile] = React.useState<(UploadedFile & { name: string }) | null>(null);
  const [fileError, setFileError] = React.useState<string | null>(null);

  const save = async (v: AddValues) => {
    if (v.type !== 'video' && !file) {
      setFileError('Загрузите файл');
      return false;
    }
    await createMedia(
      v.type === 'video'
        ? { type: 'video', title: v.title.trim(), url: (v.url ?? '').trim() }
        : { type: v.type, title: v.title.trim(), storageFileName: file!.storageFileName },
    );
    notifySaved('Добавлено в медиатеку');
  };

  return (
    <FormDialog<AddValues>
      title="Добавить в медиатеку"
      name="media"
      form={form}
      okText="Добавить"
      onClose={onClose}
      onSubmit={save}
      onSaved={(v) => onSaved(v.type)}
      initialValues={{ type: initialType, title: '', url: '' }}
    >
      <Form.Item name="type" label="Что добавить">
        <Select
          options={MEDIA_TYPES.map((t) => ({ value: t, label: MEDIA_TYPE_TITLES[t] }))}
          onChange={() => {
            setFile(null);
            setFileError(null);
          }}
        />
      </Form.Item>
      <Form.Item name="title" label="Название" rules={[{ required: true, whitespace: true, message: 'Введите название' }]}>
        <Input maxLength={200} />
      </Form.Item>
      {type === 'video' ? (
        <Form.Item
          name="url"
          label="Ссылка на видео"
          extra="Видео открывается по ссылке в новой вкладке"
          rules={[
            { required: true, message: 'Введите ссылку' },
            { pattern: /^https:\/\/\S+$/, message: 'Введите ссылку https://…' },
          ]}
        >
          <Input placeholder="https://" />
        </Form.Item>
      ) : (
        <Form.Item
          label={type === 'photo' ? 'Изображение' : 'Документ (PDF)'}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          {file ? (
            <div className="oy-learn-file oy-learn-file--row">
              <span className="oy-learn-file__name">{file.name}</span>
              <span className="oy-learn-file__meta">{formatFileSize(file.size)}</span>
              <Button type="link" size="small" onClick={() => setFile(null)}>
                Убрать
              </Button>
            </div>
          ) : (
            <UploadButton
              upload={uploader('media')}
              accept={ACCEPT[type]}
              label="Выбрать файл"
              onUploaded={(uploaded, original) => {
                setFile({ ...uploaded, name: original.name });
                setFileError(null);
                if (!form.getFieldValue('title')) form.setFieldValue('title', original.name.replace(/\.[^.]+$/, ''));
              }}
            />
          )}
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** media: the photo gallery, videos and documents of the library (?type=photo|video|document). */
export default function MediaPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { canEditLearning } = useAccess();
  const raw = query.get('type');
  const type: MediaType = isMediaType(raw) ? raw : 'photo';
  const load = useLoad((signal) => listMedia(type, { signal }), [type]);
  const { reload, update } = load;
  const [adding, setAdding] = React.useState(false);
  const removeItem = (id: string) => update((items) => items.filter((i) => i._id !== id));

  return (
    <PageFrame
      title="Медиа"
      section="media"
      extra={
        canEditLearning ? (
          <div className="oy-learn-actions">
            <Link to={paths.banners()} className="oy-learn-link">
              Управление баннерами
            </Link>
            <Button type="primary" onClick={() => setAdding(true)}>
              Добавить
            </Button>
          </div>
        ) : null
      }
    >
      <div className="oy-learn-panel">
        <Tabs
          activeKey={type}
          onChange={(k) => navigate(paths.media(k as MediaType))}
          items={MEDIA_TYPES.map((t) => ({ key: t, label: MEDIA_TYPE_TITLES[t] }))}
        />
        <Loaded
          load={load}
          loading={type === 'photo' ? { rows: 6, variant: 'grid' } : { rows: 4 }}
          errorTitle="Не удалось загрузить медиатеку"
          isEmpty={(items) => items.length === 0}
          empty={<EmptyState text={EMPTY_TEXT[type]} />}
        >
          {(items) =>
            type === 'photo' ? (
              <PhotoGallery items={items} actions={canEditLearning ? (p) => <DeleteItem item={p} onDeleted={removeItem} /> : undefined} />
            ) : (
              <Files items={items} type={type} canEdit={canEditLearning} onDeleted={removeItem} />
            )
          }
        </Loaded>
      </div>
      {adding ? (
        <AddMediaDialog
          initialType={type}
          onClose={() => setAdding(false)}
          onSaved={(t) => {
            setAdding(false);
            if (t === type) reload();
            else navigate(paths.media(t));
          }}
        />
      ) : null}
    </PageFrame>
  );
}

