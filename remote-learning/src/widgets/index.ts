// The home page's three widgets in one module: the shell asks for three exposes that all resolve
// here, so home costs this remote two files (remoteEntry.js and this chunk), not one per widget.
export { default as NewsWidget } from './NewsWidget';
export { default as KnowledgeWidget } from './KnowledgeWidget';
export { default as BannersWidget } from './BannersWidget';
