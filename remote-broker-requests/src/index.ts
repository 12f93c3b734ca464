/**
 * What remote-broker-requests (container `remote_broker_requests`) exposes through Module Federation.
 * Owns: Брокерские запросы: список, формы новых запросов по видам продуктов, страницы запросов по шагам, файлы.
 *
 *   remote_broker_requests/Routes — default export: <Routes section /> (RemoteRoutesProps from
 *   @oyster/shared-kit/runtime). The shell mounts it at `/app/<section>/*` for each section the
 *   registry gives this remote (`sectionsOf('remote_broker_requests')`, @oyster/shared-kit/domain); pages load lazily.
 *
 * Widgets, exposed in webpack.config.js next to './Routes':
 *   remote_broker_requests/StatisticsWidget — home's «Статистика запросов» for managers.
 * Services (session, HTTP, event bus, toasts) come from getRuntime() — never from the shell's source.
 */
export { default as Routes, PLACEHOLDER_PATHS } from './routes';
