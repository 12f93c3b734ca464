import type { BackLink, ItemPageFrame } from '@oyster/shared-kit/ui/screens';

/** Under «Новость не найдена», «Статья не найдена», «Курс не найден». */
export const NOT_FOUND_HINT = 'Возможно, материал удалён или снят с публикации.';

/** The frame of a learning item page (news, article, course) while it loads or when it cannot. */
export function itemFrame(back: BackLink): ItemPageFrame & { back: BackLink } {
  return { back, notFoundHint: NOT_FOUND_HINT };
}
