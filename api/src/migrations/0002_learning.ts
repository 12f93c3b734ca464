import type { Migration } from '../platform/migrations.js';

/**
 * Migration 2: the learning domain — news and knowledge posts, academy courses with lessons and
 * per-user progress, home banners and the media library. Plain SQL for PGlite and PostgreSQL.
 * Shipped: never edit; a change is a new numbered file.
 */
const LEARNING_SQL = `
-- News and knowledge articles share one table; kind tells them apart.
-- body is sanitized HTML; body_text its plain text, kept for full-text search.
CREATE TABLE posts (
  id char(24) PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('news','knowledge')),
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  body_text text NOT NULL DEFAULT '',
  label text,
  tags text[] NOT NULL DEFAULT '{}',
  cover_image_url text,
  status text NOT NULL CHECK (status IN ('published','draft')),
  published_at timestamptz,
  author_id char(24) REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Russian stems (weighted) plus the plain words, so both word forms and word beginnings are found.
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('russian', title), 'A') ||
    setweight(to_tsvector('russian', summary), 'B') ||
    to_tsvector('russian', body_text) ||
    to_tsvector('simple', title || ' ' || summary || ' ' || body_text)
  ) STORED,
  CHECK ((status = 'published') = (published_at IS NOT NULL))
);
-- Readers' lists: published, newest first (keyset-friendly order).
CREATE INDEX posts_list_idx ON posts (kind, status, published_at DESC, id DESC);
-- Editors' lists with drafts (NULL published_at first).
CREATE INDEX posts_all_idx ON posts (kind, published_at DESC, id DESC);
CREATE INDEX posts_label_idx ON posts (kind, label, published_at DESC, id DESC) WHERE status = 'published';
CREATE INDEX posts_tags_idx ON posts USING gin (tags);
CREATE INDEX posts_search_idx ON posts USING gin (search);

-- Row counts per kind, status and facet ('' = all, 'label:<label>', 'tag:<tag>'), kept by a trigger:
-- list totals, labels and tags are read from here instead of counting 100k rows on every page.
CREATE TABLE post_counts (
  kind text NOT NULL,
  status text NOT NULL,
  facet text NOT NULL,
  n int NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, status, facet)
);
CREATE FUNCTION post_counts_apply(k text, s text, lbl text, tgs text[], d int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_counts AS c (kind, status, facet, n) VALUES (k, s, '', d)
    ON CONFLICT (kind, status, facet) DO UPDATE SET n = c.n + d;
  IF lbl IS NOT NULL THEN
    INSERT INTO post_counts AS c (kind, status, facet, n) VALUES (k, s, 'label:' || lbl, d)
      ON CONFLICT (kind, status, facet) DO UPDATE SET n = c.n + d;
  END IF;
  INSERT INTO post_counts AS c (kind, status, facet, n)
    SELECT k, s, 'tag:' || t, d FROM (SELECT DISTINCT unnest(tgs) AS t) x
    ON CONFLICT (kind, status, facet) DO UPDATE SET n = c.n + d;
END
$$;
CREATE FUNCTION posts_count_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.kind = NEW.kind AND OLD.status = NEW.status
     AND OLD.label IS NOT DISTINCT FROM NEW.label AND OLD.tags = NEW.tags THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM post_counts_apply(OLD.kind, OLD.status, OLD.label, OLD.tags, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM post_counts_apply(NEW.kind, NEW.status, NEW.label, NEW.tags, 1); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER posts_count AFTER INSERT OR DELETE OR UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION posts_count_trigger();

CREATE TABLE courses (
  id char(24) PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  cover_image_url text,
  status text NOT NULL CHECK (status IN ('published','draft')),
  position int NOT NULL DEFAULT 0,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX courses_status_idx ON courses (status, position, created_at);

-- attachments: [{name, url, size}] — PDFs under /media/courses/.
CREATE TABLE lessons (
  id char(24) PRIMARY KEY,
  course_id char(24) NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  title text NOT NULL,
  text text NOT NULL DEFAULT '',
  video_url text,
  attachments jsonb NOT NULL DEFAULT '[]',
  position int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lessons_course_idx ON lessons (course_id, position);

CREATE TABLE lesson_progress (
  user_id char(24) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id char(24) NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, lesson_id)
);
CREATE INDEX lesson_progress_lesson_idx ON lesson_progress (lesson_id);

-- Images at /media/banners/<storage_file_name>.
CREATE TABLE banners (
  id char(24) PRIMARY KEY,
  title text NOT NULL,
  link text,
  storage_file_name text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  position int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE media_items (
  id char(24) PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('photo','video','document')),
  title text NOT NULL,
  url text NOT NULL,
  thumbnail_url text,
  size bigint NOT NULL DEFAULT 0,
  mime text NOT NULL DEFAULT '',
  created_by char(24) REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_items_type_idx ON media_items (type, created_at DESC);

-- Which demo content sets were seeded (so deleting all demo news does not bring them back).
CREATE TABLE demo_seeds (
  name text PRIMARY KEY,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
`;

export const migration: Migration = { version: 2, name: 'learning', sql: LEARNING_SQL };
