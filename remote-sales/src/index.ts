/**
 * What remote-sales (container `remote_sales`) exposes through Module Federation.
 * Owns: Продажи: витрина продуктов, калькуляторы, полисы, шаблоны, SOAP-логи, Oyster.app.
 *
 *   remote_sales/Routes — default export: <Routes section /> (RemoteRoutesProps from
 *   @oyster/shared-kit/runtime). The shell mounts it at `/app/<section>/*` for each section the
 *   registry gives this remote (`sectionsOf('remote_sales')`, @oyster/shared-kit/domain); pages load lazily.
 *
 * Widgets, exposed in webpack.config.js next to './Routes':
 *   remote_sales/Showcase — «Новый полис», mounted by the sidebar's button (props: onClose);
 *   remote_sales/ProductCatalogue — home's «Продукты» (light kit entries only: it is on home's first paint).
 * Services (session, HTTP, event bus, toasts) come from getRuntime() — never from the shell's source.
 */
export { default as Routes, PLACEHOLDER_PATHS } from './routes';
