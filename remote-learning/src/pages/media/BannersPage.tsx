import * as React from 'react';
import type { Banner } from '@oyster/shared-kit/domain';
import { Button, Checkbox, Input } from '@oyster/shared-kit/ui/base';
import { Form } from '@oyster/shared-kit/ui';
import { ConfirmDelete, EmptyState, FormDialog, ImageField, Loaded, notifySaved, PageFrame, useLoad } from '@oyster/shared-kit/ui/screens';
import { createBanner, deleteBanner, listBanners, updateBanner } from '../../api/library';
import { uploader } from '../../api/uploads';
import { paths } from '../../paths';

interface BannerValues {
  title: string;
  link?: string;
  imageUrl: string | null;
  active: boolean;
}

const LINK_RULE = {
  pattern: /^(https?:\/\/\S+|\/\S*)$/,
  message: 'Ссылка на сайт (https://…) или путь в платформе (/app/…)',
};

/** Adding or changing one banner: the picture is uploaded first (size and type checked by the server). */
function BannerDialog({ banner, onClose, onSaved }: { banner: Banner | null; onClose: () => void; onSaved: () => void }) {
  const [storageFileName, setStorageFileName] = React.useState<string | null>(banner?.storageFileName ?? null);

  const save = async (v: BannerValues) => {
    if (!storageFileName) return false;
    const input = { title: v.title.trim(), link: v.link?.trim() || null, storageFileName, active: v.active };
    if (banner) await updateBanner(banner._id, input);
    else await createBanner(input);
    notifySaved(banner ? 'Баннер сохранён' : 'Баннер добавлен');
  };

  return (
    <FormDialog<BannerValues>
      title={banner ? 'Изменить баннер' : 'Новый баннер'}
      name="banner"
      width={640}
      onClose={onClose}
      onSubmit={save}
      onSaved={onSaved}
      initialValues={{ title: banner?.title ?? '', link: banner?.link ?? '', imageUrl: banner?.imageUrl ?? null, active: banner?.active ?? true }}
    >
      <Form.Item name="title" label="Название" extra="Подпись для тех, кто не видит картинку" rules={[{ required: true, whitespace: true, message: 'Введите название' }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="imageUrl" label="Изображение" extra="Широкая картинка, например 1200 × 300" rules={[{ required: true, message: 'Загрузите изображение' }]}>
        <ImageField upload={uploader('banners')} onUploaded={(file) => setStorageFileName(file.storageFileName)} />
      </Form.Item>
      <Form.Item name="link" label="Ссылка" rules={[LINK_RULE]}>
        <Input placeholder="https://… или /app/knowledge?byTag=…" />
      </Form.Item>
      <Form.Item name="active" valuePropName="checked">
        <Checkbox>Показывать на главной</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}

/** media/banners (editors): every banner, active or not; add, change, switch on and off, delete. */
export default function BannersPage() {
  const load = useLoad((signal) => listBanners(true, { signal }), []);
  const { reload, update } = load;
  const [dialog, setDialog] = React.useState<{ banner: Banner | null } | null>(null);
  const [switching, setSwitching] = React.useState<string | null>(null);

  const setActive = async (b: Banner, active: boolean) => {
    setSwitching(b._id);
    try {
      await updateBanner(b._id, { active });
      update((list) => list.map((x) => (x._id === b._id ? { ...x, active } : x)));
      notifySaved(active ? 'Баннер показывается на главной' : 'Баннер скрыт с главной');
    } catch {
      // the shell showed why
    } finally {
      setSwitching(null);
    }
  };

  return (
    <PageFrame
      title="Управление баннерами"
      back={{ to: paths.media(), label: 'Медиа' }}
      extra={
        <Button type="primary" onClick={() => setDialog({ banner: null })}>
          Добавить баннер
        </Button>
      }
    >
      <Loaded
        load={load}
        loading={{ rows: 3 }}
        errorTitle="Не удалось загрузить баннеры"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState text="Баннеров пока нет">
            <Button type="primary" onClick={() => setDialog({ banner: null })}>
              Добавить баннер
            </Button>
          </EmptyState>
        }
      >
        {(banners) => (
          <ul className="oy-learn-banners-admin" aria-label="Баннеры">
            {banners.map((b) => (
              <li key={b._id} className={`oy-learn-card oy-learn-banner-row${b.active ? '' : ' oy-learn-banner-row--off'}`}>
                <img src={b.imageUrl} alt={b.title} className="oy-learn-banner-row__img" />
                <div className="oy-learn-banner-row__main">
                  <strong>{b.title}</strong>
                  <span className="oy-learn-hint">{b.link || 'без ссылки'}</span>
                </div>
                <div className="oy-learn-banner-row__actions">
                  <Checkbox
                    checked={b.active}
                    disabled={switching === b._id}
                    onChange={(e) => setActive(b, e.target.checked)}
                    aria-label={`Показывать «${b.title}» на главной`}
                  >
                    {b.active ? 'На главной' : 'Скрыт'}
                  </Checkbox>
                  <Button size="small" onClick={() => setDialog({ banner: b })}>
                    Изменить
                  </Button>
                  <ConfirmDelete
                    title="Удалить баннер?"
                    description={b.title}
                    doneText="Баннер удалён"
                    onConfirm={async () => {
                      await deleteBanner(b._id);
                      update((list) => list.filter((x) => x._id !== b._id));
                    }}
                  >
                    <Button size="small" danger>
                      Удалить
                    </Button>
                  </ConfirmDelete>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      {dialog ? (
        <BannerDialog
          banner={dialog.banner}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            reload();
          }}
        />
      ) : null}
    </PageFrame>
  );
}
