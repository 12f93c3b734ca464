/**
 * What remote-learning (container `remote_learning`) exposes through Module Federation.
 * Owns: news, the knowledge base, academy courses, media, banners, and the home widgets.
 *
 *   remote_learning/Routes — default export: <Routes section /> (RemoteRoutesProps from
 *     @oyster/shared-kit/runtime). The shell mounts it at `/app/<section>/*` for news, knowledge,
 *     academy and media (the registry's `sectionsOf('remote_learning')` in @oyster/shared-kit/domain,
 *     where their titles and access flags live too); every page loads lazily.
 *   remote_learning/NewsWidget — the 3 latest news (home).
 *   remote_learning/KnowledgeWidget — 3 knowledge articles (home).
 *   remote_learning/BannersWidget — the active banners, one at a time (home).
 *
 * The exposes map is in webpack.config.js. The shell mounts a widget with
 * <RemoteWidget remote="remote_learning" module="NewsWidget" />; widgets take no props.
 * Services (session, HTTP, event bus, toasts) come from getRuntime() — never from the shell's source;
 * the calls are in ./api/<area>.ts (posts, academy, library, uploads), the links in ./paths.ts.
 */
export { default as Routes } from './routes';
export { default as NewsWidget } from './widgets/NewsWidget';
export { default as KnowledgeWidget } from './widgets/KnowledgeWidget';
export { default as BannersWidget } from './widgets/BannersWidget';
