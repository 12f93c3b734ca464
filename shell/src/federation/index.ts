/**
 * The shell's Module Federation glue.
 *
 *   initFederation()             — call once at start (bootstrap); reads the remotes manifest, registers remotes.
 *   <RemoteSection remote section />  — a remote's Routes under a section (route `/<section>/*`).
 *   <RemoteWidget remote module props /> — a named widget a remote exposes.
 *   retryRemote(name)            — forget a failed remote so the next load fetches it again.
 */
export { initFederation, remoteEntries, resetRemote, loadRemoteModule, MANIFEST_PATH } from './registry';
export type { RemoteEntries } from './registry';
export { RemoteSection, RemoteWidget, loadRemoteComponent, retryRemote } from './RemoteSection';
export type { RemoteSectionProps, RemoteWidgetProps } from './RemoteSection';
export { isRemoteLoadFailure } from './runtime-plugin';
