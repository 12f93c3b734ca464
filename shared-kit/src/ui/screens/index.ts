/**
 * `@oyster/shared-kit/ui/screens`: the parts every domain's pages need — session and access hooks,
 * the access gate, loading a screen's data, the page frame, loading / empty / error states, the pager,
 * an item page's preamble, uploads, confirm-delete and form dialogs, the home list widget. Its own
 * entry, never imported by the shell's login or home code: only a remote's pages and widgets load it
 * (one shared chunk, ~16 KB minified). Its classes start with `oy-screen-` (screens.css).
 * Tests: `@oyster/shared-kit/testing` (fakeHttp, renderSection, …).
 */
export { useSessionUser, useAccess } from './session';
export { RequireAccess, NO_ACCESS_TITLE } from './RequireAccess';
export { useLoad, useDebounced, errorText } from './load';
export type { Load, UseLoad } from './load';
export { ScreenScope, LoadingBlock, PageLoading, EmptyState, ErrorState, Loaded } from './states';
export type { LoadingBlockProps } from './states';
export { PageFrame } from './PageFrame';
export { WidgetList } from './Widget';
export type { BackLink } from './PageFrame';
export { Pager, PagedList, pageItems } from './Pager';
export { ItemUnavailable, useItemPage, NOT_FOUND_HINT } from './ItemPage';
export type { ItemPage, ItemPageFrame } from './ItemPage';
export { UploadButton, ImageField, IMAGE_TYPES, DOCUMENT_TYPES } from './uploads';
export type { Upload } from './uploads';
export { ConfirmDelete, FormButtons, FormDialog, notifySaved } from './editing';
export { plural, countText, pageFromQuery } from './format';
