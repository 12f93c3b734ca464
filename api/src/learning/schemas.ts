import { LEARNING_MAX_PAGE_SIZE, LEARNING_PAGE_SIZE, MEDIA_TYPES, type PostKind } from '@oyster/shared-kit/domain';
import { objectIdSchema, pageSchema, pageSizeSchema, strictBool, textField, yup } from '../platform/validation.js';
import { isHttpsUrl, isSafeImageUrl, isSafeLinkUrl } from '../platform/sanitize.js';
import { STORAGE_NAME, UPLOAD_KINDS } from './media.js';

/** Request schemas of the learning api; messages name the field (spec §7). */

export const statusSchema = yup
  .string()
  .oneOf(['published', 'draft'] as const, 'Поле «status» должно быть одним из: published, draft')
  .label('status');

export const imageUrlSchema = (label: string) =>
  yup
    .string()
    .trim()
    .max(1000)
    .nullable()
    .test('image-url', `Поле «${label}»: допустим адрес файла /media/… или https://…`, (v) => v == null || v === '' || isSafeImageUrl(v))
    .transform((v) => (v === '' ? null : v))
    .label(label);

export const httpsUrlSchema = (label: string) =>
  yup
    .string()
    .trim()
    .max(1000)
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .test('https-url', `Поле «${label}»: допустим только адрес https://…`, (v) => v == null || isHttpsUrl(v))
    .label(label);

export const tagsSchema = yup
  .array(yup.string().trim().min(1).max(40).required())
  .max(10, 'Поле «tags»: не больше 10 тегов')
  .transform((v: unknown) => (Array.isArray(v) ? [...new Set(v.map((t) => (typeof t === 'string' ? t.trim() : t)))] : v))
  .label('tags');

// ───────────────────────────── news and knowledge ─────────────────────────────

const labelSchema = yup.string().trim().min(1).max(60).nullable().transform((v) => (v === '' ? null : v)).label('label');

const postFields = (kind: PostKind) => ({
  title: textField('title', 200),
  summary: yup.string().trim().max(500).meta({ multiline: true }).label('summary'),
  body: yup.string().max(200_000).meta({ multiline: true }).label('body'),
  coverImageUrl: imageUrlSchema('coverImageUrl'),
  status: statusSchema,
  ...(kind === 'news' ? { label: labelSchema } : { tags: tagsSchema }),
});

export const postCreateSchema = (kind: PostKind) => {
  const f = postFields(kind);
  return yup.object({ ...f, title: f.title.required(), status: f.status.required() });
};
export const postPatchSchema = (kind: PostKind) => yup.object(postFields(kind));

export const postListSchema = (kind: PostKind) =>
  yup.object({
    page: pageSchema,
    pageSize: pageSizeSchema(LEARNING_PAGE_SIZE, LEARNING_MAX_PAGE_SIZE),
    search: yup.string().trim().max(200).nullable().label('search'),
    includeDrafts: strictBool('includeDrafts').default(false),
    ...(kind === 'news'
      ? { label: yup.string().trim().max(60).nullable().label('label') }
      : { tag: yup.string().trim().max(40).nullable().label('tag') }),
  });

// ───────────────────────────── academy ─────────────────────────────

export const courseListSchema = yup.object({ agentId: objectIdSchema.nullable().label('agentId') });

const courseFields = {
  title: textField('title', 200),
  description: yup.string().trim().max(2000).meta({ multiline: true }).label('description'),
  coverImageUrl: imageUrlSchema('coverImageUrl'),
  status: statusSchema,
  position: yup.number().integer().min(0).max(100_000).label('position'),
};
export const courseCreateSchema = yup.object({ ...courseFields, title: courseFields.title.required() });
export const coursePatchSchema = yup.object(courseFields);

/** A lesson's attachment: a PDF uploaded to /media/courses/. */
export const ATTACHMENT_URL = /^\/media\/courses\/([a-z0-9][a-z0-9_-]{0,100}\.pdf)$/;
const attachmentsSchema = yup
  .array(
    yup.object({
      name: yup.string().trim().min(1).max(200).required(),
      url: yup
        .string()
        .trim()
        .required()
        .matches(ATTACHMENT_URL, 'Поле «${path}»: допустим PDF, загруженный в /media/courses/')

    }),
  )
  .max(10, 'Поле «attachments»: не больше 10 файлов')
  .label('attachments');

const lessonFields = {
  title: textField('title', 200),
  text: yup.string().max(200_000).meta({ multiline: true }).label('text'),
  videoUrl: httpsUrlSchema('videoUrl'),
  attachments: attachmentsSchema,
  position: yup.number().integer().min(1).max(10_000).label('position'),
};
export const lessonCreateSchema = yup.object({ ...lessonFields, title: lessonFields.title.required() });
export const lessonPatchSchema = yup.object(lessonFields);
export const progressSchema = yup.object({ completed: yup.boolean().strict().required().label('completed') });

// ───────────────────────────── banners and the media library ─────────────────────────────

const storageNameSchema = yup
  .string()
  .trim()
  .matches(STORAGE_NAME, 'Поле «storageFileName»: укажите имя файла, которое вернула загрузка')
  .label('storageFileName');

/** A banner opens an http(s) address or a page of the platform (/app/…). */
const linkSchema = yup
  .string()
  .trim()
  .max(1000)
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .test('link', 'Поле «link»: допустим адрес http(s)://… или путь платформы, начинающийся с /', (v) =>
    v == null || (/^\/(?!\/)[^\s]*$/.test(v) && !v.includes('\\')) || (isSafeLinkUrl(v) && !v.toLowerCase().startsWith('mailto:')))
  .label('link');

const bannerFields = {
  title: textField('title', 200),
  link: linkSchema,
  storageFileName: storageNameSchema,
  active: yup.boolean().strict().label('active'),
  position: yup.number().integer().min(1).max(10_000).label('position'),
};
export const bannerCreateSchema = yup.object({ ...bannerFields, title: bannerFields.title.required(), storageFileName: bannerFields.storageFileName.required() });
export const bannerPatchSchema = yup.object(bannerFields);
export const bannerListSchema = yup.object({ allBanners: yup.boolean().strict().default(false).label('allBanners') });

const mediaTypeSchema = yup.string().oneOf(MEDIA_TYPES, 'Поле «type» должно быть одним из: photo, video, document').label('type');
export const mediaListSchema = yup.object({ type: mediaTypeSchema.nullable().transform((v) => (v === '' ? null : v)) });
export const mediaCreateSchema = yup.object({
  type: mediaTypeSchema.required(),
  title: textField('title', 200).required(),
  storageFileName: storageNameSchema.nullable(),
  url: httpsUrlSchema('url'),
});

// ───────────────────────────── uploads ─────────────────────────────

export const uploadQuerySchema = yup.object({
  kind: yup.string().oneOf([...UPLOAD_KINDS], `Поле «kind» должно быть одним из: ${UPLOAD_KINDS.join(', ')}`).required().label('kind'),
});
