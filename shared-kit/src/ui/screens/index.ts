/**
 * `@oyster/shared-kit/ui/screens`: the parts every domain's pages need — session and access hooks,
 * the access gate, loading a screen's data, the page frame, loading / empty / error states, the pager,
 * an item page's preamble, uploads, confirm-delete and form dialogs, the home list widget. Its own
 * entry, never imported by the shell's login or home code: only a remote's pages load it; home widgets
 * take the light part from `@oyster/shared-kit/ui/screens/widgets`. Its classes start with `oy-screen-`
 * (screens.css, loaded with the light part, which every page loads too).
 * Tests: `@oyster/shared-kit/testing` (fakeHttp, renderSection, …).
 */
export { RequireAccess, NO_ACCESS_TITLE } from './RequireAccess';
export { SectionRoutes, routedSections } from './SectionRoutes';
export type { PageRoute, SectionPages } from './SectionRoutes';
// The light part (session hooks, load state, states, the home list widget) is its own shared entry: re-exported, not bundled again.
export * from '@oyster/shared-kit/ui/screens/widgets';
export { PageFrame } from './PageFrame';
export type { BackLink } from './PageFrame';
export { Pager, PagedList, pageItems } from './Pager';
export { useDebouncedFilter, useKeysetList } from './keysetList';
export type { KeysetListState, KeysetPage } from './keysetList';
export { ShowMore, SHOW_MORE_TEXT } from './ShowMore';
export { ItemUnavailable, useItemPage, NOT_FOUND_HINT } from './ItemPage';
export type { ItemPage, ItemPageFrame } from './ItemPage';
export { UploadButton, ImageField, IMAGE_TYPES, DOCUMENT_TYPES } from './uploads';
export type { Upload } from './uploads';
export { ConfirmDelete, FormButtons, FormDialog, notifySaved } from './editing';
export { plural, countText, pageFromQuery } from './format';
export { WidgetSlot } from './WidgetSlot';
