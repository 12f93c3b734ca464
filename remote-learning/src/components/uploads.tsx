import * as React from 'react';
import type { UploadKind } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/base';
import { errorText, uploadFile, type UploadedFile } from '../api';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';
export const DOCUMENT_TYPES = 'application/pdf';

/**
 * Picks one file and uploads it (editors). The server checks the size and the type; when it refuses,
 * its Russian message is shown right under the button.
 */
export function UploadButton({
  kind,
  accept,
  label,
  onUploaded,
  disabled,
  size,
}: {
  kind: UploadKind;
  accept?: string;
  label: string;
  onUploaded: (file: UploadedFile, original: File) => void;
  disabled?: boolean;
  size?: 'small' | 'middle';
}) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const start = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      onUploaded(await uploadFile(kind, file, file.name), file);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="oy-learn-upload">
      <input
        ref={input}
        type="file"
        accept={accept}
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file can be chosen again
          if (file) void start(file);
        }}
      />
      <Button loading={busy} disabled={disabled || busy} size={size} onClick={() => input.current?.click()}>
        {busy ? 'Загрузка…' : label}
      </Button>
      {error ? (
        <div role="alert" className="oy-learn-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * An image field for forms (value: the image URL). Shows the picture, uploads a new one, removes it.
 * `onUploaded` also hands over the stored file (banners keep its storageFileName).
 */
export function ImageField({
  value,
  onChange,
  kind,
  onUploaded,
  alt = 'Выбранное изображение',
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  kind: UploadKind;
  onUploaded?: (file: UploadedFile) => void;
  alt?: string;
}) {
  return (
    <div className="oy-learn-imagefield">
      {value ? <img src={value} alt={alt} className="oy-learn-imagefield__preview" /> : null}
      <div className="oy-learn-imagefield__actions">
        <UploadButton
          kind={kind}
          accept={IMAGE_TYPES}
          label={value ? 'Заменить изображение' : 'Загрузить изображение'}
          onUploaded={(file) => {
            onChange?.(file.url);
            onUploaded?.(file);
          }}
        />
        {value ? (
          <Button type="link" onClick={() => onChange?.(null)}>
            Убрать
          </Button>
        ) : null}
      </div>
      <div className="oy-learn-hint">PNG, JPEG или WebP; размер и формат проверит сервер.</div>
    </div>
  );
}
