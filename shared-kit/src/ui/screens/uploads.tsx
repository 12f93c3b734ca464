import * as React from 'react';
import { Button } from '@oyster/shared-kit/ui/base';
import { errorText } from '@oyster/shared-kit/ui/screens/widgets';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';
export const DOCUMENT_TYPES = 'application/pdf';

/** Sends one picked file (the remote's upload call, e.g. `POST /api/v2/uploads?kind=…`). */
export type Upload<F> = (file: File) => Promise<F>;

/**
 * Picks one file and uploads it with `upload`. The server checks the size and the type; when it
 * refuses, its Russian message is shown right under the button.
 */
export function UploadButton<F>({
  upload,
  accept,
  label,
  onUploaded,
  disabled,
  size,
}: {
  upload: Upload<F>;
  accept?: string;
  label: string;
  onUploaded: (file: F, original: File) => void;
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
      onUploaded(await upload(file), file);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="oy-screen-upload">
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
        <div role="alert" className="oy-screen-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * An image field for forms (value: the image URL). Shows the picture, uploads a new one, removes it.
 * `onUploaded` also hands over the stored file (e.g. its storageFileName).
 */
export function ImageField<F extends { url: string }>({
  value,
  onChange,
  upload,
  onUploaded,
  alt = 'Выбранное изображение',
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  upload: Upload<F>;
  onUploaded?: (file: F) => void;
  alt?: string;
}) {
  return (
    <div className="oy-screen-imagefield">
      {value ? <img src={value} alt={alt} className="oy-screen-imagefield__preview" /> : null}
      <div className="oy-screen-imagefield__actions">
        <UploadButton
          upload={upload}
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
      <div className="oy-screen-hint">PNG, JPEG или WebP; размер и формат проверит сервер.</div>
    </div>
  );
}
