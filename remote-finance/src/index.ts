/**
 * What remote-finance (container `remote_finance`) exposes through Module Federation.
 * Owns: Финансы: КВ, выплаты, акты, реестры, сверки, агенты, субагенты, пользователи и партнёры, управление, аналитика.
 *
 *   remote_finance/Routes — default export: <Routes section /> (RemoteRoutesProps from
 *   @oyster/shared-kit/runtime). The shell mounts it at `/app/<section>/*` for each section the
 *   registry gives this remote (`sectionsOf('remote_finance')`, @oyster/shared-kit/domain); pages load lazily.
 *
 * Named widgets are added to `exposes` in webpack.config.js next to './Routes'.
 * Services (session, HTTP, event bus, toasts) come from getRuntime() — never from the shell's source.
 */
export { default as Routes, PLACEHOLDER_PATHS } from './routes';
