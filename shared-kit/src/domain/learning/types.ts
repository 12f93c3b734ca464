/**
 * What the learning api sends and takes (`/api/v2/posts`, `/academy`, `/banners`, `/media`, `/uploads`).
 * The api maps its rows to these; remote-learning reads them. One definition for both sides.
 */
import type { MediaType, PublicationStatus } from './rules';

export type PostKind = 'news' | 'knowledge';

export interface PostItemBase {
  _id: string;
  title: string;
  summary: string;
  coverImageUrl: string | null;
  status: PublicationStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewsItem extends PostItemBase {
  label: string | null;
}
/** A news item with its body: HTML already sanitized by the server. */
export interface NewsDetails extends NewsItem {
  body: string;
}

export interface KnowledgeItem extends PostItemBase {
  tags: string[];
}
export interface KnowledgeDetails extends KnowledgeItem {
  body: string;
}

export interface Progress {
  completed: number;
  total: number;
}

export interface CourseSummary {
  _id: string;
  title: string;
  description: string;
  coverImageUrl: string | null;
  status: PublicationStatus;
  position: number;
  lessonsCount: number;
  progress: Progress;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Attachment {
  name: string;
  url: string;
  size: number;
}

export interface Lesson {
  _id: string;
  courseId: string;
  title: string;
  /** Sanitized HTML. */
  text: string;
  videoUrl: string | null;
  attachments: Attachment[];
  position: number;
  completed: boolean;
}

export interface CourseDetails extends CourseSummary {
  lessons: Lesson[];
}

export interface Banner {
  _id: string;
  title: string;
  link: string | null;
  storageFileName: string;
  /** `/media/banners/<storageFileName>` */
  imageUrl: string;
  active: boolean;
  position: number;
}

export interface MediaItem {
  _id: string;
  type: MediaType;
  title: string;
  url: string;
  thumbnailUrl: string | null;
  size: number;
  mime: string;
  createdAt: string;
}

export interface UploadedFile {
  storageFileName: string;
  url: string;
  size: number;
  mime: string;
}

// ───────────────────────────── inputs ─────────────────────────────

export interface PostInput {
  title: string;
  summary: string;
  /** HTML; the server sanitizes it. */
  body: string;
  coverImageUrl?: string | null;
  status: PublicationStatus;
}
export interface NewsInput extends PostInput {
  label?: string | null;
}
export interface KnowledgeInput extends PostInput {
  tags: string[];
}

export interface CourseInput {
  title: string;
  description: string;
  coverImageUrl?: string | null;
  status?: PublicationStatus;
  /** Place in the course list (lower first); left out, a new course goes last. */
  position?: number;
}

export interface LessonInput {
  title: string;
  text: string;
  videoUrl?: string | null;
  attachments: Attachment[];
  position?: number;
}

export interface BannerInput {
  title: string;
  link?: string | null;
  storageFileName: string;
  active?: boolean;
  position?: number;
}

export type MediaInput = { type: MediaType; title: string } & ({ storageFileName: string } | { url: string });
