/**
 * `@oyster/shared-kit/ui/screens/widgets`: the light part of the screens kit that home widgets need —
 * the session user and their flags, loading a screen's data (`useLoad`), the loading / empty / error states and the home list widget.
 * Its own shared entry so the home page does not load the whole screens kit (pages get these through
 * `@oyster/shared-kit/ui/screens`, which re-exports this entry instead of bundling the files again:
 * one copy, one ScreenScope context).
 */
export { useSessionUser, useAccess } from './session';
export { useLoad, useDebounced, errorText } from './load';
export type { Load, UseLoad } from './load';
export { ScreenScope, LoadingBlock, PageLoading, EmptyState, ErrorState, Loaded } from './states';
export type { LoadingBlockProps } from './states';
export { WidgetList } from './Widget';
